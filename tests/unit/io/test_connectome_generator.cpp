// The connectome generator: the same spec gives the same graph, degrees and synapse counts are
// heavy-tailed, every neuron has a type, side and position, and --min-synapses and the cost rule
// act on it as on a connection table (checked against the unthresholded graph's own arcs).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "fresh_seed.hpp"
#include "pathscope/io/connectome_generator.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/runtime/error.hpp"

using namespace pathscope;

namespace {

std::string spec_for(std::uint64_t seed, std::int32_t n) {
  return "connectome:n=" + std::to_string(n) + ",seed=" + std::to_string(seed % 1000000);
}

}  // namespace

TEST(ConnectomeGenerator, SameSpecSameGraph) {
  const std::string spec = spec_for(test_support::fresh_seed(), 1500);
  LoadOptions options;
  options.cost_rule = EdgeCostRule::Hops;
  const auto a = load_graph(spec, options);
  const auto b = load_graph(spec, options);
  EXPECT_EQ(a.graph.offsets, b.graph.offsets);
  EXPECT_EQ(a.graph.heads, b.graph.heads);
  EXPECT_EQ(a.graph.arc_strengths, b.graph.arc_strengths);
  EXPECT_EQ(a.graph.ids, b.graph.ids);
  EXPECT_EQ(a.graph.names, b.graph.names);
  EXPECT_EQ(a.graph.coords, b.graph.coords);
  const auto other = load_graph(spec + "1", options);  // another seed
  EXPECT_NE(a.graph.heads, other.graph.heads);
}

TEST(ConnectomeGenerator, HeavyTailsTypesAndAttributes) {
  const std::uint64_t seed = test_support::fresh_seed();
  const std::int32_t n = 3000 + static_cast<std::int32_t>(seed % 997);
  LoadOptions options;
  options.cost_rule = EdgeCostRule::Hops;
  const auto loaded = load_graph(spec_for(seed, n), options);
  const Graph& g = loaded.graph;
  ASSERT_EQ(g.n, n);
  ASSERT_EQ(g.coord_dims, 3);
  ASSERT_TRUE(g.has_arc_strengths());
  std::vector<std::int64_t> in(n, 0), out(n, 0);
  double synapses = 0, most = 0;
  for (std::int32_t u = 0; u < n; ++u)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      ++out[u];
      ++in[g.heads[a]];
      EXPECT_EQ(g.weights[a], 1);
      EXPECT_GE(g.arc_strengths[a], 1);
      synapses += g.arc_strengths[a];
      most = std::max(most, g.arc_strengths[a]);
    }
  const double mean = static_cast<double>(g.arc_count()) / n;
  // Heavy tails: the best-connected neuron has many times the mean, both ways.
  EXPECT_GT(static_cast<double>(*std::max_element(out.begin(), out.end())), 5 * mean);
  EXPECT_GT(static_cast<double>(*std::max_element(in.begin(), in.end())), 5 * mean);
  EXPECT_GT(most, 10 * synapses / static_cast<double>(g.arc_count()));
  std::set<std::int64_t> ids(g.ids.begin(), g.ids.end());
  EXPECT_EQ(ids.size(), static_cast<std::size_t>(n)) << "root ids repeat";
  for (const auto id : g.ids) EXPECT_GT(id, std::int64_t{1} << 53) << "root ids should need 64 bits";
  std::set<std::string> names(g.names.begin(), g.names.end());
  EXPECT_EQ(names.size(), static_cast<std::size_t>(n)) << "names repeat";
  const AttributeColumn* type = g.node_attributes.find("cell_type");
  ASSERT_NE(type, nullptr);
  std::map<std::string, int> members;
  for (std::int32_t u = 0; u < n; ++u) {
    ASSERT_TRUE(type->has(u));
    ++members[type->text[u]];
    for (const char* column : {"super_class", "side", "flow", "nt_type"})
      EXPECT_FALSE(g.node_attributes.find(column)->to_text(u).empty()) << column;
    EXPECT_EQ(g.names[u].rfind(type->text[u] + "_", 0), 0u) << "a name starts with its type";
  }
  EXPECT_EQ(members.size(), static_cast<std::size_t>(std::max(1, n / 300)));
}

TEST(ConnectomeGenerator, MinSynapsesKeepsExactlyTheStrongArcs) {
  const std::string spec = spec_for(test_support::fresh_seed(), 2000);
  LoadOptions all;
  all.cost_rule = EdgeCostRule::Inverse;
  all.min_synapses = 0;
  LoadOptions strong = all;
  strong.min_synapses = 5;
  const Graph a = load_graph(spec, all).graph;
  const auto b = load_graph(spec, strong);
  std::int64_t expected = 0;
  for (std::int64_t i = 0; i < a.arc_count(); ++i) expected += a.arc_strengths[i] >= 5;
  EXPECT_EQ(b.graph.arc_count(), expected);
  for (std::int32_t u = 0; u < b.graph.n; ++u)
    for (std::int64_t i = b.graph.offsets[u]; i < b.graph.offsets[u + 1]; ++i) {
      EXPECT_GE(b.graph.arc_strengths[i], 5);
      EXPECT_DOUBLE_EQ(b.graph.weights[i], 1.0 / b.graph.arc_strengths[i]);
    }
  bool said = false;
  for (const auto& note : b.report.notes) said = said || note.find("fewer than 5 synapses") != std::string::npos;
  EXPECT_TRUE(said);
}

TEST(ConnectomeGenerator, RefusesBadSpecs) {
  for (const char* bad : {"connectome:n=0", "connectome:n=10,seed=-1", "connectome:n=10,colour=3", "connectome:n=abc",
                          "connectome:n=10,deg=5000", "connectome:n=10,types"})
    EXPECT_THROW(load_graph(bad), Error) << bad;
}
