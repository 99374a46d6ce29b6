// Rank records through their bytes and back, bytes that are no record, and the checks of a
// gathered table against layouts built here with a known answer.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "fresh_seed.hpp"
#include "pathscope/cluster/rank_table.hpp"
#include "pathscope/runtime/error.hpp"

namespace {

using pathscope::RankRecord;

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return text;
}

TEST(RankTable, RecordsSurviveTheirBytes) {
  std::mt19937_64 random(test_support::fresh_seed());
  for (int trial = 0; trial < 200; ++trial) {
    RankRecord record{int(random() % 100000), std::string(random() % 256, 'a' + char(random() % 26)),
                      int(random() % 9) - 1, int(random() % 9), int(random() % 10) - 1};
    const auto bytes = pathscope::encode_rank_record(record);
    EXPECT_EQ(pathscope::decode_rank_record(bytes), record);
    // Every cut of it, and one byte more, is refused with an error, not read past its end.
    auto cut = bytes;
    cut.resize(random() % bytes.size());
    EXPECT_THROW(pathscope::decode_rank_record(cut), pathscope::Error);
    auto longer = bytes;
    longer.push_back(std::byte{'x'});
    EXPECT_THROW(pathscope::decode_rank_record(longer), pathscope::Error);
  }
  EXPECT_THROW(pathscope::encode_rank_record({0, std::string(256, 'h'), 0, 1, 0}), pathscope::Error);
  pathscope::Bytes huge_length(20, std::byte{0});
  huge_length[19] = std::byte{0x7f};  // a host name of about 2 GB announced
  EXPECT_THROW(pathscope::decode_rank_record(huge_length), pathscope::Error);
}

// Random hosts of random rank counts with local ranks dealt in a random order: a sane launch.
std::vector<RankRecord> random_layout(std::mt19937_64& random) {
  std::vector<RankRecord> records;
  const int hosts = 1 + int(random() % 4);
  for (int h = 0; h < hosts; ++h) {
    const int count = 1 + int(random() % 5);
    std::vector<int> local(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) local[std::size_t(i)] = i;
    std::shuffle(local.begin(), local.end(), random);
    for (int i = 0; i < count; ++i)
      records.push_back({0, "host" + std::to_string(h), local[std::size_t(i)], count, count});
  }
  std::shuffle(records.begin(), records.end(), random);
  for (std::size_t r = 0; r < records.size(); ++r) records[r].rank = int(r);
  return records;
}

TEST(RankTable, SaneLayoutsPassAndEachFaultIsNamed) {
  std::mt19937_64 random(test_support::fresh_seed());
  for (int trial = 0; trial < 200; ++trial) {
    auto records = random_layout(random);
    auto check = pathscope::check_rank_table(records);
    EXPECT_TRUE(check.problems.empty()) << joined(check.problems);
    EXPECT_TRUE(check.notes.empty()) << joined(check.notes);

    const std::size_t victim = random() % records.size();
    auto faulty = records;
    const int on_host = int(std::count_if(records.begin(), records.end(),
                                          [&](const RankRecord& r) { return r.host == records[victim].host; }));
    switch (trial % 4) {
      case 0:  // the local size the launcher gave is wrong
        faulty[victim].local_size = on_host + 1;
        EXPECT_NE(joined(pathscope::check_rank_table(faulty).problems).find("was told " + std::to_string(on_host + 1)),
                  std::string::npos);
        break;
      case 1:  // a local rank out of its host's range
        faulty[victim].local_rank = on_host;
        EXPECT_NE(joined(pathscope::check_rank_table(faulty).problems).find(
                      "rank " + std::to_string(victim) + " on " + records[victim].host + " has local rank"),
                  std::string::npos);
        break;
      case 2:  // a rank that sees no GPU among ranks that do
        if (records.size() < 2) break;
        faulty[victim].device_count = 0;
        EXPECT_NE(joined(pathscope::check_rank_table(faulty).problems)
                      .find("rank " + std::to_string(victim) + " on " + records[victim].host + " sees no GPU"),
                  std::string::npos);
        break;
      case 3:  // records out of rank order
        faulty[victim].rank = int(records.size());
        EXPECT_FALSE(pathscope::check_rank_table(faulty).problems.empty());
        break;
    }
  }
}

TEST(RankTable, TwoRanksOnOneLocalRankAndSharedGpus) {
  std::vector<RankRecord> records{{0, "a", 0, 0, 1}, {1, "a", 0, 0, 1}, {2, "b", -1, 0, 1}, {3, "b", -1, 0, 1}};
  const auto check = pathscope::check_rank_table(records);
  EXPECT_NE(joined(check.problems).find("rank 1 on a has local rank 0, as another rank on that host"), std::string::npos)
      << joined(check.problems);
  EXPECT_EQ(check.problems.size(), 1u) << joined(check.problems);
  // Several ranks on one GPU are allowed (logical ranks), and said.
  EXPECT_NE(joined(check.notes).find("b runs 2 ranks on 1 GPU"), std::string::npos) << joined(check.notes);
  // Nobody has a GPU: no problem (a CPU-side check of the launch).
  EXPECT_TRUE(pathscope::check_rank_table({{0, "a", 0, 2, 0}, {1, "a", 1, 2, 0}}).problems.empty());
}

}  // namespace
