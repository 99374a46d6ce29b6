#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "pathscope/io/random_graph.hpp"
#include "pathscope/layout/layout.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope_ui_common/layout_cache.hpp"

namespace {

pathscope::Graph grid_graph(int width, int height) {
  // Built directly so this test needs nothing but the Graph struct.
  pathscope::Graph g;
  g.n = width * height;
  g.directed = false;
  g.offsets.push_back(0);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      auto add = [&](int nx, int ny) {
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) return;
        g.heads.push_back(ny * width + nx);
        g.weights.push_back(1);
      };
      add(x - 1, y);
      add(x + 1, y);
      add(x, y - 1);
      add(x, y + 1);
      g.offsets.push_back(static_cast<std::int64_t>(g.heads.size()));
    }
  }
  return g;
}

double distance(const std::vector<float>& p, int a, int b) {
  return std::hypot(p[2 * a] - p[2 * b], p[2 * a + 1] - p[2 * b + 1]);
}

// A good layout of a grid keeps grid distance: neighbours close, far corners far.
TEST(Layout, GridNeighboursCloseAndCornersFar) {
  const int width = 23, height = 17;
  const auto g = grid_graph(width, height);
  const auto p = pathscope::force_layout(g, {}, {});
  ASSERT_EQ(p.size(), static_cast<std::size_t>(g.n) * 2);
  double edge_sum = 0;
  int edges = 0;
  for (int u = 0; u < g.n; ++u) {
    ASSERT_TRUE(std::isfinite(p[2 * u]) && std::isfinite(p[2 * u + 1]));
    for (auto a = g.offsets[u]; a < g.offsets[u + 1]; ++a, ++edges) edge_sum += distance(p, u, g.heads[a]);
  }
  const double mean_edge = edge_sum / edges;
  const double diagonal = distance(p, 0, g.n - 1);
  const double anti_diagonal = distance(p, width - 1, g.n - width);
  // An untangled 23x17 grid has diagonals of about 28 edge lengths; a folded one far less.
  EXPECT_GT(diagonal, 15 * mean_edge);
  EXPECT_GT(anti_diagonal, 15 * mean_edge);
}

TEST(Layout, DeterministicFromSeed) {
  pathscope::LoadReport report;
  const auto g = pathscope::generate_random_graph(pathscope::parse_random_spec("random:n=777,deg=3,seed=5"), report);
  pathscope::LayoutOptions options;
  options.iterations = 60;
  const auto first = pathscope::force_layout(g, options, {});
  const auto second = pathscope::force_layout(g, options, {});
  EXPECT_EQ(first, second);
  options.seed = 6;
  EXPECT_NE(pathscope::force_layout(g, options, {}), first);
}

TEST(Layout, ProgressRisesAndCancelStops) {
  pathscope::LoadReport report;
  const auto g = pathscope::generate_random_graph(pathscope::parse_random_spec("random:n=1501,deg=4,seed=2"), report);
  std::atomic<bool> cancel{false};
  std::vector<double> seen;
  pathscope::JobContext job(
      [&](double f) {
        seen.push_back(f);
        if (seen.size() == 7) cancel = true;
      },
      &cancel);
  EXPECT_THROW(pathscope::force_layout(g, {}, job), pathscope::Cancelled);
  ASSERT_EQ(seen.size(), 7u);
  for (std::size_t i = 1; i < seen.size(); ++i) EXPECT_GT(seen[i], seen[i - 1]);
}

TEST(Layout, CacheRoundTripAndRejectsWrongSize) {
  const auto dir = std::filesystem::temp_directory_path() / ("layout-cache-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  ::setenv("XDG_CACHE_HOME", dir.c_str(), 1);
  EXPECT_EQ(pathscope::layout_cache_dir(), (dir / "pathscope").string());

  pathscope::LoadReport report;
  const auto g = pathscope::generate_random_graph(pathscope::parse_random_spec("random:n=333,deg=3,seed=9"), report);
  pathscope::LayoutOptions options;
  options.iterations = 40;
  const std::string hash(64, 'a');
  bool from_cache = true;
  const auto computed = pathscope::cached_force_layout(g, hash, options, {}, &from_cache);
  EXPECT_FALSE(from_cache);
  EXPECT_EQ(computed, pathscope::force_layout(g, options, {}));

  std::atomic<bool> cancel{true};  // a cache hit must not even start the computation
  const auto cached = pathscope::cached_force_layout(g, hash, options, pathscope::JobContext({}, &cancel), &from_cache);
  EXPECT_TRUE(from_cache);
  EXPECT_EQ(cached, computed);

  const std::string path = pathscope::layout_cache_path(hash, g, options);
  EXPECT_FALSE(pathscope::read_layout_cache(path, g.n + 1).has_value());
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 3);
  EXPECT_FALSE(pathscope::read_layout_cache(path, g.n).has_value());

  options.seed = 2;  // other options, other file
  EXPECT_NE(pathscope::layout_cache_path(hash, g, options), path);
  std::filesystem::remove_all(dir);
}

}  // namespace
