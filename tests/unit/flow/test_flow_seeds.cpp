// Seeds from a cell type, a list and a file; per-type layer summaries against a grouping
// written here; the layers as node columns.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include "flow_graphs.hpp"
#include "fresh_seed.hpp"
#include "pathscope/flow/flow_seeds.hpp"
#include "pathscope/flow/information_flow.hpp"
#include "pathscope/flow/type_layers.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/runtime/error.hpp"
#include "scratch_folder.hpp"

using namespace pathscope;

namespace {

Graph small_brain() {
  return load_graph("connectome:n=2311,types=40,seed=" + std::to_string(test_support::fresh_seed() % 100000)).graph;
}

// Three named nodes with types, ids 10, 20, 30.
Graph named_graph() {
  Graph g;
  g.n = 3;
  g.offsets = {0, 0, 0, 0};
  g.ids = {10, 20, 30};
  g.names = {"alpha", "beta", "Gamma"};
  auto& type = g.node_attributes.column("cell_type", AttributeType::Text, 3);
  type.set_text(0, "ORN_DA1");
  type.set_text(1, "orn_da1");
  type.set_text(2, "PN");
  return g;
}

std::string error_of(const std::function<void()>& call) {
  try {
    call();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST(FlowSeeds, TypeNamesEveryNodeOfIt) {
  const Graph g = small_brain();
  const AttributeColumn* types = g.node_attributes.find("cell_type");
  ASSERT_NE(types, nullptr);
  for (const std::string type : {"ORN1", "KC1", "PN1"}) {
    std::vector<std::int32_t> expected;
    for (std::int32_t u = 0; u < g.n; ++u)
      if (types->text[u] == type) expected.push_back(u);
    ASSERT_FALSE(expected.empty()) << type;
    EXPECT_EQ(seeds_of_type(g, type), expected) << type;
  }
  EXPECT_NE(error_of([&] { seeds_of_type(g, "NoSuchType"); }).find("no node has cell_type 'NoSuchType'"),
            std::string::npos);
}

TEST(FlowSeeds, TypeAsSpelledFirstThenIgnoringCase) {
  const Graph g = named_graph();
  EXPECT_EQ(seeds_of_type(g, "orn_da1"), (std::vector<std::int32_t>{1}));
  EXPECT_EQ(seeds_of_type(g, " pn "), (std::vector<std::int32_t>{2}));
  Graph untyped = g;
  untyped.node_attributes = {};
  EXPECT_NE(error_of([&] { seeds_of_type(untyped, "PN"); }).find("no cell-type column"), std::string::npos);
}

TEST(FlowSeeds, ListsAndFilesNameNodesByIdOrName) {
  const Graph g = named_graph();
  EXPECT_EQ(seeds_from_keys(g, {"30", "alpha", "gamma", "10"}), (std::vector<std::int32_t>{2, 0}));
  EXPECT_NE(error_of([&] { seeds_from_keys(g, {"alpha", "delta"}); }).find("'delta'"), std::string::npos);

  std::istringstream in("# receptor neurons\n\n  20 \nalpha\n# done\n");
  EXPECT_EQ(read_seeds(in, "seeds.txt", g), (std::vector<std::int32_t>{1, 0}));
  std::istringstream bad("alpha\n\nepsilon\n");
  try {
    read_seeds(bad, "seeds.txt", g);
    ADD_FAILURE() << "accepted an unknown name";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.line(), 3);
    EXPECT_NE(std::string(e.what()).find("seeds.txt:3"), std::string::npos) << e.what();
  }
  std::istringstream empty("# nothing\n");
  EXPECT_NE(error_of([&] { read_seeds(empty, "seeds.txt", g); }).find("no seed nodes"), std::string::npos);

  const test_support::ScratchFolder folder;
  EXPECT_EQ(read_seed_file(folder.write("s.txt", "beta\n30\n"), g), (std::vector<std::int32_t>{1, 2}));
  EXPECT_NE(error_of([&] { read_seed_file(folder.file("missing.txt"), g); }).find("cannot open"), std::string::npos);
}

// type_layers against a grouping written here, on a flow run over a generated brain.
TEST(FlowSeeds, TypeSummariesMatchAGroupingByHand) {
  const Graph g = small_brain();
  FlowOptions o;
  o.seeds = seeds_of_type(g, "ORN1");
  o.repetitions = 40;
  o.seed = test_support::fresh_seed();
  const FlowResult r = make_flow_engine("cpu")->run(g, o, {});
  const auto rows = type_layers(g, r);
  const AttributeColumn* types = g.node_attributes.find("cell_type");
  std::map<std::string, std::vector<double>> means;
  std::map<std::string, int> sizes;
  for (std::int32_t u = 0; u < g.n; ++u) {
    ++sizes[types->text[u]];
    if (r.times_reached[u] > 0) means[types->text[u]].push_back(r.mean_layer[u]);
  }
  ASSERT_EQ(rows.size(), sizes.size());
  double previous = 0;
  bool unreached_seen = false;
  for (const auto& row : rows) {
    EXPECT_EQ(row.nodes, sizes[row.type]) << row.type;
    auto m = means[row.type];
    EXPECT_EQ(row.reached, static_cast<std::int32_t>(m.size())) << row.type;
    if (m.empty()) {
      unreached_seen = true;
      EXPECT_TRUE(std::isnan(row.mean_of_means)) << row.type;
      continue;
    }
    EXPECT_FALSE(unreached_seen) << row.type << ": a reached type after an unreached one";
    std::sort(m.begin(), m.end());
    double sum = 0;
    for (const double x : m) sum += x;
    EXPECT_NEAR(row.mean_of_means, sum / static_cast<double>(m.size()), 1e-12) << row.type;
    const std::size_t k = m.size();
    EXPECT_EQ(row.median_of_means, k % 2 ? m[k / 2] : (m[k / 2 - 1] + m[k / 2]) / 2) << row.type;
    EXPECT_GE(row.mean_of_means, previous) << row.type;
    previous = row.mean_of_means;
  }
  EXPECT_EQ(rows.front().type, "ORN1");  // the seeds' own type, all at layer 1
}

TEST(FlowSeeds, ColumnsHoldTheLayersAndLeaveUnreachedNodesEmpty) {
  const auto c = flow_test::random_flow_case(test_support::fresh_seed(), 211, 30);
  Graph g = c.graph;
  g.node_attributes.column("side", AttributeType::Text, static_cast<std::size_t>(g.n));
  const FlowResult r = make_flow_engine("cpu")->run(g, c.options, {});
  add_flow_columns(g, r);
  // A second run with other seeds replaces every value of the first.
  FlowOptions other = c.options;
  other.seeds = {other.seeds.front()};
  other.max_steps = 1;
  const FlowResult only_seed = make_flow_engine("cpu")->run(g, other, {});
  add_flow_columns(g, only_seed);
  const AttributeColumn* layer = g.node_attributes.find("flow_layer");
  const AttributeColumn* deviation = g.node_attributes.find("flow_layer_sd");
  const AttributeColumn* reached = g.node_attributes.find("flow_reached");
  ASSERT_TRUE(layer && deviation && reached) << c.text;
  for (std::int32_t v = 0; v < g.n; ++v) {
    const bool is_seed = v == other.seeds.front();
    EXPECT_EQ(layer->has(v), is_seed) << c.text << " node " << v;
    EXPECT_EQ(reached->integers[v], is_seed ? other.repetitions : 0) << c.text << " node " << v;
    if (is_seed) {
      EXPECT_EQ(layer->reals[v], 1);
      EXPECT_EQ(deviation->reals[v], 0);
    }
  }
  Graph clash = c.graph;
  clash.node_attributes.column("flow_layer", AttributeType::Text, static_cast<std::size_t>(g.n));
  EXPECT_THROW(add_flow_columns(clash, r), Error);
}
