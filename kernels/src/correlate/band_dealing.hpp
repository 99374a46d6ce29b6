#pragma once
// Correlation over several GPUs (--gpus): the bands of the upper triangle are dealt
// round-robin to the ranks (band b to rank b mod P), each rank a host thread with the rows on
// its own device, and the survivors go to the sink band by band in increasing order, so the
// output is the one-GPU run's. Ranks share no data while they compute, so no NCCL is needed.
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <vector>

#include "common/gpu_context.hpp"
#include "pathscope/correlate/correlate.hpp"
#include "pathscope/runtime/engine.hpp"

namespace pathscope::gpu {

struct BandRank {
  int rank = 0, ranks = 1;
  int device = 0;          // this rank's GPU (current in its thread)
  int loading_device = 0;  // where the rows were ranked and loaded
  const GpuContext& gpu;   // this rank's, on `device`
};

// Takes bands from the ranks in any order and passes them to the sink in band order. A rank
// may run at most `window` bands ahead of the sink, which bounds the survivors held.
class BandMerger {
 public:
  BandMerger(PairSink* sink, const JobContext& job, std::size_t window) : sink_(sink), job_(job), window_(window) {}
  // A band's survivors as pairs or (for a sink that takes them) records, sorted by (i, j).
  void deliver(std::size_t band, std::vector<CorrelationPair>&& pairs, std::vector<SurvivorRecord>&& records,
               unsigned long long found, double progress);
  void abort();
  std::uint64_t survivors() const { return survivors_; }

 private:
  struct Band {
    std::vector<CorrelationPair> pairs;
    std::vector<SurvivorRecord> records;
    unsigned long long found = 0;
    double progress = 0;
  };
  PairSink* sink_;
  const JobContext& job_;
  std::size_t window_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::size_t, Band> ready_;
  std::size_t next_ = 0;
  bool draining_ = false, aborted_ = false;
  std::uint64_t survivors_ = 0;
};

// Runs body(rank, merger) on one thread per rank of options' GPU set, each with its own context;
// adds the survivors the sink was given to `survivors`. `loading`: the context the rows were
// loaded on. `rows_bytes`: the device bytes each rank's copy of the rows takes, checked against
// each other device's budget.
void deal_bands(const GpuContext& loading, const CorrelateOptions& options, std::uint64_t rows_bytes, PairSink* sink,
                const JobContext& job, std::uint64_t& survivors, const std::function<void(const BandRank&, BandMerger&)>& body);

}  // namespace pathscope::gpu
