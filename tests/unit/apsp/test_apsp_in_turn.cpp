#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <vector>

#include "pathscope/apsp/apsp_in_turn.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace {

using namespace pathscope;

Graph small_graph() {
  RandomGraphSpec spec;
  spec.n = 120;
  spec.seed = 9;
  LoadReport report;
  return generate_random_graph(spec, report);
}

// Wraps a real engine, reports progress in steps and counts its runs; it can ask the job's
// cancel flag to be set part-way through (the person pressing Cancel).
class SteppedEngine : public ApspEngine {
 public:
  SteppedEngine(std::string inner, std::string reason = {}) : inner_(make_apsp_engine(inner)), reason_(std::move(reason)) {}
  std::string name() const override { return "stepped-" + inner_->name(); }
  std::string unavailable_reason() const override { return reason_; }
  bool supports(DistType t) const override { return inner_->supports(t); }
  ApspResult run(const Graph& g, const ApspOptions& options, const JobContext& job) const override {
    ++runs;
    for (int step = 0; step <= 10; ++step) {
      if (step == 5 && cancel_at_half) cancel_at_half->store(true);
      job.check_cancel();
      job.report(step / 10.0);
    }
    // The inner engine's own reports would restart at 0; the steps above stand for them.
    return inner_->run(g, options, JobContext{});
  }
  mutable int runs = 0;
  std::atomic<bool>* cancel_at_half = nullptr;

 private:
  std::unique_ptr<ApspEngine> inner_;
  std::string reason_;
};

TEST(ApspInTurn, ProgressIsMonotoneFromZeroToOneOverBothEngines) {
  const Graph g = small_graph();
  auto first = std::make_shared<SteppedEngine>("blocked");
  auto second = std::make_shared<SteppedEngine>("textbook");
  std::vector<double> seen;
  std::atomic<bool> cancel{false};
  const JobContext job([&seen](double f) { seen.push_back(f); }, &cancel);
  ApspOptions options;
  const auto outcomes = run_apsp_in_turn(g, options, {{first, true}, {second, false}}, job);
  ASSERT_EQ(outcomes.size(), 2u);
  EXPECT_EQ(first->runs, 1);
  EXPECT_EQ(second->runs, 1);
  ASSERT_FALSE(seen.empty());
  EXPECT_DOUBLE_EQ(seen.front(), 0.0);
  EXPECT_DOUBLE_EQ(seen.back(), 1.0);
  for (std::size_t i = 1; i < seen.size(); ++i) EXPECT_GE(seen[i], seen[i - 1]) << "at report " << i;
  // Each engine gets its half: the first one's last step lands at 0.5, the second's at 1.
  EXPECT_NE(std::find(seen.begin(), seen.end(), 0.5), seen.end());
  EXPECT_EQ(outcomes[0].engine, first->name());
  EXPECT_GT(outcomes[0].timing.seconds, 0);
  EXPECT_GT(outcomes[1].timing.seconds, 0);
  ASSERT_TRUE(outcomes[0].result);
  EXPECT_FALSE(outcomes[1].result) << "a result not asked for is not kept";
  // The kept matrix is the real one: it agrees with an independent engine's.
  const auto reference = make_apsp_engine("sparse")->run(g, options, JobContext{});
  EXPECT_EQ(outcomes[0].result->d32, reference.d32);
}

TEST(ApspInTurn, ACancelDuringTheFirstEngineStopsTheWholeJob) {
  const Graph g = small_graph();
  std::atomic<bool> cancel{false};
  auto first = std::make_shared<SteppedEngine>("blocked");
  first->cancel_at_half = &cancel;
  auto second = std::make_shared<SteppedEngine>("textbook");
  const JobContext job([](double) {}, &cancel);
  EXPECT_THROW(run_apsp_in_turn(g, ApspOptions{}, {{first, false}, {second, false}}, job), Cancelled);
  EXPECT_EQ(first->runs, 1);
  EXPECT_EQ(second->runs, 0) << "the second engine must not start after a cancel";
}

TEST(ApspInTurn, TheBudgetIsCheckedOnceBeforeAnythingRuns) {
  const Graph g = small_graph();
  auto first = std::make_shared<SteppedEngine>("blocked");
  auto second = std::make_shared<SteppedEngine>("textbook");
  ApspOptions options;
  const std::uint64_t one_matrix = apsp_result_bytes(g.n, options.dist, false);
  // Room for one matrix at a time (with the slack an engine's padded tiles need), but
  // keeping the first while the second runs needs two.
  options.memory_budget = one_matrix * 3 / 2;
  EXPECT_THROW(run_apsp_in_turn(g, options, {{first, true}, {second, false}}, JobContext{}), OverBudget);
  EXPECT_EQ(first->runs + second->runs, 0) << "nothing may run before the budget check";
  EXPECT_NO_THROW(run_apsp_in_turn(g, options, {{first, false}, {second, true}}, JobContext{}));
  EXPECT_EQ(first->runs, 1);
  EXPECT_EQ(second->runs, 1);
  options.memory_budget = one_matrix - 1;
  EXPECT_THROW(run_apsp_in_turn(g, options, {{first, false}}, JobContext{}), OverBudget);
  EXPECT_EQ(first->runs, 1);
}

TEST(ApspInTurn, AnUnavailableEngineIsSkippedAndSaysWhy) {
  const Graph g = small_graph();
  auto cpu = std::make_shared<SteppedEngine>("blocked");
  auto gpu = std::make_shared<SteppedEngine>("textbook", "no GPU here");
  std::vector<double> seen;
  std::atomic<bool> cancel{false};
  const JobContext job([&seen](double f) { seen.push_back(f); }, &cancel);
  const auto outcomes = run_apsp_in_turn(g, ApspOptions{}, {{cpu, false}, {gpu, false}}, job);
  EXPECT_TRUE(outcomes[0].ran());
  EXPECT_FALSE(outcomes[1].ran());
  EXPECT_EQ(outcomes[1].unavailable_reason, "no GPU here");
  EXPECT_EQ(gpu->runs, 0);
  // The one engine that ran has the whole range.
  EXPECT_DOUBLE_EQ(seen.back(), 1.0);
  EXPECT_NE(std::find(seen.begin(), seen.end(), 0.5), seen.end());
}

}  // namespace
