#include "correlate/band_dealing.hpp"

#include <cuda_runtime.h>

#include <algorithm>

#include "common/communicator.hpp"
#include "common/device.hpp"
#include "common/gpu_context.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::gpu {

void BandMerger::deliver(std::size_t band, std::vector<CorrelationPair>&& pairs,
                         std::vector<SurvivorRecord>&& records, unsigned long long found, double progress) {
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [&] { return band < next_ + window_ || aborted_; });
  if (aborted_) throw RanksAborted();
  ready_[band] = {std::move(pairs), std::move(records), found, progress};
  if (draining_) return;  // the thread draining now takes this band too
  draining_ = true;
  for (auto it = ready_.find(next_); it != ready_.end(); it = ready_.find(next_)) {
    Band b = std::move(it->second);
    ready_.erase(it);
    lock.unlock();
    if (sink_ && !b.records.empty()) sink_->consume_records(b.records.data(), b.records.size());
    if (sink_ && !b.pairs.empty()) sink_->consume(b.pairs.data(), b.pairs.size());
    job_.report(b.progress);
    lock.lock();
    survivors_ += b.found;
    ++next_;
    changed_.notify_all();
  }
  draining_ = false;
}

void BandMerger::abort() {
  std::lock_guard<std::mutex> lock(mutex_);
  aborted_ = true;
  changed_.notify_all();
}

void deal_bands(const GpuContext& loading_context, const CorrelateOptions& options, std::uint64_t rows_bytes,
                PairSink* sink, const JobContext& job, std::uint64_t& survivors,
                const std::function<void(const BandRank&, BandMerger&)>& body) {
  const std::vector<int> devices = gpu_ranks(options.gpus, device_count());
  const int loading = loading_context.device();
  // One context per rank, on its device, made before any rank starts so that every copy of
  // the rows is checked against its device's share of the budget first.
  std::vector<GpuContext> contexts = GpuContext::for_ranks(options.gpu_memory_budget, devices);
  for (std::size_t r = 0; r < devices.size(); ++r) {
    if (devices[r] == loading) continue;  // ranks there read the rows already loaded
    require_within_budget(rows_bytes, contexts[r].memory_budget(), "a copy of the rows on GPU " + std::to_string(devices[r]));
  }
  // Threads and devices only: the ranks exchange nothing on the device.
  const auto group = make_copy_group(devices);
  BandMerger merger(sink, job, 2 * devices.size());
  run_on_ranks(*group, [&](Communicator& comm) {
    try {
      body({comm.rank(), comm.size(), comm.device(), loading, contexts[std::size_t(comm.rank())]}, merger);
    } catch (...) {
      merger.abort();
      throw;
    }
  });
  survivors += merger.survivors();
}

}  // namespace pathscope::gpu
