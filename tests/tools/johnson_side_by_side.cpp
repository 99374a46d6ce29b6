// Not a test: the sparse all-pairs engine on one thread against Boost Graph Library's
// johnson_all_pairs_shortest_paths (Debian's libboost-dev) on the same graph, in the same
// process, runs alternating, medians of wall and CPU time, every cell compared; both build
// their n x n result inside the timed run (docs/performance.md, "All pairs on one CPU thread").
//   johnson_side_by_side GRAPH RUNS
// Whole costs that fit int32 (rome99, DIMACS road graphs).
#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/johnson_all_pairs_shortest.hpp>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <exception>
#include <string>
#include <vector>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/io/load.hpp"

using namespace pathscope;

namespace {

using BoostGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                                         boost::property<boost::edge_weight_t, std::int32_t>>;

struct Times {
  std::vector<double> wall, cpu;
  double wall_median() { return median(wall); }
  double cpu_median() { return median(cpu); }
  static double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  }
};

template <class Run>
void timed(Times& times, Run&& run) {
  const auto wall_start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  run();
  times.cpu.push_back(static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC);
  times.wall.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: johnson_side_by_side GRAPH RUNS\n");
    return 2;
  }
  try {
    const Graph g = load_graph(argv[1], LoadOptions{}).graph;
    const int runs = std::max(1, std::stoi(argv[2]));
    BoostGraph bg(static_cast<std::size_t>(g.n));
    for (std::int32_t u = 0; u < g.n; ++u)
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
        boost::add_edge(static_cast<std::size_t>(u), static_cast<std::size_t>(g.heads[a]),
                        static_cast<std::int32_t>(g.weights[a]), bg);
    ApspOptions options;
    options.dist = DistType::Int32;
    options.threads = 1;
    const auto engine = make_apsp_engine("sparse");
    Times ours, boost_times;
    ApspResult result;
    std::vector<std::vector<std::int32_t>> table;
    for (int i = 0; i < runs; ++i) {
      timed(ours, [&] { result = engine->run(g, options, JobContext{}); });
      timed(boost_times, [&] {
        table.assign(static_cast<std::size_t>(g.n), std::vector<std::int32_t>(static_cast<std::size_t>(g.n)));
        boost::johnson_all_pairs_shortest_paths(bg, table);
      });
    }
    std::int64_t differ = 0;
    const std::size_t n = static_cast<std::size_t>(g.n);
    for (std::size_t u = 0; u < n; ++u)
      for (std::size_t v = 0; v < n; ++v) differ += table[u][v] != result.d32[u * n + v];
    std::printf("%s: n %d, arcs %lld, %d runs each, one thread\n", argv[1], g.n, static_cast<long long>(g.arc_count()),
                runs);
    std::printf("  sparse engine   wall median %.4f s, CPU median %.4f s\n", ours.wall_median(), ours.cpu_median());
    std::printf("  Boost Johnson   wall median %.4f s, CPU median %.4f s\n", boost_times.wall_median(),
                boost_times.cpu_median());
    std::printf("  ratio (Boost / sparse): wall %.2fx, CPU %.2fx; cells that differ: %lld of %lld\n",
                boost_times.wall_median() / ours.wall_median(), boost_times.cpu_median() / ours.cpu_median(),
                static_cast<long long>(differ), static_cast<long long>(n * n));
    return differ == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "johnson_side_by_side: %s\n", e.what());
    return 1;
  }
}
