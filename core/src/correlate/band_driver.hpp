#pragma once
// Walks the upper triangle in bands of rows so that the survivors held at once stay bounded:
// each band's survivors are gathered from the threads, sorted and handed to the sink before
// the next band starts. Engines supply the product of one band.
#include <algorithm>
#include <vector>

#include "pathscope/correlate/correlate.hpp"

namespace pathscope::correlate {

// One slot per thread of the run (effective_threads(options)): the band's parallel region
// runs on exactly threads() threads.
struct BandOutput {
  int threads() const { return static_cast<int>(per_thread.size()); }
  std::vector<std::vector<CorrelationPair>> per_thread;
  std::vector<std::uint64_t> counts;  // survivors per thread (count-only runs keep no pairs)
};

// Band height: about options.pairs_per_band pairs, a multiple of row_multiple.
inline std::int32_t band_rows(std::int32_t n, std::int32_t row_multiple, const CorrelateOptions& options) {
  std::int64_t pairs = options.pairs_per_band;
  if (options.count_only) pairs *= 16;  // nothing is held, so only progress limits the band
  std::int64_t rows = std::max<std::int64_t>(row_multiple, pairs / std::max(n, 1));
  rows = (rows + row_multiple - 1) / row_multiple * row_multiple;
  return static_cast<std::int32_t>(std::min<std::int64_t>(rows, std::max(n, 1)));
}

// compute(first_row, end_row, output) fills output for pairs i in [first_row, end_row), j > i.
template <class ComputeBand>
void for_each_band(std::int32_t n, std::int32_t row_multiple, const CorrelateOptions& options, PairSink* sink,
                   const JobContext& job, CorrelateResult& result, ComputeBand&& compute) {
  const std::int32_t height = band_rows(n, row_multiple, options);
  const std::int32_t first_rows =
      options.row_limit > 0 ? static_cast<std::int32_t>(std::min<std::int64_t>(n, options.row_limit)) : n;
  auto pairs_before = [n](double rows) { return rows * (n - 1) - 0.5 * rows * (rows - 1); };
  const double total_pairs = pairs_before(first_rows);
  BandOutput output;
  output.per_thread.resize(effective_threads(options));
  output.counts.resize(effective_threads(options));
  std::vector<CorrelationPair> band;
  for (std::int32_t first = 0; first < first_rows; first += height) {
    job.check_cancel();
    const std::int32_t end = static_cast<std::int32_t>(std::min<std::int64_t>(first_rows, std::int64_t{first} + height));
    for (auto& pairs : output.per_thread) pairs.clear();
    std::fill(output.counts.begin(), output.counts.end(), 0);
    compute(first, end, output);
    for (auto count : output.counts) result.survivors += count;
    if (!options.count_only && sink) {
      band.clear();
      for (const auto& pairs : output.per_thread) band.insert(band.end(), pairs.begin(), pairs.end());
      std::sort(band.begin(), band.end(),
                [](const CorrelationPair& a, const CorrelationPair& b) { return a.i != b.i ? a.i < b.i : a.j < b.j; });
      sink->consume(band.data(), band.size());
    }
    if (total_pairs > 0) job.report(std::min(1.0, pairs_before(end) / total_pairs));
  }
  const auto rows = static_cast<std::uint64_t>(first_rows);
  result.pairs_tested = n > 0 ? rows * static_cast<std::uint64_t>(n - 1) - rows * (rows - (rows > 0)) / 2 : 0;
}

}  // namespace pathscope::correlate
