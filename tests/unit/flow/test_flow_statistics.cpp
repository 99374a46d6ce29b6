// The draws behave as chances: on graphs whose layer distributions are known, 10,000
// repetitions with a fresh seed land within Hoeffding's bound, P(|mean - p| >= t) <=
// 2 exp(-2 R t^2), chosen so that a correct engine fails less than once in 10^9 runs.
#include <gtest/gtest.h>

#include <cmath>

#include "fresh_seed.hpp"
#include "pathscope/flow/information_flow.hpp"

using namespace pathscope;

namespace {

constexpr std::int32_t kRepetitions = 10000;
// 2 exp(-2 R t^2) = 1e-9.
const double kBound = std::sqrt(std::log(2e9) / (2.0 * kRepetitions));

FlowOptions options_from(std::int32_t seed_node) {
  FlowOptions o;
  o.seeds = {seed_node};
  o.repetitions = kRepetitions;
  o.seed = test_support::fresh_seed();
  return o;
}

}  // namespace

// 0 -> 1 and 2 -> 1 with equal strengths: each a share of 1/2, at saturation 1 a chance of 1/2.
TEST(FlowStatistics, HalfChanceArcIsCrossedHalfTheTime) {
  Graph g;
  g.n = 3;
  g.offsets = {0, 1, 1, 2};
  g.heads = {1, 1};
  g.weights = {1, 1};
  g.arc_strengths = {7, 7};
  FlowOptions o = options_from(0);
  o.saturation_share = 1;
  const FlowResult r = make_flow_engine("cpu")->run(g, o, {});
  const double fraction = static_cast<double>(r.times_reached[1]) / kRepetitions;
  EXPECT_LT(std::fabs(fraction - 0.5), kBound) << r.times_reached[1] << " of " << kRepetitions;
  EXPECT_EQ(r.mean_layer[1], 2);
  EXPECT_EQ(r.layer_deviation[1], 0);
  EXPECT_EQ(r.times_reached[2], 0);
}

// Node 1 is reached at layer 2 over 0 -> 1 (share 1/4, saturation 1/2: chance 1/2), else at
// layer 3 over 0 -> 2 -> 1 (shares 1 and 3/4: certain). Its layer is 2 or 3 with chance 1/2
// each: mean 2.5, standard deviation 0.5 (over the repetitions, not a sample estimate).
TEST(FlowStatistics, MeanAndDeviationOfTheLayerFollowTheChances) {
  Graph g;
  g.n = 3;
  g.offsets = {0, 2, 2, 3};
  g.heads = {1, 2, 1};
  g.weights = {1, 1, 1};
  g.arc_strengths = {1, 4, 3};
  FlowOptions o = options_from(0);
  o.saturation_share = 0.5;
  const FlowResult r = make_flow_engine("cpu")->run(g, o, {});
  EXPECT_EQ(r.times_reached[1], kRepetitions);
  const double direct = 3 - r.mean_layer[1];  // the share of runs that took the direct arc
  EXPECT_LT(std::fabs(direct - 0.5), kBound) << r.mean_layer[1];
  EXPECT_NEAR(r.layer_deviation[1], std::sqrt(direct * (1 - direct)), 1e-12);
  EXPECT_LT(std::fabs(r.layer_deviation[1] - 0.5), 0.01);  // sqrt(q(1-q)) moves far less than q near 1/2
  EXPECT_EQ(r.mean_layer[2], 2);
}
