// Not a test: times the CPU centrality engine on one graph, several runs, medians of wall and
// CPU time (CPU time is what to compare on a machine other jobs share; docs/centrality.md).
//   centrality_timing SPEC COST_RULE THREADS RUNS
// COST_RULE is the CLI's --cost-rule (weight, hops, inverse); betweenness only, normalized.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <exception>
#include <string>
#include <vector>

#include "pathscope/centrality/centrality.hpp"
#include "pathscope/io/load.hpp"

using namespace pathscope;

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: centrality_timing SPEC COST_RULE THREADS RUNS\n");
    return 2;
  }
  try {
    LoadOptions load;
    load.cost_rule = parse_edge_cost_rule(argv[2]);
    const Graph g = load_graph(argv[1], load).graph;
    CentralityOptions options;
    options.threads = parse_thread_count(argv[3]);
    options.hops = load.cost_rule == EdgeCostRule::Hops;
    const int runs = std::max(1, std::stoi(argv[4]));
    std::vector<double> wall, cpu;
    CentralityResult result;
    for (int i = 0; i < runs; ++i) {
      const auto wall_start = std::chrono::steady_clock::now();
      const std::clock_t cpu_start = std::clock();
      result = make_centrality_engine("cpu")->run(g, options, {});
      cpu.push_back(static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC);
      wall.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count());
    }
    std::sort(wall.begin(), wall.end());
    std::sort(cpu.begin(), cpu.end());
    const auto top = std::max_element(result.betweenness.begin(), result.betweenness.end());
    std::printf("%s: n %d, arcs %lld, %s: wall median %.3f s, CPU median %.3f s over %d runs; top betweenness %.9g (%s)\n",
                argv[1], g.n, static_cast<long long>(g.arc_count()), result.timing.device.c_str(), wall[wall.size() / 2],
                cpu[cpu.size() / 2], runs, *top, g.label(static_cast<std::int32_t>(top - result.betweenness.begin())).c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "centrality_timing: %s\n", e.what());
    return 1;
  }
}
