// The GPU information-flow engine equals the CPU engine to the bit (same draws, same integer
// tallies) on fresh random graphs with strengths, masks, step limits and repetition counts on
// both sides of the 64-run words, in one batch and in many; and the whole-brain target.
#include <gtest/gtest.h>

#include <cstdio>

#include "flow_graphs.hpp"
#include "fresh_seed.hpp"
#include "pathscope/apsp/gpu.hpp"
#include "pathscope/flow/flow_seeds.hpp"
#include "pathscope/flow/information_flow.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/runtime/error.hpp"

using namespace pathscope;

namespace {

void expect_same(const FlowResult& gpu, const FlowResult& cpu, const std::string& text) {
  ASSERT_EQ(gpu.times_reached.size(), cpu.times_reached.size()) << text;
  EXPECT_EQ(gpu.repetitions, cpu.repetitions) << text;
  int wrong = 0;
  for (std::size_t v = 0; v < cpu.times_reached.size() && wrong < 5; ++v) {
    if (gpu.times_reached[v] == cpu.times_reached[v] && flow_test::same_bits(gpu.mean_layer[v], cpu.mean_layer[v]) &&
        flow_test::same_bits(gpu.layer_deviation[v], cpu.layer_deviation[v]))
      continue;
    ++wrong;
    ADD_FAILURE() << text << ": node " << v << " GPU reached " << gpu.times_reached[v] << " mean "
                  << gpu.mean_layer[v] << " sd " << gpu.layer_deviation[v] << "; CPU " << cpu.times_reached[v] << " "
                  << cpu.mean_layer[v] << " " << cpu.layer_deviation[v];
  }
}

}  // namespace

TEST(GpuFlow, DeviceIsUsable) {
  const GpuInfo info = gpu_info();
  ASSERT_TRUE(info.available) << info.reason;
  EXPECT_TRUE(make_flow_engine("gpu")->unavailable_reason().empty());
}

TEST(GpuFlow, EqualsCpuOnRandomGraphs) {
  const std::uint64_t seed = test_support::fresh_seed();
  int case_number = 0;
  for (const std::int32_t n : {1, 2, 63, 300, 2049}) {
    for (const std::int32_t repetitions : {1, 63, 64, 65, 130, 1000}) {
      const auto c = flow_test::random_flow_case(seed + 1000 * static_cast<std::uint64_t>(case_number++), n, repetitions);
      expect_same(make_flow_engine("gpu")->run(c.graph, c.options, {}),
                  make_flow_engine("cpu")->run(c.graph, c.options, {}), c.text);
    }
  }
}

// A budget that holds only a few words of 64 repetitions per node: many batches, same layers.
TEST(GpuFlow, BatchesOfRepetitionsGiveTheSameLayers) {
  const auto c = flow_test::random_flow_case(test_support::fresh_seed(), 5000, 1111);
  FlowOptions tight = c.options;
  // Three words of 5,000 nodes in each of the three bitsets, plus the arcs and tallies.
  tight.gpu_memory_budget = 5000u * 24u * 3u + c.graph.heads.size() * 20u + 5001u * 8u + 5000u * 20u + 4096u;
  expect_same(make_flow_engine("gpu")->run(c.graph, tight, {}), make_flow_engine("cpu")->run(c.graph, c.options, {}),
              c.text + " (batched)");
  tight.gpu_memory_budget = 1000;
  EXPECT_THROW(make_flow_engine("gpu")->run(c.graph, tight, {}), OverBudget);
}

// The generated 139,255-neuron brain seeded with one sensory type, 1,000 repetitions (its time
// is measured by tests/tools/time_flow, not asserted here), checked against the CPU engine on
// the same seeds with fewer repetitions (the CPU run of 1,000 takes long on a small host).
TEST(GpuFlow, WholeBrainFromOneSensoryType) {
  const Graph g = load_graph("connectome:n=139255,seed=1").graph;
  FlowOptions o;
  o.seeds = seeds_of_type(g, "ORN1");
  o.repetitions = 1000;
  o.seed = test_support::fresh_seed();
  const FlowResult r = make_flow_engine("gpu")->run(g, o, {});
  std::int64_t reached = 0;
  for (const auto k : r.times_reached) reached += k > 0;
  std::printf("brain: %zu ORN1 seeds, %lld of %d neurons reached, %.3f s (kernels %.3f s, copies %.3f s)\n",
              o.seeds.size(), static_cast<long long>(reached), g.n, r.timing.seconds, r.timing.compute_seconds,
              r.timing.transfer_seconds);
  EXPECT_GT(reached, static_cast<std::int64_t>(o.seeds.size()));
  o.repetitions = 70;
  expect_same(make_flow_engine("gpu")->run(g, o, {}), make_flow_engine("cpu")->run(g, o, {}), "brain, 70 repetitions");
}
