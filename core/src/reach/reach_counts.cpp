#include <omp.h>

#include <algorithm>
#include <array>

#include "pathscope/reach/reach.hpp"

namespace pathscope {

ReachCounts reach_counts(const BitMatrix& closure, int threads) {
  const std::int32_t n = closure.size();
  const std::int64_t words = closure.words_per_row();
  const int t = effective_threads(EngineResources{threads});
  ReachCounts counts;
  counts.out.assign(n, 0);
  counts.in.assign(n, 0);
#pragma omp parallel for num_threads(t) schedule(static)
  for (std::int32_t i = 0; i < n; ++i) counts.out[i] = closure.row_count(i);
  // In-reach is a column count. Each task owns a band of kBandWords words (one cache line of
  // every row, 512 columns) and adds every bit position without branches, which the compiler
  // vectorises; no column is shared between tasks.
  constexpr std::int64_t kBandWords = 8;
  const std::int64_t bands = (words + kBandWords - 1) / kBandWords;
#pragma omp parallel for num_threads(t) schedule(dynamic, 1)
  for (std::int64_t band = 0; band < bands; ++band) {
    const std::int64_t w0 = band * kBandWords, w1 = std::min(words, w0 + kBandWords);
    std::array<std::array<std::int64_t, 64>, kBandWords> column{};
    for (std::int32_t i = 0; i < n; ++i) {
      const std::uint64_t* row = closure.row(i);
      for (std::int64_t w = w0; w < w1; ++w)
        for (int b = 0; b < 64; ++b) column[w - w0][b] += static_cast<std::int64_t>((row[w] >> b) & 1u);
    }
    for (std::int64_t w = w0; w < w1; ++w)
      for (int b = 0; b < 64 && w * 64 + b < n; ++b) counts.in[w * 64 + b] = column[w - w0][b];
  }
  return counts;
}

}  // namespace pathscope
