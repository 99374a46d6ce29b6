#include "pathscope/cluster/process_job.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>

#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

std::atomic<std::uint64_t> next_serial{1};

Bytes words_bytes(const std::uint64_t* words, std::size_t count) {
  Bytes out(count * sizeof(std::uint64_t));
  if (count > 0) std::memcpy(out.data(), words, out.size());
  return out;
}

}  // namespace

ProcessJob::ProcessJob(ProcessPlacement placement, std::unique_ptr<Rendezvous> rendezvous, std::vector<RankRecord> records)
    : placement_(std::move(placement)), rendezvous_(std::move(rendezvous)), records_(std::move(records)),
      serial_(next_serial++) {}

int ProcessJob::local_index() const {
  const std::string& host = records_.at(static_cast<std::size_t>(rank())).host;
  return static_cast<int>(std::count_if(records_.begin(), records_.begin() + rank(),
                                        [&](const RankRecord& r) { return r.host == host; }));
}

int ProcessJob::local_count() const {
  const std::string& host = records_.at(static_cast<std::size_t>(rank())).host;
  return static_cast<int>(std::count_if(records_.begin(), records_.end(), [&](const RankRecord& r) { return r.host == host; }));
}

bool ProcessJob::any(bool mine) {
  const auto all = rendezvous_->all_gather(Bytes{std::byte(mine ? 1 : 0)});
  return std::any_of(all.begin(), all.end(), [](const Bytes& b) { return !b.empty() && b[0] != std::byte(0); });
}

std::int64_t ProcessJob::min(std::int64_t mine) {
  const auto all = all_gather({static_cast<std::uint64_t>(mine)});
  std::int64_t least = mine;
  for (const std::uint64_t v : all) least = std::min(least, static_cast<std::int64_t>(v));
  return least;
}

double ProcessJob::max(double mine) {
  std::uint64_t bits;
  std::memcpy(&bits, &mine, sizeof bits);
  double most = mine;
  for (const std::uint64_t v : all_gather({bits})) {
    double d;
    std::memcpy(&d, &v, sizeof d);
    most = std::max(most, d);
  }
  return most;
}

std::vector<std::uint64_t> ProcessJob::all_gather(const std::vector<std::uint64_t>& mine) {
  // Every rank must take the same number of steps: the longest vector decides.
  const std::uint64_t longest = [&] {
    std::uint64_t n = mine.size();
    for (const Bytes& b : rendezvous_->all_gather(words_bytes(&n, 1))) {
      if (b.size() != sizeof(std::uint64_t)) throw Error("rendezvous: a rank sent a malformed length");
      std::uint64_t v;
      std::memcpy(&v, b.data(), sizeof v);
      n = std::max(n, v);
    }
    return n;
  }();
  // A gathered step carries every rank's words and a 4-byte length for each within the limit.
  const std::size_t ranks = static_cast<std::size_t>(world_size());
  const std::size_t words_per_step = (kMaxRendezvousMessage - 4 * ranks) / (sizeof(std::uint64_t) * ranks);
  const std::uint64_t steps = std::max<std::uint64_t>(1, (longest + words_per_step - 1) / words_per_step);
  std::vector<std::vector<std::uint64_t>> parts(static_cast<std::size_t>(world_size()));
  for (std::uint64_t step = 0; step < steps; ++step) {
    const std::size_t at = std::min<std::size_t>(step * words_per_step, mine.size());
    const std::size_t count = std::min<std::size_t>(words_per_step, mine.size() - at);
    const auto gathered = rendezvous_->all_gather(words_bytes(mine.data() + at, count));
    if (gathered.size() != parts.size()) throw Error("rendezvous: a gather returned the wrong number of ranks");
    for (std::size_t r = 0; r < parts.size(); ++r) {
      if (gathered[r].size() % sizeof(std::uint64_t) != 0) throw Error("rendezvous: a rank sent a malformed vector");
      const std::size_t old = parts[r].size();
      parts[r].resize(old + gathered[r].size() / sizeof(std::uint64_t));
      if (!gathered[r].empty()) std::memcpy(parts[r].data() + old, gathered[r].data(), gathered[r].size());
    }
  }
  std::vector<std::uint64_t> out;
  for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

std::shared_ptr<ProcessJob> join_process_job(const ProcessPlacement& placement, int device_count,
                                             const RendezvousOptions& options) {
  if (placement.world_size <= 1) return nullptr;
  auto rendezvous = join_rendezvous(placement, options);
  auto records = gather_rank_records(*rendezvous, this_rank_record(placement, device_count));
  const RankTableCheck check = check_rank_table(records);
  if (!check.problems.empty()) {
    std::string text = "the launch of " + std::to_string(placement.world_size) + " processes is wrong: " + check.problems.front();
    if (check.problems.size() > 1) text += " (and " + std::to_string(check.problems.size() - 1) + " more; `pathscope-cli ranks` lists them)";
    throw Error(text);
  }
  auto job = std::make_shared<ProcessJob>(placement, std::move(rendezvous), std::move(records));
  // The processes of a host would each start a thread per core in every parallel loop (hashing
  // and writing rows), and threads that wait by spinning then starve the ones with work.
  if (std::getenv("OMP_NUM_THREADS") == nullptr) omp_set_num_threads(std::max(1, omp_get_num_procs() / job->local_count()));
  return job;
}

}  // namespace pathscope
