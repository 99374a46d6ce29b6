#include "correlate/band_loops.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "common/launch_grid.hpp"
#include "correlate/band_dealing.hpp"
#include "correlate/survivor_collection.hpp"
#include "pathscope/correlate/detail/band_plan.hpp"

namespace pathscope::gpu {

void run_bands(const DeviceRows& rows, const CorrelateOptions& options, PairSink* sink, const JobContext& job,
               CorrelateResult& result, const Stream& stream, const Stream& copy_stream, RunTrace& trace) {
  const bool keep = !options.count_only && sink;
  // Rows of the layout the bands sweep (DeviceRows::swept_rows).
  const std::int32_t swept = rows.swept_rows(), swept_padded = rows.swept_padded();
  const unsigned long long capacity = keep ? kSurvivorCapacity : 0;
  const double cutoff = survival_cutoff(options.min_abs_rho);
  // Counting, a band is about 2^41 pairs (a second or so): long enough to hide the launch,
  // short enough for progress. Keeping survivors, a band is sized from the survivor share of
  // the bands before it so that it fills about half a slot; the first one probes.
  const double total = 0.5 * swept * (swept - 1.0);
  const auto pairs_from = [&](double r) { return r * (swept - 1) - 0.5 * r * (r - 1); };
  double density = -1;  // survivors per pair in the bands finished so far; < 0: none yet
  std::int64_t next_row = 0;
  const auto next_band = [&]() {
    const bool fused = fused_correlation_applies(rows.operands(), cutoff);
    double target = keep ? (density > 0 ? 0.5 * capacity / density : double(std::int64_t{1} << 26))
                         : double(std::int64_t{1} << (fused ? 41 : 36));
    target = std::clamp(target, double(std::int64_t{1} << 24), double(std::int64_t{1} << 41));
    const double remaining = std::max<double>(1, swept - next_row);
    const std::int64_t height = std::clamp<std::int64_t>(
        round_up(static_cast<std::int64_t>(target / remaining) + 1, kCorrelationTile), kCorrelationTile,
        std::int64_t{65535} * kCorrelationTile);
    CorrelationRect rect{static_cast<std::int32_t>(next_row),
                         static_cast<std::int32_t>(std::min<std::int64_t>(next_row + height, swept_padded)),
                         static_cast<std::int32_t>(next_row), swept_padded};
    next_row = rect.row_end;
    return rect;
  };
  SurvivorSlot slots[2] = {SurvivorSlot(capacity), SurvivorSlot(capacity)};
  CorrelationRect issued[2];
  BandOut band;
  band.as_records = keep && sink->takes_records() && rows.int8;
  band.samples = rows.samples;
  band.sink = sink;
  band.trace = &trace;
  double pairs_seen = 0, survivors_seen = 0;
  auto finish_band = [&](std::size_t b) {
    SurvivorSlot& slot = slots[b % 2];
    const CorrelationRect& rect = issued[b % 2];
    std::uint64_t found = 0;
    if (!keep) {
      const double wait_start = now_seconds();
      slot.done.sync();
      trace.add("kernel wait", now_seconds() - wait_start);
      found = *slot.count.get();
    } else {
      band.pairs.clear();
      band.records.clear();
      band.consumed = 0;
      collect_band(rows, rect, cutoff, slot, capacity, copy_stream, band);
      found = band.size();
      // Each slot comes back sorted; only a band split in column halves needs sorting again.
      const auto by_pair = [](const auto& a, const auto& c) { return a.i != c.i ? a.i < c.i : a.j < c.j; };
      if (band.as_records) {
        if (!std::is_sorted(band.records.begin(), band.records.end(), by_pair))
          std::sort(band.records.begin(), band.records.end(), by_pair);
        if (!band.records.empty()) sink->consume_records(band.records.data(), band.records.size());
      } else {
        if (!std::is_sorted(band.pairs.begin(), band.pairs.end(), by_pair))
          std::sort(band.pairs.begin(), band.pairs.end(), by_pair);
        const double sink_start = now_seconds();
        sink->consume(band.pairs.data(), band.pairs.size());
        trace.add("sink", now_seconds() - sink_start);
      }
    }
    result.survivors += found;
    const double done_rows = std::min<double>(swept, rect.row_end);
    pairs_seen += pairs_from(done_rows) - pairs_from(std::min<double>(swept, rect.row_begin));
    survivors_seen += static_cast<double>(found);
    density = pairs_seen > 0 ? std::max(survivors_seen / pairs_seen, 1e-12) : -1;
    job.report(std::min(1.0, pairs_from(done_rows) / total));
  };
  // Band b runs on the device while the host takes in band b-1.
  std::size_t b = 0;
  for (; next_row < swept; ++b) {
    job.check_cancel();
    issued[b % 2] = next_band();
    issue_band(rows, issued[b % 2], cutoff, slots[b % 2], capacity, stream.get());
    if (b > 0) finish_band(b - 1);
  }
  if (b > 0) finish_band(b - 1);
}

void run_dealt_bands(const GpuContext& loading, const DeviceRows& rows, const CorrelateOptions& options, PairSink* sink,
                     const JobContext& job, CorrelateResult& result) {
  // Rows of the layout the bands sweep (DeviceRows::swept_rows).
  const std::int32_t swept = rows.swept_rows(), swept_padded = rows.swept_padded();
  const double cutoff = survival_cutoff(options.min_abs_rho);
  const double total = 0.5 * swept * (swept - 1.0);
  const auto pairs_from = [&](double r) { return r * (swept - 1) - 0.5 * r * (r - 1); };
  deal_bands(loading, options, rows.device_bytes(), sink, job, result.survivors, [&](const BandRank& rank, BandMerger& merger) {
    // About 8 bands a rank, of equal cost, so that every rank's round-robin share costs the same.
    const std::vector<std::int64_t> edges = correlate::equal_cost_band_edges(
        swept, swept_padded, 8 * std::int64_t(rank.ranks), kCorrelationTile, std::int64_t{65535} * kCorrelationTile);
    const DeviceRows* mine = &rows;
    DeviceRows copy;
    if (rank.device != rank.loading_device) {
      copy = rows.copy_to(rank.device, rank.loading_device);
      mine = &copy;
    }
    const unsigned long long capacity = sink ? kSurvivorCapacity : 0;
    const Stream& stream = rank.gpu.stream();
    Stream copy_stream;
    SurvivorSlot slots[2] = {SurvivorSlot(capacity), SurvivorSlot(capacity)};
    RunTrace trace("gpu correlate rank");
    std::vector<std::pair<std::size_t, CorrelationRect>> mine_bands;
    for (std::size_t b = 0; b + 1 < edges.size(); ++b)
      if (static_cast<int>(b % std::size_t(rank.ranks)) == rank.rank)
        mine_bands.push_back({b, {static_cast<std::int32_t>(edges[b]), static_cast<std::int32_t>(edges[b + 1]),
                                  static_cast<std::int32_t>(edges[b]), swept_padded}});
    auto finish = [&](std::size_t k) {
      SurvivorSlot& slot = slots[k % 2];
      const auto& [b, rect] = mine_bands[k];
      BandOut band;
      band.as_records = sink && sink->takes_records() && mine->int8;
      band.samples = mine->samples;
      band.trace = &trace;
      unsigned long long found = 0;
      if (!sink) {
        slot.done.sync();
        found = *slot.count.get();
      } else {
        // Whole bands are collected, never passed to the sink from here: the merger keeps order.
        collect_band(*mine, rect, cutoff, slot, capacity, copy_stream, band, false);
        found = band.size();
        const auto by_pair = [](const auto& a, const auto& c) { return a.i != c.i ? a.i < c.i : a.j < c.j; };
        if (!std::is_sorted(band.records.begin(), band.records.end(), by_pair))
          std::sort(band.records.begin(), band.records.end(), by_pair);
        if (!std::is_sorted(band.pairs.begin(), band.pairs.end(), by_pair))
          std::sort(band.pairs.begin(), band.pairs.end(), by_pair);
      }
      merger.deliver(b, std::move(band.pairs), std::move(band.records), found,
                     std::min(1.0, pairs_from(std::min<double>(swept, rect.row_end)) / total));
    };
    for (std::size_t k = 0; k < mine_bands.size(); ++k) {
      job.check_cancel();
      issue_band(*mine, mine_bands[k].second, cutoff, slots[k % 2], capacity, stream.get());
      if (k > 0) finish(k - 1);
    }
    if (!mine_bands.empty()) finish(mine_bands.size() - 1);
  });
}

}  // namespace pathscope::gpu
