// The path schema written from a graph built here, with typed node and edge attributes
// (text, integer, real with NaN, boolean, some missing): every hop's arc attributes are the
// arc's, a path given by arcs (k shortest) and one given by costs (a search) read the same,
// and the distances are a Bellman-Ford reference's.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "fresh_seed.hpp"
#include "path_json_checks.hpp"
#include "pathscope/export/path_export.hpp"
#include "pathscope/paths/path.hpp"
#include "pathscope/paths/path_sets.hpp"
#include "random_graphs.hpp"

namespace {

using namespace pathscope;

// Attributes on every node and arc, each column with a few values missing.
void add_attributes(Graph& g, SplitMix64& rng) {
  const std::size_t arcs = g.arc_attribute_count();
  // Every column made before any is held: column() may move the ones made earlier.
  g.arc_attributes.column("lanes", AttributeType::Integer, arcs);
  g.arc_attributes.column("speed", AttributeType::Real, arcs);
  g.arc_attributes.column("road", AttributeType::Text, arcs);
  g.arc_attributes.column("toll", AttributeType::Boolean, arcs);
  auto& lanes = *g.arc_attributes.find("lanes");
  auto& speed = *g.arc_attributes.find("speed");
  auto& road = *g.arc_attributes.find("road");
  auto& toll = *g.arc_attributes.find("toll");
  for (std::size_t a = 0; a < arcs; ++a) {
    if (rng.unit() < 0.9) lanes.set_integer(a, static_cast<std::int64_t>(rng.below(4)) + (std::int64_t{1} << 40));
    if (rng.unit() < 0.9) speed.set_real(a, rng.unit() < 0.1 ? NAN : rng.unit() * 130);
    if (rng.unit() < 0.9) road.set_text(a, "r\"" + std::to_string(rng.below(1000)));
    if (rng.unit() < 0.9) toll.set_integer(a, rng.below(2));
  }
  auto& side = g.node_attributes.column("side", AttributeType::Text, std::size_t(g.n));
  for (std::int32_t u = 0; u < g.n; ++u)
    if (rng.unit() < 0.8) side.set_text(std::size_t(u), rng.unit() < 0.5 ? "left" : "right");
}

TEST(PathJsonSchema, HopsCarryTheArcsAttributesAndMatchTheReference) {
  const std::uint64_t seed = test_support::fresh_seed();
  pathscope::testing::GraphRecipe recipe;
  recipe.seed = seed;
  recipe.n = 37 + static_cast<std::int32_t>(seed % 50);
  recipe.mean_degree = 2.5;
  recipe.costs = pathscope::testing::Costs::Quarters;
  recipe.zero_share = 0.05;
  Graph g = pathscope::testing::make_graph(recipe);
  SplitMix64 rng(seed);
  add_attributes(g, rng);
  PathExportInfo info;
  info.graph_file = "built-in-test";
  int reachable = 0;
  for (int trial = 0; trial < 30; ++trial) {
    const auto s = static_cast<std::int32_t>(rng.below(std::uint32_t(g.n)));
    const auto t = static_cast<std::int32_t>(rng.below(std::uint32_t(g.n)));
    const auto reference = pathscope::testing::reference_distances(g, s);
    const nlohmann::json doc = nlohmann::json::parse(path_to_json(g, path_single_source(g, s, t), info));
    EXPECT_EQ(doc["schema"], kPathSchema);
    EXPECT_EQ(doc["kind"], "path");
    test_support::check_path_object(doc, g, reference[std::size_t(t)]);
    if (!doc["reachable"].get<bool>()) continue;
    ++reachable;
    // The same pair through the arcs of the k shortest paths: the first is a shortest one.
    const auto k = k_shortest_paths(g, s, t, 3);
    ASSERT_FALSE(k.empty());
    double previous = -INFINITY;
    for (std::size_t i = 0; i < k.size(); ++i) {
      const nlohmann::json p = path_object(g, k[i], info);
      test_support::check_path_object(p, g, i == 0 ? std::optional<double>(reference[std::size_t(t)]) : std::nullopt);
      EXPECT_GE(p["distance"].get<double>(), previous);
      previous = p["distance"].get<double>();
    }
  }
  EXPECT_GT(reachable, 3) << pathscope::testing::describe(recipe);
}

}  // namespace
