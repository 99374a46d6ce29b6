// gpu-sparse against distances written in the test (Dijkstra, BFS) and against the CPU `sparse`
// engine, on fresh random graphs of awkward sizes with unreachable thirds, zero-cost arcs and
// parallel arcs; with its working arrays in shared memory, in device memory and in between, in
// one band and in many; and its refusals.
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

#include "gpu_apsp_reference.hpp"
#include "scoped_env.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/checksum.hpp"

namespace pathscope::gpu_test {
namespace {

using Knob = test_support::ScopedEnv;

// make_graph's costs plus a share of zero-cost arcs (which a label-correcting search must
// still settle right), as a new graph.
TestGraph with_zero_costs(const TestGraph& t, SplitMix64& rng) {
  GraphBuilder b(t.graph.n);
  for (int u = 0; u < t.graph.n; ++u)
    for (auto e = t.graph.offsets[u]; e < t.graph.offsets[u + 1]; ++e)
      b.add_arc(u, t.graph.heads[e], rng.below(5) == 0 ? 0.0 : t.graph.weights[e]);
  LoadReport report;
  TestGraph z;
  z.graph = b.build(true, report);
  z.base = z.graph.weights;
  z.potential.assign(std::size_t(t.graph.n), 0);
  return z;
}

ApspResult cpu_sparse(const Graph& g, DistType dist) { return make_apsp_engine("sparse")->run(g, options_for(dist), {}); }

TEST(GpuSparse, WholeCostsMatchDijkstra) {
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine("gpu-sparse");
  ASSERT_EQ(engine->unavailable_reason(), "");
  for (int n : {1, 2, 3, 37, 255, 1001, 3001}) {
    // Road-like (2 to 4 arcs a node, 4 threads a node) and denser (16 threads a node).
    for (double degree : {2.0 + double(rng.below(3)), 9.0 + double(rng.below(20))}) {
      const TestGraph t = with_zero_costs(make_graph({n, degree, false, false, 0}, rng), rng);
      const ApspResult r = engine->run(t.graph, options_for(DistType::Int32), {});
      const std::string what = "int32 n=" + std::to_string(n) + " degree " + std::to_string(degree);
      expect_matches(reference_distances(t), r, what);
      // Every search scans its source's arcs at least: the out-degrees sum to the arc count.
      EXPECT_GE(r.timing.updates, double(t.graph.arc_count())) << what;
      EXPECT_GE(r.timing.seconds, r.timing.compute_seconds) << what;
    }
  }
}

TEST(GpuSparse, HopCountsMatchBreadthFirstSearch) {
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine("gpu-sparse");
  for (int n : {1, 5, 130, 1777}) {
    const TestGraph t = make_graph({n, 1.5, true, false, 0}, rng);  // long hop paths
    const ApspResult hops = engine->run(t.graph, options_for(DistType::Hop16), {});
    expect_matches(reference_distances(t), hops, "hop16 n=" + std::to_string(n));
    EXPECT_EQ(matrix_checksum(hops), matrix_checksum(engine->run(t.graph, options_for(DistType::Int32), {})));
  }
}

// Float cells are the double distance rounded once, as the CPU engine rounds them: bit for bit.
TEST(GpuSparse, FractionalCostsEqualTheCpuEngineBitForBit) {
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine("gpu-sparse");
  for (int n : {2, 129, 1500}) {
    const TestGraph t = with_zero_costs(make_graph({n, 3.0, false, true, 0}, rng), rng);
    const ApspResult r = engine->run(t.graph, options_for(DistType::Float32), {});
    expect_matches(reference_distances(t), r, "float n=" + std::to_string(n));
    const ApspResult cpu = cpu_sparse(t.graph, DistType::Float32);
    ASSERT_EQ(r.df.size(), cpu.df.size());
    std::int64_t differ = 0;
    for (std::size_t i = 0; i < r.df.size(); ++i) differ += r.df[i] != cpu.df[i];
    EXPECT_EQ(differ, 0) << "float n=" << n;
  }
}

// The same rows whichever pieces live in shared memory, however many blocks run, whether the
// kernels store the rows straight into the (pinned) result or they come back staged, and
// however the staged rows are cut into bands.
TEST(GpuSparse, EveryLayoutAndBandingGivesTheSameRows) {
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine("gpu-sparse");
  const int n = 700 + int(rng.below(300));
  const TestGraph t = with_zero_costs(make_graph({n, 2.5, false, false, 0}, rng), rng);
  const auto expected = reference_distances(t);
  const std::string dist_only = std::to_string(n * 4 + 16), dist_and_bits = std::to_string(n * 4 + n / 4 + 64);
  for (const char* landing : {"kernel", "staged"}) {
    const Knob landing_knob("PATHSCOPE_GPU_RESULT_LANDING", landing);
    for (const char* shared : {"0", "dist", "dist+bits", "65536"}) {
      for (const char* band_rows : {"1", "7", "100000"}) {
        const std::string bytes = std::string(shared) == "dist"        ? dist_only
                                  : std::string(shared) == "dist+bits" ? dist_and_bits
                                                                       : shared;
        const Knob shared_knob("PATHSCOPE_GPU_SPARSE_SHARED_BYTES", bytes);
        const Knob band_knob("PATHSCOPE_GPU_SPARSE_BAND_ROWS", band_rows);
        const Knob blocks_knob("PATHSCOPE_GPU_SPARSE_BLOCKS", std::to_string(1 + rng.below(40)));
        for (DistType dist : {DistType::Int32, DistType::Float32})
          expect_matches(expected, engine->run(t.graph, options_for(dist), {}),
                         std::string(landing) + ", shared " + shared + ", bands of " + band_rows + " rows, " +
                             dist_type_name(dist));
      }
    }
  }
}

TEST(GpuSparse, RefusesWhatItCannotDo) {
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine("gpu-sparse");
  // Unit costs shifted by potentials: about half the arcs cost less than zero.
  const TestGraph negative = make_graph({50, 3.0, true, false, 100}, rng);
  ASSERT_TRUE(negative.graph.has_negative_weights());
  EXPECT_THROW(engine->run(negative.graph, options_for(DistType::Int32), {}), Error);
  const TestGraph t = make_graph({50, 3.0, false, false, 0}, rng);
  ApspOptions next = options_for(DistType::Int32);
  next.next_hop = true;
  EXPECT_THROW(engine->run(t.graph, next, {}), Error);
  EXPECT_FALSE(engine->supports(DistType::Int64));
  ApspOptions two = options_for(DistType::Int32);
  two.gpus = parse_gpu_set("0+0");
  EXPECT_THROW(engine->run(t.graph, two, {}), Error);
}

}  // namespace
}  // namespace pathscope::gpu_test
