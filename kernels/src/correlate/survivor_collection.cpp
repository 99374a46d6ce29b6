#include "correlate/survivor_collection.hpp"

#include "common/cuda_check.hpp"
#include "pathscope/correlate/detail/row_preparation.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::gpu {

void issue_band(const DeviceRows& rows, const CorrelationRect& rect, double cutoff, SurvivorSlot& slot,
                unsigned long long capacity, cudaStream_t stream) {
  CUDA_CHECK(cudaMemsetAsync(slot.counter.get(), 0, sizeof(unsigned long long), stream));
  launch_correlation_tiles(rows.operands(), rect, cutoff,
                           {capacity ? slot.survivors.get() : nullptr, capacity, slot.counter.get()}, stream);
  CUDA_CHECK(cudaMemcpyAsync(slot.count.get(), slot.counter.get(), sizeof(unsigned long long),
                             cudaMemcpyDeviceToHost, stream));
  slot.done.record(stream);
}

void collect_band(const DeviceRows& rows, const CorrelationRect& rect, double cutoff, SurvivorSlot& slot,
                  unsigned long long capacity, const Stream& stream, BandOut& out, bool whole_band) {
  const double wait_start = now_seconds();
  slot.done.sync();
  const double fetch_start = now_seconds();
  out.trace->add("kernel wait", fetch_start - wait_start);
  const unsigned long long found = *slot.count.get();
  if (found <= capacity) {
    if (found == 0) return;
    // Sorted on the device: the band reaches the host in file order.
    sort_survivors(slot.survivors.get(), found, slot.sort_scratch.get(), slot.sort_scratch.bytes(), stream.get());
    if (out.as_records) {
      auto* device_records = reinterpret_cast<SurvivorRecord*>(slot.sort_scratch.get());
      launch_survivor_records(slot.survivors.get(), found, rows.scale.get(), out.samples, device_records, stream.get());
      SurvivorRecord* r = slot.host_records.room(found);
      CUDA_CHECK(cudaMemcpyAsync(r, device_records, found * sizeof(SurvivorRecord), cudaMemcpyDeviceToHost, stream.get()));
      stream.sync();
      const double sink_start = now_seconds();
      out.trace->add("sort, p and copy back", sink_start - fetch_start);
      if (whole_band) {
        out.sink->consume_records(r, found);
        out.consumed += found;
        out.trace->add("sink", now_seconds() - sink_start);
      } else {
        out.records.insert(out.records.end(), r, r + found);
      }
      return;
    }
    std::vector<CorrelationPair>& band = out.pairs;
    CorrelationSurvivor* s = slot.host.room(found);
    CUDA_CHECK(cudaMemcpyAsync(s, slot.survivors.get(), found * sizeof(CorrelationSurvivor), cudaMemcpyDeviceToHost,
                               stream.get()));
    stream.sync();
    for (unsigned long long k = 0; k < found; ++k)
      band.push_back({s[k].i, s[k].j, correlate::exact_rho(s[k].value, rows.host_scale[s[k].i], rows.host_scale[s[k].j])});
    return;
  }
  const std::int32_t row_tiles = (rect.row_end - rect.row_begin) / kCorrelationTile;
  const std::int32_t col_tiles = (rect.col_end - rect.col_begin) / kCorrelationTile;
  if (row_tiles <= 1 && col_tiles <= 1) throw Error("a single 128 x 128 tile overflowed the survivor buffer");
  CorrelationRect halves[2] = {rect, rect};
  if (row_tiles >= col_tiles) {
    halves[0].row_end = halves[1].row_begin = rect.row_begin + row_tiles / 2 * kCorrelationTile;
  } else {
    halves[0].col_end = halves[1].col_begin = rect.col_begin + col_tiles / 2 * kCorrelationTile;
  }
  for (const auto& half : halves) {
    issue_band(rows, half, cutoff, slot, capacity, stream.get());
    collect_band(rows, half, cutoff, slot, capacity, stream, out, false);
  }
}

}  // namespace pathscope::gpu
