// Which sources a centrality run searches from: every kept node, or a sample drawn the same way
// on every engine, machine and standard library.
#include <random>

#include "pathscope/centrality/detail/centrality_support.hpp"

namespace pathscope::detail {

std::vector<std::int32_t> centrality_sources(const Graph& g, const CentralityOptions& options) {
  std::vector<std::int32_t> kept;
  kept.reserve(static_cast<std::size_t>(g.n));
  for (std::int32_t u = 0; u < g.n; ++u)
    if (options.mask.keeps_node(u)) kept.push_back(u);
  if (options.samples <= 0 || options.samples >= static_cast<std::int64_t>(kept.size())) return kept;
  // A partial Fisher-Yates shuffle with our own reduction of the 64-bit draws: std::shuffle and
  // uniform_int_distribution are free to differ between standard libraries, and the GPU engine
  // and the tests must see the same sources. The modulo's bias (below 2^-40 for any graph that
  // fits an int32) does not matter for a sample.
  std::mt19937_64 draw(options.seed);
  const auto count = static_cast<std::size_t>(options.samples);
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t j = i + static_cast<std::size_t>(draw() % (kept.size() - i));
    std::swap(kept[i], kept[j]);
  }
  kept.resize(count);
  return kept;
}

bool needs_source_searches(const CentralityOptions& options) {
  for (const CentralityMeasure m : options.measures)
    if (m == CentralityMeasure::Betweenness || m == CentralityMeasure::Closeness || m == CentralityMeasure::Harmonic)
      return true;
  return false;
}

}  // namespace pathscope::detail
