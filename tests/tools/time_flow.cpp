// Times one information-flow engine on a graph too large for a test, and checks it against
// another engine with fewer repetitions (docs/information-flow.md).
//
//   time_flow GRAPH TYPE REPETITIONS ENGINE REPEAT [CHECK_ENGINE CHECK_REPETITIONS]
// GRAPH is a file or a generator spec, TYPE the seeds' cell type. Each of the REPEAT runs
// prints one line of times; then the first types by mean layer. With CHECK_ENGINE, both engines
// run CHECK_REPETITIONS repetitions and every node's layers are compared to the bit; exit 1 when
// one differs. Exit 2 on bad input.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "pathscope/flow/flow_seeds.hpp"
#include "pathscope/flow/information_flow.hpp"
#include "pathscope/flow/type_layers.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/runtime/error.hpp"

namespace {

using namespace pathscope;

bool same_bits(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

}  // namespace

int main(int argc, char** argv) {
  if (argc != 6 && argc != 8) {
    std::fprintf(stderr, "usage: time_flow GRAPH TYPE REPETITIONS ENGINE REPEAT [CHECK_ENGINE CHECK_REPETITIONS]\n");
    return 2;
  }
  try {
    const double load_start = now_seconds();
    const Graph g = load_graph(argv[1]).graph;
    std::printf("graph %s: %d nodes, %lld arcs, loaded in %.2f s\n", argv[1], g.n,
                static_cast<long long>(g.arc_count()), now_seconds() - load_start);
    FlowOptions options;
    options.seeds = seeds_of_type(g, argv[2]);
    options.repetitions = std::atoi(argv[3]);
    const auto engine = make_flow_engine(argv[4]);
    const int repeat = std::max(1, std::atoi(argv[5]));
    FlowResult result;
    for (int run = 0; run < repeat; ++run) {
      result = engine->run(g, options, {});
      const Timing& t = result.timing;
      std::int64_t reached = 0;
      for (const auto k : result.times_reached) reached += k > 0;
      std::printf("%s on %s: %d repetitions from %zu %s seeds: %.3f s (kernels %.3f s, copies %.3f s), %.3g arc "
                  "tries, %lld nodes reached\n",
                  t.engine.c_str(), t.device.c_str(), options.repetitions, options.seeds.size(), argv[2], t.seconds,
                  t.compute_seconds, t.transfer_seconds, t.updates, static_cast<long long>(reached));
      std::fflush(stdout);
    }
    const auto types = type_layers(g, result);
    for (std::size_t i = 0; i < types.size() && i < 6; ++i)
      std::printf("  %s: %d of %d reached, mean layer %.3f, median %.3f\n", types[i].type.c_str(), types[i].reached,
                  types[i].nodes, types[i].mean_of_means, types[i].median_of_means);
    if (argc == 8) {
      options.repetitions = std::atoi(argv[7]);
      const FlowResult mine = engine->run(g, options, {});
      const FlowResult other = make_flow_engine(argv[6])->run(g, options, {});
      std::int64_t differ = 0;
      for (std::int32_t v = 0; v < g.n; ++v)
        differ += mine.times_reached[v] != other.times_reached[v] || !same_bits(mine.mean_layer[v], other.mean_layer[v]) ||
                  !same_bits(mine.layer_deviation[v], other.layer_deviation[v]);
      std::printf("  %s vs %s, %d repetitions: %lld nodes differ (%s %.3f s, %s %.3f s)\n", argv[4], argv[6],
                  options.repetitions, static_cast<long long>(differ), argv[4], mine.timing.seconds, argv[6],
                  other.timing.seconds);
      return differ == 0 ? 0 : 1;
    }
    return 0;
  } catch (const Error& e) {
    std::fprintf(stderr, "time_flow: %s\n", e.what());
    return 2;
  }
}
