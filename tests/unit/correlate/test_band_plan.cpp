// The bands a correlation over several GPUs deals out: they tile the rows in whole tiles, no
// taller than allowed, no more than asked for; the costliest is as cheap as any cut can make it
// (a dynamic program over every cut, on small cases); and dealt round-robin to P ranks, the
// busiest rank has barely more than its share, less than with bands of one height.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>

#include "fresh_seed.hpp"
#include "pathscope/correlate/detail/band_plan.hpp"

namespace pathscope::correlate {
namespace {

void expect_valid(const std::vector<std::int64_t>& edges, std::int64_t rows, std::int64_t bands, std::int64_t tile,
                  std::int64_t max_height) {
  const std::int64_t top = (std::max<std::int64_t>(rows, 1) + tile - 1) / tile * tile;
  ASSERT_GE(edges.size(), 2u);
  EXPECT_EQ(edges.front(), 0);
  EXPECT_EQ(edges.back(), top);
  EXPECT_LE(static_cast<std::int64_t>(edges.size()) - 1, std::max(bands, (top + max_height - 1) / max_height));
  for (std::size_t k = 1; k < edges.size(); ++k) {
    EXPECT_GT(edges[k], edges[k - 1]);
    EXPECT_EQ(edges[k] % tile, 0);
    EXPECT_LE(edges[k] - edges[k - 1], max_height);
  }
}

double costliest(const std::vector<std::int64_t>& edges, std::int64_t padded) {
  double most = 0;
  for (std::size_t k = 1; k < edges.size(); ++k) most = std::max(most, band_cost(edges[k - 1], edges[k], padded));
  return most;
}

// The smallest costliest band over every cut of `tiles` tile rows into at most `bands` bands.
double best_possible(std::int64_t tiles, std::int64_t tile, std::int64_t padded, std::int64_t bands,
                     std::int64_t max_tiles) {
  const double inf = std::numeric_limits<double>::infinity();
  // best[k][i]: the first i tile rows in k bands.
  std::vector<std::vector<double>> best(bands + 1, std::vector<double>(tiles + 1, inf));
  best[0][0] = 0;
  for (std::int64_t k = 1; k <= bands; ++k)
    for (std::int64_t i = 1; i <= tiles; ++i)
      for (std::int64_t j = std::max<std::int64_t>(0, i - max_tiles); j < i; ++j)
        best[k][i] = std::min(best[k][i], std::max(best[k - 1][j], band_cost(j * tile, i * tile, padded)));
  double answer = inf;
  for (std::int64_t k = 1; k <= bands; ++k) answer = std::min(answer, best[k][tiles]);
  return answer;
}

TEST(BandPlan, TheCostliestBandIsAsCheapAsAnyCutMakesIt) {
  std::mt19937_64 rng(test_support::fresh_seed());
  for (int round = 0; round < 300; ++round) {
    const std::int64_t tile = 1 + static_cast<std::int64_t>(rng() % 9);
    const std::int64_t rows = 1 + static_cast<std::int64_t>(rng() % (40 * tile));
    const std::int64_t top = (rows + tile - 1) / tile * tile;
    const std::int64_t padded = top + tile * static_cast<std::int64_t>(rng() % 3);
    const std::int64_t bands = 1 + static_cast<std::int64_t>(rng() % 12);
    const std::int64_t max_tiles = 1 + static_cast<std::int64_t>(rng() % 50);
    SCOPED_TRACE("rows " + std::to_string(rows) + " tile " + std::to_string(tile) + " bands " + std::to_string(bands) +
                 " max tiles " + std::to_string(max_tiles));
    const auto edges = equal_cost_band_edges(rows, padded, bands, tile, max_tiles * tile);
    expect_valid(edges, rows, bands, tile, max_tiles * tile);
    const std::int64_t tiles = top / tile;
    if ((tiles + max_tiles - 1) / max_tiles > bands) continue;  // the height limit rules; checked above
    EXPECT_NEAR(costliest(edges, padded), best_possible(tiles, tile, padded, bands, max_tiles), 0.5);
  }
}

// The busiest rank's cost when band b goes to rank b % ranks.
double busiest_rank(const std::vector<std::int64_t>& edges, std::int64_t padded, int ranks) {
  std::vector<double> load(static_cast<std::size_t>(ranks), 0);
  for (std::size_t k = 1; k < edges.size(); ++k)
    load[(k - 1) % static_cast<std::size_t>(ranks)] += band_cost(edges[k - 1], edges[k], padded);
  return *std::max_element(load.begin(), load.end());
}

TEST(BandPlan, DealtRoundRobinEveryRankHasItsShare) {
  std::mt19937_64 rng(test_support::fresh_seed());
  constexpr std::int64_t kTile = 128, kMaxHeight = std::int64_t{65535} * kTile;
  for (int round = 0; round < 40; ++round) {
    const std::int64_t rows = 200000 + static_cast<std::int64_t>(rng() % 12000000);
    const std::int64_t padded = (rows + kTile - 1) / kTile * kTile;
    const int ranks = 2 + static_cast<int>(rng() % 7);
    const std::int64_t bands = 8 * ranks;
    SCOPED_TRACE("rows " + std::to_string(rows) + " ranks " + std::to_string(ranks));
    const auto edges = equal_cost_band_edges(rows, padded, bands, kTile, kMaxHeight);
    expect_valid(edges, rows, bands, kTile, kMaxHeight);
    double total = 0;
    for (std::size_t k = 1; k < edges.size(); ++k) total += band_cost(edges[k - 1], edges[k], padded);
    const double share = total / ranks;
    EXPECT_LE(busiest_rank(edges, padded, ranks), 1.02 * share);
    // Bands of one height (n / 8P rounded up to tiles), as the dealing used before.
    const std::int64_t height = ((rows + bands - 1) / bands + kTile - 1) / kTile * kTile;
    std::vector<std::int64_t> even{0};
    while (even.back() < padded) even.push_back(std::min(padded, even.back() + height));
    EXPECT_LT(busiest_rank(edges, padded, ranks), busiest_rank(even, padded, ranks));
  }
}

}  // namespace
}  // namespace pathscope::correlate
