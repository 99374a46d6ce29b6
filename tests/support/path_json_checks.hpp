#pragma once
// The one checker of the path schema (pathscope/path/3, docs/path-json.md), for every front
// end that writes it: `path --json`, `path --pairs --json`, `paths --json` and the explorer's
// export (path_export.hpp). Each path object is held against the graph it was computed on:
// the hops join by arcs of the graph at the costs written, per-hop values and attributes are
// the graph's, cumulative adds up to the distance, and the distance is the reference's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "pathscope/graph/graph.hpp"

namespace test_support {

// The arc u -> v of the graph's CSR, -1 when there is none (a CSR has no parallel arcs).
inline std::int64_t csr_arc(const pathscope::Graph& g, std::int32_t u, std::int32_t v) {
  for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
    if (g.heads[a] == v) return a;
  return -1;
}

// A column's value as the schema types it: written out here, apart from the writer.
inline nlohmann::json expected_attribute(const pathscope::AttributeColumn& column, std::size_t at) {
  using pathscope::AttributeType;
  if (column.type == AttributeType::Integer) return column.integers[at];
  if (column.type == AttributeType::Boolean) return column.integers[at] != 0;
  if (column.type == AttributeType::Real)
    return std::isfinite(column.reals[at]) ? nlohmann::json(column.reals[at]) : nlohmann::json();
  return column.text[at];
}

inline void check_attributes(const nlohmann::json& written, const pathscope::AttributeTable& table, std::size_t at,
                             const std::string& where) {
  ASSERT_TRUE(written.is_object()) << where << ": " << written.dump();
  std::size_t present = 0;
  for (const auto& column : table.columns) {
    if (!column.has(at)) {
      EXPECT_FALSE(written.contains(column.name)) << where << " " << column.name << " is missing in the graph";
      continue;
    }
    ++present;
    ASSERT_TRUE(written.contains(column.name)) << where << " lacks " << column.name << ": " << written.dump();
    const nlohmann::json want = expected_attribute(column, at);
    if (want.is_number_float())
      EXPECT_DOUBLE_EQ(written[column.name].get<double>(), want.get<double>()) << where << " " << column.name;
    else
      EXPECT_EQ(written[column.name], want) << where << " " << column.name;
  }
  EXPECT_EQ(written.size(), present) << where << ": " << written.dump();
}

inline bool near(double a, double b) { return std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)}); }

// `expected_distance`: the reference's distance (+inf when unreachable); nullopt when the path
// need not be a shortest one (the k-th of k shortest paths).
inline void check_path_object(const nlohmann::json& p, const pathscope::Graph& g, std::optional<double> expected_distance) {
  const std::string doc = p.dump().substr(0, 600);
  for (const char* key : {"source", "target", "reachable", "distance", "hops", "per_hop", "nodes"})
    ASSERT_TRUE(p.contains(key)) << "no " << key << " in " << doc;
  for (const char* end : {"source", "target"}) {
    const auto u = p[end]["index"].get<std::int32_t>();
    ASSERT_TRUE(u >= 0 && u < g.n) << doc;
    EXPECT_EQ(p[end]["id"].get<std::int64_t>(), g.display_id(u)) << doc;
    EXPECT_EQ(p[end]["label"].get<std::string>(), g.label(u)) << doc;
  }
  const std::string per_hop = g.has_arc_strengths() ? "synapses" : "cost";
  EXPECT_EQ(p["per_hop"], per_hop) << doc;
  if (!p["reachable"].get<bool>()) {
    if (expected_distance) EXPECT_TRUE(std::isinf(*expected_distance)) << doc;
    EXPECT_TRUE(p["distance"].is_null()) << doc;
    EXPECT_TRUE(p["nodes"].empty()) << doc;
    EXPECT_EQ(p["hops"], 0) << doc;
    return;
  }
  const double distance = p["distance"].get<double>();
  if (expected_distance) EXPECT_TRUE(near(distance, *expected_distance)) << distance << " vs " << *expected_distance;
  const auto& nodes = p["nodes"];
  ASSERT_EQ(nodes.size(), p["hops"].get<std::size_t>() + 1) << doc;
  EXPECT_EQ(nodes.front()["index"], p["source"]["index"]) << doc;
  EXPECT_EQ(nodes.back()["index"], p["target"]["index"]) << doc;
  double sum = 0;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const auto& node = nodes[i];
    const auto u = node["index"].get<std::int32_t>();
    const std::string where = "node " + std::to_string(i) + " (" + std::to_string(u) + ")";
    EXPECT_EQ(node["id"].get<std::int64_t>(), g.display_id(u)) << where;
    if (!g.node_attributes.empty()) check_attributes(node["attributes"], g.node_attributes, std::size_t(u), where);
    if (i == 0) {
      EXPECT_EQ(node["cumulative"].get<double>(), 0) << where;
      EXPECT_FALSE(node.contains("arc_cost")) << where;
      continue;
    }
    const auto from = nodes[i - 1]["index"].get<std::int32_t>();
    const std::int64_t arc = csr_arc(g, from, u);
    ASSERT_GE(arc, 0) << where << ": no arc " << from << " -> " << u;
    const double cost = node["arc_cost"].get<double>();
    EXPECT_EQ(cost, g.weights[std::size_t(arc)]) << where;
    const double value = node[per_hop].get<double>();
    EXPECT_EQ(value, g.has_arc_strengths() ? g.arc_strengths[std::size_t(arc)] : cost) << where;
    const double before = nodes[i - 1]["cumulative"].get<double>();
    sum += cost;
    EXPECT_TRUE(near(node["cumulative"].get<double>(), before + cost)) << where;
    if (cost >= 0) EXPECT_GE(node["cumulative"].get<double>(), before) << where << ": cumulative went down";
    if (!g.arc_attributes.empty()) check_attributes(node["arc_attributes"], g.arc_attributes, std::size_t(arc), where + " arc");
    else EXPECT_FALSE(node.contains("arc_attributes")) << where;
  }
  EXPECT_TRUE(near(sum, distance)) << sum << " vs " << distance;
  EXPECT_TRUE(near(nodes.back()["cumulative"].get<double>(), distance));
}

}  // namespace test_support
