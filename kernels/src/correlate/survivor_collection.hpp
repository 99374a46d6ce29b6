#pragma once
// A band's survivors on their way back to the host: the two slots bands alternate between,
// the launch that fills one, and its collection (sorted on the device, copied back through
// pinned memory, the band split and redone when it overflows its slot).
#include <cstdint>
#include <vector>

#include "common/device_memory.hpp"
#include "common/pinned_memory.hpp"
#include "common/run_trace.hpp"
#include "correlate/device_rows.hpp"

namespace pathscope::gpu {

// Survivors one band may leave on the device before the host takes them; a band with more is
// split and redone.
constexpr unsigned long long kSurvivorCapacity = 8ull << 20;

// The device bytes both survivor slots hold during the band loop (survivors and the scratch
// of their sort).
inline std::uint64_t survivor_slot_bytes(bool keep) {
  return keep ? 2 * (kSurvivorCapacity * sizeof(CorrelationSurvivor) + survivor_sort_scratch_bytes(kSurvivorCapacity))
              : 0;
}

struct SurvivorSlot {
  DeviceArray<CorrelationSurvivor> survivors;
  DeviceArray<unsigned long long> counter{1};
  PinnedArray<unsigned long long> count{1};
  // Grown to the largest band's survivors, not allocated at full capacity: pinning both
  // slots' full capacity up front cost more than a whole run on a small table (docs/gpu.md).
  GrowingPinnedArray<CorrelationSurvivor> host;
  DeviceArray<unsigned char> sort_scratch;  // after the sort, also the records' device buffer
  GrowingPinnedArray<SurvivorRecord> host_records;
  Event done;
  explicit SurvivorSlot(unsigned long long capacity)
      : survivors(capacity), sort_scratch(survivor_sort_scratch_bytes(capacity)) {}
};

// Where a band's survivors go: pairs (rho in double, on the host), or records (rho and p
// computed on the device) for a sink that takes them.
struct BandOut {
  std::vector<CorrelationPair> pairs;
  std::vector<SurvivorRecord> records;
  bool as_records = false;
  std::int32_t samples = 0;
  PairSink* sink = nullptr;     // records of a band that was not split go straight to it
  std::size_t consumed = 0;     // how many did
  RunTrace* trace = nullptr;
  std::size_t size() const { return consumed + (as_records ? records.size() : pairs.size()); }
};

// Queues the rectangle's tiles on `stream`, their survivors into `slot` (capacity 0: counted
// only), and the copy of the count back; slot.done follows them.
void issue_band(const DeviceRows& rows, const CorrelationRect& rect, double cutoff, SurvivorSlot& slot,
                unsigned long long capacity, cudaStream_t stream);

// After slot.done: brings the rectangle's survivors into `out`; a rectangle with more than
// the slot holds is split in two and redone on `stream`, down to single tiles. `whole_band`:
// records may go straight to out.sink.
void collect_band(const DeviceRows& rows, const CorrelationRect& rect, double cutoff, SurvivorSlot& slot,
                  unsigned long long capacity, const Stream& stream, BandOut& out, bool whole_band = true);

}  // namespace pathscope::gpu
