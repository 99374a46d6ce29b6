// `pathscope-cli ranks` as P real processes started the way torchrun starts them (RANK,
// WORLD_SIZE, ... on 127.0.0.1 and a port the OS gave): rank 0's table against the layout the
// test handed out, its JSON, and non-zero exits for a wrong launch, a bad variable, a lost rank.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "free_port.hpp"
#include "fresh_seed.hpp"
#include "launched_ranks.hpp"
#include "scratch_folder.hpp"

namespace {

using namespace std::chrono_literals;
using test_support::Variables;

using test_support::free_port;

using test_support::describe;
using test_support::host_name;
using test_support::Process;
using test_support::torchrun_job;

// `pathscope-cli ranks` in each process of the job.
std::vector<Process> run_ranks(const std::vector<Variables>& ranks, const std::vector<std::string>& arguments,
                               std::chrono::seconds limit = 60s) {
  std::vector<std::string> all{"ranks"};
  all.insert(all.end(), arguments.begin(), arguments.end());
  return test_support::run_processes(ranks, all, limit);
}

TEST(CliRanks, OneProcessWithoutALauncher) {
  const auto run = run_ranks({{}}, {});
  ASSERT_EQ(run[0].code, 0) << describe(run);
  EXPECT_NE(run[0].out.find("rank 0 of 1 (none)"), std::string::npos) << run[0].out;
  EXPECT_NE(run[0].out.find("1 rank on 1 host (none); the id went over none (one process)"), std::string::npos)
      << run[0].out;
}

TEST(CliRanks, SeveralProcessesMeetAndRank0PrintsTheTable) {
  std::mt19937_64 random(test_support::fresh_seed());
  const int world_size = 2 + int(random() % 4);  // 2 .. 5
  const int port = free_port();
  const auto run = run_ranks(torchrun_job(world_size, port), {"--timeout", "30"});
  const std::string host = host_name();
  for (int r = 0; r < world_size; ++r) {
    ASSERT_EQ(run[std::size_t(r)].code, 0) << describe(run);
    EXPECT_NE(run[std::size_t(r)].out.find("rank " + std::to_string(r) + " of " + std::to_string(world_size) +
                                           " (torchrun) on " + host + ": local rank " + std::to_string(r) + " of " +
                                           std::to_string(world_size)),
              std::string::npos)
        << run[std::size_t(r)].out;
  }
  // Rank 0's table: one row per rank, in order, local ranks as given.
  const std::string& table = run[0].out;
  std::size_t at = 0;
  for (int r = 0; r < world_size; ++r) {
    const std::size_t row = table.find("\n" + std::string(4 - std::to_string(r).size(), ' ') + std::to_string(r) + "  " + host,
                                       at);
    ASSERT_NE(row, std::string::npos) << "row of rank " << r << " in\n" << table;
    at = row + 1;
  }
  EXPECT_NE(table.find(std::to_string(world_size) + " ranks on 1 host (torchrun); the id went over tcp 127.0.0.1:" +
                       std::to_string(port)),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("ok: every rank received rank 0's 128-byte id"), std::string::npos) << table;
  for (int r = 1; r < world_size; ++r) EXPECT_EQ(run[std::size_t(r)].out.find("ok:"), std::string::npos);
}

TEST(CliRanks, JsonTableOnRank0) {
  const int port = free_port();
  const auto run = run_ranks(torchrun_job(3, port, false), {"--json", "--timeout", "30"});
  for (const auto& p : run) ASSERT_EQ(p.code, 0) << describe(run);
  const auto doc = nlohmann::json::parse(run[0].out);
  EXPECT_EQ(doc["schema"], "pathscope/ranks/1");
  EXPECT_EQ(doc["transport"], "tcp 127.0.0.1:" + std::to_string(port));
  ASSERT_EQ(doc["ranks"].size(), 3u);
  for (int r = 0; r < 3; ++r) {
    EXPECT_EQ(doc["ranks"][std::size_t(r)]["rank"], r);
    EXPECT_EQ(doc["ranks"][std::size_t(r)]["host"], host_name());
    EXPECT_EQ(doc["ranks"][std::size_t(r)]["local_rank"], -1);  // torchrun's LOCAL_RANK was not given
  }
  EXPECT_TRUE(doc["problems"].empty());
  const auto other = nlohmann::json::parse(run[2].out);
  EXPECT_EQ(other["rank"], 2);
  EXPECT_FALSE(other.contains("ranks"));
}

TEST(CliRanks, AWrongLaunchExitsNonZeroOnEveryRank) {
  // Both processes told they are local rank 0: both would take GPU 0.
  auto ranks = torchrun_job(2, free_port());
  for (auto& v : ranks) v["LOCAL_RANK"] = "0";
  const auto run = run_ranks(ranks, {"--timeout", "30"});
  for (const auto& p : run) {
    EXPECT_EQ(p.code, 1) << describe(run);
    EXPECT_NE(p.err.find("error: the launch has 1 problem (listed by rank 0)"), std::string::npos) << p.err;
  }
  EXPECT_NE(run[0].out.find("problem: rank 1 on " + host_name() + " has local rank 0, as another rank on that host"),
            std::string::npos)
      << run[0].out;
}

TEST(CliRanks, BadVariableAndLostRank) {
  auto bad = run_ranks({{{"RANK", "1"}, {"WORLD_SIZE", "two"}}}, {});
  EXPECT_EQ(bad[0].code, 1);
  EXPECT_NE(bad[0].err.find("WORLD_SIZE=\"two\": expected a whole number"), std::string::npos) << bad[0].err;
  // Rank 1 of 2 never starts: rank 0 gives up after its timeout, with the missing rank named.
  const auto lost = run_ranks({torchrun_job(2, free_port())[0]}, {"--timeout", "1"});
  EXPECT_EQ(lost[0].code, 1);
  EXPECT_NE(lost[0].err.find("rank 0 heard from 1 of 2 ranks within 1 s"), std::string::npos) << lost[0].err;
  EXPECT_NE(lost[0].err.find("missing rank 1 "), std::string::npos) << lost[0].err;
}

// `apsp` started as a job: the processes meet, then refuse together what a job cannot do (a CPU
// engine, which runs in one process; a .npy, which no process holds whole); without a GPU,
// gpu-blocked says it is unavailable. Every process exits non-zero, none hangs.
TEST(CliRanks, ApspInAJobRefusesWhatAJobCannotDo) {
  const std::string graph = "random:n=60,deg=3,seed=" + std::to_string(test_support::fresh_seed() % 1000);
  test_support::ScratchFolder scratch;
  const std::string npy = (scratch.path() / "d.npy").string();
  struct Refusal {
    std::vector<std::string> arguments;
    std::string says;
  };
  const std::vector<Refusal> refusals{
      {{"apsp", graph, "--engine", "sparse"}, "torchrun started 2 processes, which run gpu-blocked as one rank each; "
                                              "sparse runs in one process"},
      {{"apsp", graph, "--out", npy}, "a job of processes writes a Zarr table (--out D.zarr)"},
      {{"bench", "apsp", graph, "--engines", "gpu-blocked,blocked"}, "blocked runs in one process"}};
  for (const auto& refusal : refusals) {
    const auto run = test_support::run_processes(torchrun_job(2, free_port()), refusal.arguments, 60s);
    for (const auto& p : run) {
      EXPECT_NE(p.code, 0) << describe(run);
      EXPECT_NE(p.err.find(refusal.says), std::string::npos) << p.err;
    }
  }
  EXPECT_FALSE(std::filesystem::exists(npy));
}

}  // namespace
