// The tour search's time limit is a promise: the solver returns a whole tour by the limit plus
// a small margin, whatever phase it is in (neighbour lists, start tours, descents, kicks).
// Only the solver's own time is measured, so building the instance does not count.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "pathscope/runtime/job.hpp"
#include "pathscope/tsp/tsp.hpp"

namespace pathscope {
namespace {

// Loose enough for a loaded two-core machine, tight enough that work done after the limit
// (every start's nearest-neighbour tour, a whole first descent) would break it.
double allowed_seconds(double limit) { return 1.2 * limit + 0.5; }

void expect_within_limit(const TspInstance& instance, TspOptions options) {
  const double start = now_seconds();
  const TspResult result = make_tsp_engine("2opt")->run(instance, options, {});
  const double seconds = now_seconds() - start;
  EXPECT_LE(seconds, allowed_seconds(options.time_limit_seconds)) << "k " << instance.k << ", starts " << options.starts;
  EXPECT_NO_THROW(check_tour(instance, result.tour));
  EXPECT_DOUBLE_EQ(result.length, tour_length(instance, result.tour));
}

TEST(TspTimeLimit, LargeInstanceStopsOnTime) {
  const TspInstance instance = random_tsp_instance(5000, 11, true, true);
  TspOptions options;
  options.time_limit_seconds = 1;
  options.threads = 2;
  options.starts = 32;  // each start's first tour alone is a pass over the whole matrix
  expect_within_limit(instance, options);
}

TEST(TspTimeLimit, AsymmetricInstanceStopsOnTime) {
  const TspInstance instance = random_tsp_instance(3000, 5, false, true);
  TspOptions options;
  options.time_limit_seconds = 0.5;
  options.threads = 2;
  options.starts = 16;
  expect_within_limit(instance, options);
}

TEST(TspTimeLimit, BadLimitsAndCountsAreRefused) {
  const TspInstance instance = random_tsp_instance(6, 1, true, true);
  auto refused = [&](auto change, const std::string& names) {
    TspOptions options;
    change(options);
    try {
      make_tsp_engine("auto")->run(instance, options, {});
      ADD_FAILURE() << "accepted; expected a message naming " << names;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(names), std::string::npos) << e.what();
    }
  };
  refused([](TspOptions& o) { o.time_limit_seconds = std::numeric_limits<double>::quiet_NaN(); }, "--time-limit");
  refused([](TspOptions& o) { o.time_limit_seconds = -1; }, "--time-limit");
  refused([](TspOptions& o) { o.time_limit_seconds = std::numeric_limits<double>::infinity(); }, "--time-limit");
  refused([](TspOptions& o) { o.kicks = -2; }, "--kicks");
  refused([](TspOptions& o) { o.starts = -1; }, "--starts");
  refused([](TspOptions& o) { o.starts = kMaxTspStarts + 1; }, "--starts");
  refused([](TspOptions& o) { o.threads = 1 << 30; }, "threads");
}

TEST(TspTimeLimit, CostMatrixBeyondTheBudgetIsRefused) {
  EngineResources small;
  small.memory_budget = 1 << 20;  // room for 362 stops' doubles at most
  EXPECT_THROW(random_tsp_instance(400, 1, true, true, small), OverBudget);
  EXPECT_NO_THROW(random_tsp_instance(300, 1, true, true, small));
}

}  // namespace
}  // namespace pathscope
