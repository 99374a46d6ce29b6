#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>

#include "pathscope/export/path_export.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/paths/path.hpp"
#include "pathscope/runtime/error.hpp"

namespace {

// Brute-force all-pairs distances (Floyd-Warshall on a dense copy) as the reference.
std::vector<double> floyd(const pathscope::Graph& g) {
  const double inf = std::numeric_limits<double>::infinity();
  const std::size_t n = static_cast<std::size_t>(g.n);
  std::vector<double> d(n * n, inf);
  for (std::size_t u = 0; u < n; ++u) {
    d[u * n + u] = 0;
    for (auto a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      d[u * n + g.heads[a]] = std::min(d[u * n + g.heads[a]], g.weights[a]);
    }
  }
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) d[i * n + j] = std::min(d[i * n + j], d[i * n + k] + d[k * n + j]);
  return d;
}

double cheapest_arc(const pathscope::Graph& g, int u, int v) {
  double best = std::numeric_limits<double>::infinity();
  for (auto a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
    if (g.heads[a] == v) best = std::min(best, g.weights[a]);
  return best;
}

class PathExport : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("path-export-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

TEST_F(PathExport, EveryHopMatchesTheGraphAndTheReference) {
  pathscope::LoadReport report;
  const auto g = pathscope::generate_random_graph(pathscope::parse_random_spec("random:n=61,deg=2.5,seed=17"), report);
  const auto reference = floyd(g);
  pathscope::SplitMix64 rng(4);
  std::vector<float> positions(static_cast<std::size_t>(g.n) * 2);
  for (auto& p : positions) p = static_cast<float>(rng.unit() * 100);
  int reachable_seen = 0, unreachable_seen = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const int s = static_cast<int>(rng.below(g.n)), t = static_cast<int>(rng.below(g.n));
    const auto path = pathscope::path_single_source(g, s, t);
    pathscope::PathExportInfo info;
    info.graph_file = "random-graph";
    info.graph_sha256 = std::string(64, 'f');
    info.engine = "dijkstra";
    info.positions = positions;
    info.position_dims = 2;
    pathscope::Timing timing;
    timing.engine = "blocked";
    timing.seconds = 2;
    timing.updates = 10;
    info.timings.push_back(timing);
    const auto file = (dir_ / "path.json").string();
    pathscope::write_path_json(file, g, path, info);
    std::ifstream in(file);
    const auto doc = nlohmann::json::parse(in);

    EXPECT_EQ(doc["source"]["index"], s);
    EXPECT_EQ(doc["target"]["index"], t);
    EXPECT_EQ(doc["graph"]["nodes"], g.n);
    EXPECT_EQ(doc["graph"]["sha256"], info.graph_sha256);
    EXPECT_EQ(doc["engine"], "dijkstra");
    EXPECT_DOUBLE_EQ(doc["timings"][0]["updates_per_second"].get<double>(), 5.0);
    const double expected = reference[static_cast<std::size_t>(s) * g.n + t];
    if (!std::isfinite(expected)) {
      ++unreachable_seen;
      EXPECT_FALSE(doc["reachable"].get<bool>());
      EXPECT_TRUE(doc["distance"].is_null());
      EXPECT_TRUE(doc["nodes"].empty());
      continue;
    }
    ++reachable_seen;
    ASSERT_TRUE(doc["reachable"].get<bool>());
    EXPECT_DOUBLE_EQ(doc["distance"].get<double>(), expected);
    const auto& nodes = doc["nodes"];
    ASSERT_GE(nodes.size(), 1u);
    EXPECT_EQ(nodes.front()["index"], s);
    EXPECT_EQ(nodes.back()["index"], t);
    double sum = 0;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      const int u = nodes[i]["index"];
      EXPECT_FLOAT_EQ(nodes[i]["position"][0].get<float>(), positions[2 * u]);
      EXPECT_FLOAT_EQ(nodes[i]["position"][1].get<float>(), positions[2 * u + 1]);
      if (i == 0) continue;
      const int prev = nodes[i - 1]["index"];
      const double cost = nodes[i]["arc_cost"];
      EXPECT_DOUBLE_EQ(cost, cheapest_arc(g, prev, u));
      sum += cost;
      EXPECT_DOUBLE_EQ(nodes[i]["cumulative"].get<double>(), sum);
    }
    EXPECT_DOUBLE_EQ(sum, expected);
  }
  EXPECT_GT(reachable_seen, 5);
  EXPECT_GT(unreachable_seen, 0);
}

TEST_F(PathExport, UnwritableTargetThrowsAndLeavesNothing) {
  pathscope::LoadReport report;
  const auto g = pathscope::generate_random_graph(pathscope::parse_random_spec("random:n=11,deg=3,seed=1"), report);
  const auto path = pathscope::path_single_source(g, 0, 5);
  const auto file = dir_ / "missing-folder" / "out.json";
  EXPECT_THROW(pathscope::write_path_json(file.string(), g, path, {}), pathscope::Error);
  EXPECT_FALSE(std::filesystem::exists(file));
}

}  // namespace
