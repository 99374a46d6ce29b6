// Every command that prints paths prints them in the one path schema (pathscope/path/3):
// `path`, `path --pairs`, `paths --k` and `paths --all`, each document's paths held by the
// same checker (support/path_json_checks.hpp) against the graph loaded here and a
// Bellman-Ford reference, on a fresh random graph of an awkward size, and on a generated
// connectome, whose hops carry synapses and cell types.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_binary.hpp"
#include "fresh_seed.hpp"
#include "path_json_checks.hpp"
#include "pathscope/io/load.hpp"
#include "random_graphs.hpp"

namespace {

using nlohmann::json;
using test_support::check_path_object;
using test_support::run_cli;

// A DIMACS file of n nodes with random arcs, parallel ones and ties among them.
std::string random_dimacs(std::uint64_t seed, std::int32_t n) {
  pathscope::SplitMix64 rng(seed);
  std::ostringstream arcs;
  std::int64_t m = 0;
  for (std::int32_t u = 1; u <= n; ++u) {
    const auto degree = rng.below(5);
    for (std::uint32_t i = 0; i < degree; ++i, ++m)
      arcs << "a " << u << ' ' << 1 + rng.below(std::uint32_t(n)) << ' ' << 1 + rng.below(9) << '\n';
  }
  return "p sp " + std::to_string(n) + ' ' + std::to_string(m) + '\n' + arcs.str();
}

json parsed(const test_support::CliRun& run) {
  EXPECT_TRUE(run.exited && (run.code == 0 || run.code == 3)) << run.describe();
  return json::parse(run.out);
}

TEST(CliPathSchema, PathPairsAndPathsShareOneSchema) {
  const std::uint64_t seed = test_support::fresh_seed();
  test_support::ScratchFolder dir;
  const std::int32_t n = 41 + static_cast<std::int32_t>(seed % 60);
  const std::string file = dir.write("g.gr", random_dimacs(seed, n));
  const pathscope::Graph g = pathscope::load_graph(file).graph;
  pathscope::SplitMix64 rng(seed + 1);
  std::string pairs_text;
  std::vector<std::pair<std::int32_t, std::int32_t>> pairs;
  int reachable = 0;
  for (int trial = 0; trial < 8; ++trial) {
    const auto s = static_cast<std::int32_t>(rng.below(std::uint32_t(g.n)));
    const auto t = static_cast<std::int32_t>(rng.below(std::uint32_t(g.n)));
    pairs.emplace_back(s, t);
    const std::string a = std::to_string(g.display_id(s)), b = std::to_string(g.display_id(t));
    pairs_text += a + " " + b + "\n";
    const double reference = pathscope::testing::reference_distances(g, s)[std::size_t(t)];
    const json path = parsed(run_cli({"path", file, a, b, "--json"}));
    EXPECT_EQ(path["schema"], pathscope::kPathSchema);
    check_path_object(path, g, reference);
    if (std::isinf(reference)) continue;
    ++reachable;
    const json k = parsed(run_cli({"paths", file, a, b, "--k", "4", "--json"}));
    EXPECT_EQ(k["schema"], "pathscope/paths/2");
    EXPECT_EQ(k["path_schema"], pathscope::kPathSchema);
    ASSERT_FALSE(k["paths"].empty());
    for (std::size_t i = 0; i < k["paths"].size(); ++i)
      check_path_object(k["paths"][i], g, i == 0 ? std::optional<double>(reference) : std::nullopt);
    const json all = parsed(run_cli({"paths", file, a, b, "--all", "--json"}));
    ASSERT_FALSE(all["paths"].empty());
    for (const auto& p : all["paths"]) check_path_object(p, g, reference);
  }
  const std::string pairs_file = dir.write("pairs.txt", pairs_text);
  const json batch = parsed(run_cli({"path", file, "--pairs", pairs_file, "--json"}));
  EXPECT_EQ(batch["schema"], "pathscope/path-pairs/2");
  EXPECT_EQ(batch["path_schema"], pathscope::kPathSchema);
  ASSERT_EQ(batch["paths"].size(), pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    EXPECT_EQ(batch["paths"][i]["source"]["index"], pairs[i].first);
    check_path_object(batch["paths"][i], g, pathscope::testing::reference_distances(g, pairs[i].first)[std::size_t(pairs[i].second)]);
  }
  EXPECT_GT(reachable, 0) << "no reachable pair among the 8 drawn; n=" << n;
}

TEST(CliPathSchema, ConnectomeHopsCarrySynapsesAndCellTypes) {
  const std::uint64_t seed = test_support::fresh_seed() % 100000;
  const std::string spec = "connectome:n=" + std::to_string(300 + seed % 200) + ",seed=" + std::to_string(seed) + ",types=7";
  pathscope::LoadOptions options;
  options.cost_rule = pathscope::EdgeCostRule::Inverse;
  const pathscope::Graph g = pathscope::load_graph(spec, options).graph;
  ASSERT_TRUE(g.has_arc_strengths());
  int checked = 0;
  for (std::int32_t s = 0; s < g.n && checked < 2; s += 1 + g.n / 5) {
    const std::int32_t t = (s + g.n / 3) % g.n;
    const double reference = pathscope::testing::reference_distances(g, s)[std::size_t(t)];
    if (std::isinf(reference)) continue;
    const json path = parsed(run_cli({"path", spec, g.names[s], g.names[t], "--cost-rule", "inverse", "--json"}));
    check_path_object(path, g, reference);
    const json k = parsed(run_cli({"paths", spec, g.names[s], g.names[t], "--cost-rule", "inverse", "--k", "2", "--json"}));
    ASSERT_FALSE(k["paths"].empty());
    check_path_object(k["paths"][0], g, reference);
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

}  // namespace
