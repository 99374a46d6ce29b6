#include "pathscope/cluster/rank_table.hpp"

#include <algorithm>
#include <climits>
#include <map>
#include <set>

#include <unistd.h>

#include "deadline_socket.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

constexpr std::size_t kMaxHostBytes = 255;

void put_int(Bytes& out, int value) {
  std::byte word[4];
  detail::put_u32(word, static_cast<std::uint32_t>(value));
  out.insert(out.end(), word, word + 4);
}

int get_int(const Bytes& in, std::size_t& at) {
  if (in.size() - at < 4) throw Error("rendezvous: a rank record cut short");
  const auto value = static_cast<std::int32_t>(detail::get_u32(in.data() + at));
  at += 4;
  return value;
}

std::string where(const RankRecord& r) { return "rank " + std::to_string(r.rank) + " on " + r.host; }

}  // namespace

RankRecord this_rank_record(const ProcessPlacement& placement, int device_count) {
  RankRecord record;
  record.rank = placement.rank;
  char name[kMaxHostBytes + 1] = {};
  record.host = ::gethostname(name, kMaxHostBytes) == 0 ? std::string(name) : std::string("(unknown host)");
  record.local_rank = placement.local_rank;
  record.local_size = placement.local_size;
  record.device_count = device_count;
  return record;
}

Bytes encode_rank_record(const RankRecord& record) {
  if (record.host.size() > kMaxHostBytes)
    throw Error("rendezvous: host name longer than " + std::to_string(kMaxHostBytes) + " bytes");
  Bytes out;
  for (int value : {record.rank, record.local_rank, record.local_size, record.device_count}) put_int(out, value);
  put_int(out, static_cast<int>(record.host.size()));
  for (char c : record.host) out.push_back(std::byte(c));
  return out;
}

RankRecord decode_rank_record(const Bytes& bytes) {
  std::size_t at = 0;
  RankRecord record;
  record.rank = get_int(bytes, at);
  record.local_rank = get_int(bytes, at);
  record.local_size = get_int(bytes, at);
  record.device_count = get_int(bytes, at);
  const int length = get_int(bytes, at);
  if (length < 0 || std::size_t(length) > kMaxHostBytes || bytes.size() - at != std::size_t(length))
    throw Error("rendezvous: a rank record with a host name of the wrong length");
  for (int i = 0; i < length; ++i) record.host += static_cast<char>(bytes[at + std::size_t(i)]);
  return record;
}

std::vector<RankRecord> gather_rank_records(Rendezvous& rendezvous, const RankRecord& mine) {
  std::vector<RankRecord> records;
  for (const Bytes& bytes : rendezvous.all_gather(encode_rank_record(mine))) records.push_back(decode_rank_record(bytes));
  return records;
}

RankTableCheck check_rank_table(const std::vector<RankRecord>& records) {
  RankTableCheck check;
  std::map<std::string, std::vector<const RankRecord*>> by_host;
  for (std::size_t i = 0; i < records.size(); ++i) {
    if (records[i].rank != int(i))
      check.problems.push_back("the record in place " + std::to_string(i) + " says it is rank " +
                               std::to_string(records[i].rank));
    by_host[records[i].host].push_back(&records[i]);
  }
  for (const auto& [host, ranks] : by_host) {
    const int count = int(ranks.size());
    std::set<int> local_ranks;
    for (const RankRecord* r : ranks) {
      if (r->local_size > 0 && r->local_size != count)
        check.problems.push_back(where(*r) + " was told " + std::to_string(r->local_size) + " ranks run on its host; " +
                                 std::to_string(count) + " do");
      if (r->local_rank < 0) continue;
      if (!local_ranks.insert(r->local_rank).second)
        check.problems.push_back(where(*r) + " has local rank " + std::to_string(r->local_rank) +
                                 ", as another rank on that host: both would take the same GPU");
      else if (r->local_rank >= count)
        check.problems.push_back(where(*r) + " has local rank " + std::to_string(r->local_rank) + " but its host runs " +
                                 std::to_string(count) + " rank" + (count == 1 ? "" : "s"));
    }
    const int devices = ranks.front()->device_count;
    const bool same_devices = std::all_of(ranks.begin(), ranks.end(),
                                          [&](const RankRecord* r) { return r->device_count == devices; });
    if (!same_devices)
      check.notes.push_back("the ranks on " + host + " see different numbers of GPUs (CUDA_VISIBLE_DEVICES set per rank?)");
    else if (devices > 0 && count > devices)
      check.notes.push_back(host + " runs " + std::to_string(count) + " ranks on " + std::to_string(devices) +
                            " GPU" + (devices == 1 ? "" : "s") + ": some GPUs hold several ranks");
  }
  const auto sees_gpu = [](const RankRecord& r) { return r.device_count > 0; };
  const auto with_gpu = std::count_if(records.begin(), records.end(), sees_gpu);
  if (with_gpu > 0 && with_gpu < std::ptrdiff_t(records.size()))
    for (const RankRecord& r : records)
      if (r.device_count == 0) check.problems.push_back(where(r) + " sees no GPU while other ranks do");
  return check;
}

}  // namespace pathscope
