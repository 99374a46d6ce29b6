// Exhaustive search and Held-Karp against the test's own brute force on fresh random
// instances: symmetric and asymmetric, whole and fractional costs, k = 3..11.
#include <gtest/gtest.h>

#include <random>

#include "pathscope/tsp/tsp.hpp"
#include "tsp_reference.hpp"

using namespace pathscope;

namespace {

struct Case {
  bool symmetric, integer_costs;
};

class TspExact : public testing::TestWithParam<Case> {};

TEST_P(TspExact, ExhaustiveAndHeldKarpEqualBruteForce) {
  const auto [symmetric, integer_costs] = GetParam();
  const std::uint64_t seed = tsp_test::fresh_seed();
  SCOPED_TRACE(testing::Message() << "seed " << seed);
  std::mt19937_64 rng(seed);
  for (int k = 3; k <= 11; ++k) {
    const auto instance = random_tsp_instance(k, rng(), symmetric, integer_costs);
    ASSERT_EQ(instance.symmetric, symmetric);
    ASSERT_EQ(instance.integer_costs, integer_costs);
    const double optimum = tsp_test::brute_force_optimum(instance);
    for (auto algorithm : {TspAlgorithm::Exhaustive, TspAlgorithm::HeldKarp}) {
      SCOPED_TRACE(testing::Message() << "k=" << k << " " << tsp_algorithm_name(algorithm));
      TspOptions options;
      options.threads = 1 + static_cast<int>(rng() % 3);
      const auto result = make_tsp_engine(tsp_engine_name(algorithm, TspBackend::Cpu))->run(instance, options, {});
      tsp_test::expect_valid_tour(instance, result);
      EXPECT_NEAR(result.length, optimum, tsp_test::tolerance(instance, optimum));
      EXPECT_TRUE(result.proven_optimal);
      EXPECT_EQ(result.algorithm, algorithm);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Kinds, TspExact,
                         testing::Values(Case{true, true}, Case{false, true}, Case{true, false}, Case{false, false}));

}  // namespace

TEST(TspExact, EveryWidthOfIntegerSums) {
  const std::uint64_t seed = tsp_test::fresh_seed();
  SCOPED_TRACE(testing::Message() << "seed " << seed);
  std::mt19937_64 rng(seed);
  for (bool symmetric : {true, false})
    for (double factor : {1.0, 1000.0, 1e9}) {  // int16, int32 and int64 sums
      const auto instance = tsp_test::scaled(random_tsp_instance(9, rng(), symmetric, true), factor);
      const double optimum = tsp_test::brute_force_optimum(instance);
      for (auto algorithm : {TspAlgorithm::Exhaustive, TspAlgorithm::HeldKarp}) {
        TspOptions options;
        EXPECT_EQ(make_tsp_engine(tsp_engine_name(algorithm, TspBackend::Cpu))->run(instance, options, {}).length, optimum)
            << tsp_algorithm_name(algorithm) << " factor " << factor;
      }
    }
  EXPECT_EQ(held_karp_entry_bytes(random_tsp_instance(9, 1, true, true)), 2u);
  EXPECT_EQ(held_karp_entry_bytes(tsp_test::scaled(random_tsp_instance(9, 1, true, true), 1000)), 4u);
  EXPECT_EQ(held_karp_entry_bytes(tsp_test::scaled(random_tsp_instance(9, 1, true, true), 1e9)), 8u);
}

TEST(TspExact, TinyInstances) {
  for (int k = 1; k <= 2; ++k) {
    const auto instance = random_tsp_instance(k, 5, false, true);
    for (auto algorithm : {TspAlgorithm::Exhaustive, TspAlgorithm::HeldKarp, TspAlgorithm::TwoOpt}) {
      TspOptions options;
      const auto result = make_tsp_engine(tsp_engine_name(algorithm, TspBackend::Cpu))->run(instance, options, {});
      tsp_test::expect_valid_tour(instance, result);
      EXPECT_DOUBLE_EQ(result.length, tsp_test::brute_force_optimum(instance));
    }
  }
}

// A matrix given by hand whose optimum is forced: the cheap arcs form one cycle 0->3->1->4->2->0.
TEST(TspExact, HandMadeAsymmetricOptimum) {
  TspInstance instance;
  instance.name = "hand";
  instance.k = 5;
  instance.cost.assign(25, 50);
  for (int i = 0; i < 5; ++i) instance.cost[i * 5 + i] = 0;
  const int cycle[] = {0, 3, 1, 4, 2};
  for (int i = 0; i < 5; ++i) instance.cost[cycle[i] * 5 + cycle[(i + 1) % 5]] = 1 + i;
  finish_tsp_instance(instance);
  EXPECT_FALSE(instance.symmetric);
  for (auto algorithm : {TspAlgorithm::Exhaustive, TspAlgorithm::HeldKarp, TspAlgorithm::TwoOpt}) {
    TspOptions options;
    const auto result = make_tsp_engine(tsp_engine_name(algorithm, TspBackend::Cpu))->run(instance, options, {});
    EXPECT_EQ(result.length, 15) << tsp_algorithm_name(algorithm);
    EXPECT_EQ(result.tour, std::vector<std::int32_t>({0, 3, 1, 4, 2})) << tsp_algorithm_name(algorithm);
  }
}

TEST(TspExact, ExhaustiveTimeLimitGivesPartialUnprovenAnswer) {
  const auto instance = random_tsp_instance(14, tsp_test::fresh_seed(), false, true);
  TspOptions options;
  options.time_limit_seconds = 0.05;
  const auto result = make_tsp_engine("brute")->run(instance, options, {});
  tsp_test::expect_valid_tour(instance, result);
  EXPECT_FALSE(result.proven_optimal);
  EXPECT_GT(result.fraction_searched, 0.0);
  EXPECT_LT(result.fraction_searched, 1.0);
}

TEST(TspExact, CancelStopsTheSearch) {
  const auto instance = random_tsp_instance(15, 3, false, true);
  std::atomic<bool> cancel{false};
  int reports = 0;
  JobContext job([&](double) { if (++reports == 2) cancel = true; }, &cancel);
  TspOptions options;
  EXPECT_THROW(make_tsp_engine("brute")->run(instance, options, job), Cancelled);
}
