// The textbook engine's progress must not run ahead of its work, or the time-left figure built
// from it is too short. Its work is rows relaxed: at pivot k, a row i costs n cell updates when
// d[i][k] is finite and nothing otherwise, so on a sparse graph early pivots are cheap. The
// count comes from a Floyd-Warshall written here.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "fresh_seed.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "random_graphs.hpp"

namespace pathscope {
namespace {

// Share of all rows relaxed that are done after each pivot.
std::vector<double> work_done_after_each_pivot(const Graph& g) {
  const std::size_t n = static_cast<std::size_t>(g.n);
  constexpr double kInf = std::numeric_limits<double>::infinity();
  std::vector<double> d(n * n, kInf);
  for (std::size_t u = 0; u < n; ++u) {
    d[u * n + u] = 0;
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      d[u * n + g.heads[a]] = std::min(d[u * n + g.heads[a]], g.weights[a]);
  }
  std::vector<double> cumulative;
  double rows = 0;
  for (std::size_t k = 0; k < n; ++k) {
    for (std::size_t i = 0; i < n; ++i) {
      if (std::isinf(d[i * n + k])) continue;
      ++rows;
      for (std::size_t j = 0; j < n; ++j) d[i * n + j] = std::min(d[i * n + j], d[i * n + k] + d[k * n + j]);
    }
    cumulative.push_back(rows);
  }
  for (auto& c : cumulative) c /= rows;
  return cumulative;
}

}  // namespace

TEST(TextbookProgress, NeverAheadOfTheWorkDone) {
  testing::GraphRecipe recipe;
  recipe.n = 180;  // below 200 pivots the engine reports after every one
  recipe.mean_degree = 1.5;
  recipe.seed = test_support::fresh_seed();
  const Graph g = testing::make_graph(recipe);
  const std::vector<double> work = work_done_after_each_pivot(g);
  // The graph must make early pivots cheap, or the test would prove nothing.
  ASSERT_LT(work[recipe.n / 4], 0.15) << testing::describe(recipe);

  std::vector<double> reported;
  const JobContext job([&](double fraction) { reported.push_back(fraction); }, nullptr);
  make_apsp_engine("textbook")->run(g, ApspOptions{}, job);
  ASSERT_EQ(reported.size(), work.size()) << testing::describe(recipe);
  for (std::size_t k = 0; k < work.size(); ++k)
    ASSERT_LE(reported[k], work[k] + 1e-12) << "after pivot " << k << ", " << testing::describe(recipe);
  EXPECT_EQ(reported.back(), 1.0);
  for (std::size_t k = 1; k < reported.size(); ++k) EXPECT_GE(reported[k], reported[k - 1]) << "pivot " << k;
}

}  // namespace pathscope
