// How sums over sources become networkx's values: betweenness rescaled as networkx 3.x's
// _rescale does (endpoints=False), closeness with wf_improved, harmonic as the plain sum, and
// the error bound of sampled betweenness (docs/centrality.md derives it).
#include <algorithm>
#include <cmath>
#include <limits>

#include "pathscope/centrality/detail/centrality_support.hpp"

namespace pathscope::detail {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// The chance that some node's sampled betweenness falls outside the stated bound.
constexpr double kBoundDelta = 0.05;

bool asked(const CentralityOptions& options, CentralityMeasure measure) {
  return std::find(options.measures.begin(), options.measures.end(), measure) != options.measures.end();
}

// Per-node scale of summed dependencies. N = n - 1 pairs (s, t) with s != t != v per source;
// sources are either all kept nodes (exact) or a sample of k, where a sampled node is its own
// source and so saw only k - 1 useful ones (networkx 3.x; 2.8 scaled every node by n / k).
struct BetweennessScale {
  double source = 1, nonsource = 1;
};

BetweennessScale betweenness_scale(double n, double k, bool exact, bool normalized, bool directed) {
  const double pairs = n - 1;
  if (pairs < 2) return {};
  const double correction = directed ? 1 : 2;
  if (exact) {
    const double s = normalized ? 1 / (pairs * (pairs - 1)) : 1 / correction;
    return {s, s};
  }
  if (normalized) return {k > 1 ? 1 / ((k - 1) * (pairs - 1)) : kNaN, 1 / (k * (pairs - 1))};
  return {k > 1 ? pairs / ((k - 1) * correction) : kNaN, pairs / (k * correction)};
}

// Hoeffding's inequality, which holds for sampling without replacement (Hoeffding 1963, s. 6):
// a node's normalized betweenness is the mean of delta_s(v) / (n - 2) over the n - 1 other
// nodes s, each term in [0, 1], and the estimate is the mean over the k - 1 or more sampled
// ones; a union over the n nodes gives every node within eps with probability 1 - delta.
double sampled_bound(double n, double k, bool normalized, bool directed) {
  if (n < 3) return 0;
  const double eps = k > 1 ? std::min(1.0, std::sqrt(std::log(2 * n / kBoundDelta) / (2 * (k - 1)))) : 1.0;
  if (normalized) return eps;
  return eps * (n - 1) * (n - 2) / (directed ? 1 : 2);
}

}  // namespace

void finish_centrality(const Graph& g, const CentralityOptions& options, std::int64_t sources_searched,
                       const SourceSums& sums, CentralityResult& result) {
  const auto size = static_cast<std::size_t>(g.n);
  std::int64_t kept = 0;
  for (std::int32_t u = 0; u < g.n; ++u) kept += options.mask.keeps_node(u) ? 1 : 0;
  const auto n = static_cast<double>(kept);
  const bool exact = sources_searched >= kept;
  const auto k = static_cast<double>(sources_searched);
  std::vector<std::uint8_t> is_source;
  if (!exact) {
    is_source.assign(size, 0);
    for (const std::int32_t s : centrality_sources(g, options)) is_source[s] = 1;
  }
  result.sources_used = sources_searched;

  if (asked(options, CentralityMeasure::Betweenness)) {
    const BetweennessScale scale = betweenness_scale(n, k, exact, options.normalized, g.directed);
    result.betweenness.assign(size, kNaN);
    for (std::size_t v = 0; v < size; ++v) {
      if (!options.mask.keeps_node(static_cast<std::int32_t>(v))) continue;
      const double s = !exact && is_source[v] ? scale.source : scale.nonsource;
      // A lone sampled source (k = 1) has no estimate at all: networkx 3.x's NaN.
      result.betweenness[v] = std::isnan(s) ? kNaN : sums.dependency[v] * s;
    }
    result.betweenness_error_bound = exact ? 0 : sampled_bound(n, k, options.normalized, g.directed);
    result.betweenness_bound_delta = exact ? 0 : kBoundDelta;
  }

  // Closeness and harmonic from sampled sources are estimates (Eppstein and Wang): each node's
  // sums are scaled up by (n - 1) / (sources other than itself); exact runs scale by 1.
  const auto estimate_scale = [&](std::size_t v) {
    if (exact) return 1.0;
    const double others = k - (is_source[v] ? 1 : 0);
    return others > 0 ? (n - 1) / others : kNaN;
  };
  if (asked(options, CentralityMeasure::Closeness)) {
    result.closeness.assign(size, kNaN);
    for (std::size_t v = 0; v < size; ++v) {
      if (!options.mask.keeps_node(static_cast<std::int32_t>(v))) continue;
      const double scale = estimate_scale(v);
      const double reached = static_cast<double>(sums.reached_by[v]) * scale;
      const double total = sums.distance_sum[v] * scale;
      double c = 0;
      // networkx: 0 unless the distances sum above 0; wf_improved scales by the share reached.
      if (total > 0 && n > 1) c = reached / total * (reached / (n - 1));
      result.closeness[v] = std::isnan(scale) ? kNaN : c;
    }
  }
  if (asked(options, CentralityMeasure::Harmonic)) {
    result.harmonic.assign(size, kNaN);
    for (std::size_t v = 0; v < size; ++v)
      if (options.mask.keeps_node(static_cast<std::int32_t>(v)))
        result.harmonic[v] = sums.inverse_distance_sum[v] * estimate_scale(v);
  }
}

}  // namespace pathscope::detail
