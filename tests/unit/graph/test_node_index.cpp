// Finding nodes by id, name or attribute value (NodeIndex) against a brute-force scan of the
// graph's own columns, on fresh generated connectomes: every cell type, side and super class
// finds exactly the nodes holding that value, in any letter case; names and 64-bit ids find
// their node; completion keys hold every name and value once, sorted.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "fresh_seed.hpp"
#include "pathscope/graph/node_index.hpp"
#include "pathscope/io/load.hpp"

using namespace pathscope;

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Nodes whose value in some text or integer column equals key, ignoring case, by a scan.
std::set<std::int32_t> scan(const Graph& g, const std::string& key) {
  std::set<std::int32_t> nodes;
  for (const auto& c : g.node_attributes.columns) {
    if (c.type != AttributeType::Text && c.type != AttributeType::Integer) continue;
    for (std::int32_t u = 0; u < g.n; ++u)
      if (c.has(static_cast<std::size_t>(u)) && lower(c.to_text(static_cast<std::size_t>(u))) == lower(key)) nodes.insert(u);
  }
  return nodes;
}

}  // namespace

TEST(NodeIndex, AttributeValuesFindExactlyTheNodesHoldingThem) {
  const std::uint64_t seed = test_support::fresh_seed();
  const auto n = 200 + static_cast<int>(seed % 317);
  const LoadedGraph loaded = load_graph("connectome:n=" + std::to_string(n) + ",seed=" + std::to_string(seed % 100000), {});
  const Graph& g = loaded.graph;
  const NodeIndex index(g);
  const AttributeColumn* types = type_column(g);
  ASSERT_NE(types, nullptr);
  EXPECT_EQ(types->name, "cell_type");
  std::set<std::string> tried;
  for (const auto& column : g.node_attributes.columns) {
    if (column.type != AttributeType::Text) continue;
    for (std::int32_t u = 0; u < g.n; u += 7) {
      if (!column.has(static_cast<std::size_t>(u))) continue;
      const std::string value = column.to_text(static_cast<std::size_t>(u));
      if (!tried.insert(value).second) continue;
      // Upper case half the time: people type "epg" for EPG.
      std::string key = tried.size() % 2 ? value : lower(value);
      const NodeLookup found = index.find("  " + key + " ");
      const auto want = scan(g, value);
      std::set<std::int32_t> got;
      for (const auto& m : found.matches) {
        EXPECT_TRUE(std::is_sorted(m.nodes.begin(), m.nodes.end()));
        for (const auto v : m.nodes) {
          const AttributeColumn* c = g.node_attributes.find(m.column);
          ASSERT_NE(c, nullptr);
          EXPECT_EQ(c->to_text(static_cast<std::size_t>(v)), m.value);
          got.insert(v);
        }
      }
      EXPECT_EQ(got, want) << "key " << key;
      const auto all = found.all_nodes();
      std::set<std::int32_t> want_all = want;
      if (found.node) want_all.insert(*found.node);
      EXPECT_EQ(std::set<std::int32_t>(all.begin(), all.end()), want_all);
      EXPECT_EQ(all.size(), want_all.size());
      if (found.node) EXPECT_EQ(all.front(), *found.node);
    }
  }
  EXPECT_GT(tried.size(), 3u);
  EXPECT_TRUE(index.find("no such value anywhere").empty());
}

TEST(NodeIndex, NamesAndIdsFindTheirNodeAsTheGraphDoes) {
  const std::uint64_t seed = test_support::fresh_seed();
  const auto n = 150 + static_cast<int>(seed % 211);
  const LoadedGraph loaded = load_graph("connectome:n=" + std::to_string(n) + ",seed=" + std::to_string(seed % 99991), {});
  const Graph& g = loaded.graph;
  ASSERT_FALSE(g.names.empty());
  ASSERT_FALSE(g.ids.empty());
  const NodeIndex index(g);
  for (std::int32_t u = 0; u < g.n; ++u) {
    EXPECT_EQ(index.find(g.names[u]).node, g.find_node(g.names[u])) << g.names[u];
    EXPECT_EQ(index.find(lower(g.names[u])).node, g.find_node(lower(g.names[u])));
    EXPECT_EQ(index.find(std::to_string(g.ids[u])).node, g.find_node(std::to_string(g.ids[u])));
  }
  EXPECT_FALSE(index.find("-1").node);
  // Completion offers each name and value once, sorted ignoring case.
  const auto& keys = index.keys();
  const std::set<std::string> unique(keys.begin(), keys.end());
  EXPECT_EQ(unique.size(), keys.size());
  EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end(),
                             [](const std::string& a, const std::string& b) { return lower(a) < lower(b); }));
  for (std::int32_t u = 0; u < g.n; ++u) EXPECT_TRUE(unique.count(g.names[u])) << g.names[u];
  const AttributeColumn* types = type_column(g);
  ASSERT_NE(types, nullptr);
  for (std::int32_t u = 0; u < g.n; ++u) EXPECT_TRUE(unique.count(types->to_text(static_cast<std::size_t>(u))));
}
