// The GPU tour solvers against the CPU ones (themselves checked against brute force in the
// unit tests) on fresh random instances, and GPU 2-opt against its own start.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "pathscope/tsp/tsp.hpp"
#include "shared_data.hpp"
#include "tsp_reference.hpp"

using namespace pathscope;

namespace {

TspResult solve(const TspInstance& instance, TspAlgorithm algorithm, TspBackend backend) {
  return make_tsp_engine(tsp_engine_name(algorithm, backend))->run(instance, TspOptions{}, {});
}

}  // namespace

TEST(TspGpu, DeviceIsThere) { ASSERT_EQ(make_tsp_engine("gpu-held-karp")->unavailable_reason(), ""); }

TEST(TspGpu, ExhaustiveAndHeldKarpEqualTheCpu) {
  const std::uint64_t seed = tsp_test::fresh_seed();
  SCOPED_TRACE(testing::Message() << "seed " << seed);
  std::mt19937_64 rng(seed);
  for (int k = 3; k <= 12; ++k)
    for (bool symmetric : {true, false})
      for (bool integer_costs : {true, false}) {
        SCOPED_TRACE(testing::Message() << "k=" << k << " symmetric=" << symmetric << " integer=" << integer_costs);
        // Whole-number costs cycle through int16, int32 and int64 sums.
        const double factor = integer_costs ? (k % 3 == 0 ? 1.0 : k % 3 == 1 ? 1000.0 : 1e9) : 1.0;
        const auto instance = tsp_test::scaled(random_tsp_instance(k, rng(), symmetric, integer_costs), factor);
        const auto cpu_brute = solve(instance, TspAlgorithm::Exhaustive, TspBackend::Cpu);
        const auto gpu_brute = solve(instance, TspAlgorithm::Exhaustive, TspBackend::Gpu);
        tsp_test::expect_valid_tour(instance, gpu_brute);
        // Same index space, same (cost, index) tie-break: the very same tour.
        EXPECT_EQ(gpu_brute.tour, cpu_brute.tour);
        EXPECT_EQ(gpu_brute.length, cpu_brute.length);
        EXPECT_TRUE(gpu_brute.proven_optimal);
        const auto cpu_dp = solve(instance, TspAlgorithm::HeldKarp, TspBackend::Cpu);
        const auto gpu_dp = solve(instance, TspAlgorithm::HeldKarp, TspBackend::Gpu);
        tsp_test::expect_valid_tour(instance, gpu_dp);
        EXPECT_NEAR(gpu_dp.length, cpu_dp.length, tsp_test::tolerance(instance, cpu_dp.length));
        EXPECT_NEAR(gpu_dp.length, cpu_brute.length, tsp_test::tolerance(instance, cpu_brute.length));
        if (k <= 9) {
          EXPECT_NEAR(gpu_brute.length, tsp_test::brute_force_optimum(instance), tsp_test::tolerance(instance, gpu_brute.length));
        }
      }
}

TEST(TspGpu, ExhaustiveThirteenStopsManyLaunches) {
  // Big enough for several launches and every tail length; the CPU gives the reference.
  const auto instance = random_tsp_instance(13, tsp_test::fresh_seed(), false, true);
  const auto cpu = solve(instance, TspAlgorithm::Exhaustive, TspBackend::Cpu);
  const auto gpu = solve(instance, TspAlgorithm::Exhaustive, TspBackend::Gpu);
  EXPECT_EQ(gpu.tour, cpu.tour);
  EXPECT_EQ(gpu.length, cpu.length);
}

TEST(TspGpu, HeldKarpReachesGr24Optimum) {
  const auto instance = tsp_instance_from_tsplib(test_support::shared_data_file("tsplib/gr24.tsp"));
  const auto result = solve(instance, TspAlgorithm::HeldKarp, TspBackend::Gpu);
  tsp_test::expect_valid_tour(instance, result);
  EXPECT_EQ(result.length, 1272);  // published optimum, shared/data/tsplib/OPTIMA.md
}

TEST(TspGpu, TwoOptNeverWorseThanItsStartAndReachesALocalOptimum) {
  const std::uint64_t seed = tsp_test::fresh_seed();
  SCOPED_TRACE(testing::Message() << "seed " << seed);
  std::mt19937_64 rng(seed);
  for (int k : {5, 17, 64, 257, 1001})
    for (bool symmetric : {true, false}) {
      const auto instance = random_tsp_instance(k, rng(), symmetric, rng() % 2 == 0);
      // A random start, far from any local optimum.
      std::vector<std::int32_t> start(k);
      std::iota(start.begin(), start.end(), 0);
      std::shuffle(start.begin() + 1, start.end(), rng);
      TspOptions from_start;
      from_start.start_tour = start;
      const auto tour = make_tsp_engine("gpu-2opt-descent")->run(instance, from_start, {}).tour;
      check_tour(instance, tour);
      const double before = tour_length(instance, start), after = tour_length(instance, tour);
      EXPECT_LE(after, before) << "k=" << k;
      if (k >= 17) {
        EXPECT_LT(after, before) << "k=" << k;
      }
      // No single reversal improves the result any more (checked here on the CPU, by brute force).
      const double epsilon = instance.integer_costs ? 0.5 : 1e-3;
      for (int i = 0; i < k && k <= 257; ++i)
        for (int j = i + 2; j < k; ++j) {
          if (j - i >= k - 1) continue;
          auto moved = tour;
          std::reverse(moved.begin() + i + 1, moved.begin() + j + 1);
          ASSERT_GE(tour_length(instance, moved), after - epsilon) << "k=" << k << " i=" << i << " j=" << j;
        }
    }
}

TEST(TspGpu, TwoOptBackendWithinTwoPercentOnBerlin52) {
  const auto instance = tsp_instance_from_tsplib(test_support::shared_data_file("tsplib/berlin52.tsp"));
  const auto result = solve(instance, TspAlgorithm::TwoOpt, TspBackend::Gpu);
  tsp_test::expect_valid_tour(instance, result);
  ASSERT_TRUE(result.gap_percent.has_value());
  EXPECT_LE(*result.gap_percent, 2.0);
}
