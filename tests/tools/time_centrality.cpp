// Times one centrality engine on a real graph, and checks it against another engine on the
// same sampled sources, for graphs too large for a test (docs/gpu.md, "Centrality").
//
//   time_centrality GRAPH COST_RULE MEASURES ENGINE REPEAT SAMPLES [CHECK_ENGINE CHECK_SAMPLES]
// GRAPH is a file or a generator spec, COST_RULE its --cost-rule ("hops", "inverse", ...),
// MEASURES a comma-separated list ("betweenness,closeness,harmonic", "pagerank"). Each of the
// REPEAT runs (from SAMPLES sampled sources, 0: every node) prints one line of times and, when
// sampled, the time every source would take at that rate; the last run the value sums. With CHECK_ENGINE, both
// engines then run from CHECK_SAMPLES sampled sources and the largest relative difference per
// measure is printed; exit 1 when one exceeds 1e-9. Exit 2 on bad input.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "pathscope/centrality/centrality.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/runtime/error.hpp"

namespace {

using namespace pathscope;

std::vector<CentralityMeasure> parse_measures(const std::string& text) {
  std::vector<CentralityMeasure> measures;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(',', start), text.size());
    measures.push_back(parse_centrality_measure(text.substr(start, end - start)));
    start = end + 1;
  }
  return measures;
}

double largest_relative_difference(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return INFINITY;
  double worst = 0;
  for (std::size_t v = 0; v < a.size(); ++v) {
    if (std::isnan(a[v]) || std::isnan(b[v])) {
      if (std::isnan(a[v]) != std::isnan(b[v])) return INFINITY;
      continue;
    }
    const double scale = std::max(std::abs(a[v]), std::abs(b[v]));
    if (scale > 0) worst = std::max(worst, std::abs(a[v] - b[v]) / scale);
  }
  return worst;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 7 && argc != 9) {
    std::fprintf(stderr,
                 "usage: time_centrality GRAPH COST_RULE MEASURES ENGINE REPEAT SAMPLES [CHECK_ENGINE CHECK_SAMPLES]\n");
    return 2;
  }
  try {
    LoadOptions load;
    load.cost_rule = parse_edge_cost_rule(argv[2]);
    const double load_start = now_seconds();
    const Graph g = load_graph(argv[1], load).graph;
    std::printf("graph %s (%s): %d nodes, %lld arcs, loaded in %.2f s\n", argv[1], argv[2], g.n,
                static_cast<long long>(g.arc_count()), now_seconds() - load_start);
    CentralityOptions options;
    options.measures = parse_measures(argv[3]);
    options.hops = g.unit_weights;
    const auto engine = make_centrality_engine(argv[4]);
    const int repeat = std::max(1, std::atoi(argv[5]));
    options.samples = std::atoll(argv[6]);
    CentralityResult result;
    for (int run = 0; run < repeat; ++run) {
      result = engine->run(g, options, {});
      const Timing& t = result.timing;
      std::printf("%s on %s: %.3f s (kernels %.3f s, copies %.3f s), %.3g arcs scanned, %lld sources, %d PageRank steps\n",
                  t.engine.c_str(), t.device.c_str(), t.seconds, t.compute_seconds, t.transfer_seconds, t.updates,
                  static_cast<long long>(result.sources_used), result.pagerank_iterations);
      if (options.samples > 0 && result.sources_used > 0)
        std::printf("  every source at this rate: %.1f s\n",
                    t.compute_seconds * static_cast<double>(g.n) / static_cast<double>(result.sources_used));
      std::fflush(stdout);
    }
    for (const CentralityMeasure measure : options.measures) {
      double sum = 0;
      for (const double value : result.values(measure))
        if (!std::isnan(value)) sum += value;
      std::printf("  sum of %s: %.17g\n", std::string(centrality_measure_name(measure)).c_str(), sum);
    }
    if (argc == 9) {
      options.samples = std::atoll(argv[8]);
      const CentralityResult mine = engine->run(g, options, {});
      const CentralityResult other = make_centrality_engine(argv[7])->run(g, options, {});
      bool same = true;
      for (const CentralityMeasure measure : options.measures) {
        const double worst = largest_relative_difference(mine.values(measure), other.values(measure));
        std::printf("  %s vs %s, %s, %lld sampled sources: largest relative difference %.3g\n", argv[4], argv[7],
                    std::string(centrality_measure_name(measure)).c_str(), static_cast<long long>(options.samples),
                    worst);
        same = same && worst <= 1e-9;
      }
      return same ? 0 : 1;
    }
    return 0;
  } catch (const Error& e) {
    std::fprintf(stderr, "time_centrality: %s\n", e.what());
    return 2;
  }
}
