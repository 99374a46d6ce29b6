// Files written by the tools users have (python3-networkx and python3-igraph: GraphML, GEXF,
// GML, Pajek, node-link JSON) on fresh random graphs and multigraphs with typed node, edge and
// graph attributes and positions, read back and compared with what the script says networkx or
// igraph held: nodes, every edge (parallel edges and self-loops too) with its weight and
// attributes, graph attributes.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

#include "fresh_seed.hpp"
#include "pathscope/io/load.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using json = nlohmann::json;

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool close(double a, double b) { return std::fabs(a - b) <= 1e-6 * std::max(1.0, std::fabs(b)); }

// A number as both sides write it for comparing: NaN and the infinities by name.
std::string number_text(double value) {
  if (std::isnan(value)) return "n:nan";
  if (std::isinf(value)) return value > 0 ? "n:inf" : "n:-inf";
  char text[40];
  std::snprintf(text, sizeof text, "n:%.12g", value);
  return text;
}

// An expected value ({"nonfinite": ...} for NaN and infinities) and a stored one in one form:
// integers and reals meet as numbers, since a column of both widens to reals.
std::string expected_text(const json& value) {
  if (value.is_object()) return "n:" + value["nonfinite"].get<std::string>();
  if (value.is_boolean()) return value.get<bool>() ? "b:true" : "b:false";
  if (value.is_number()) return number_text(value.get<double>());
  return "s:" + value.get<std::string>();
}
std::string stored_text(const AttributeColumn& column, std::size_t i) {
  switch (column.type) {
    case AttributeType::Boolean: return column.integers[i] ? "b:true" : "b:false";
    case AttributeType::Integer: return number_text(static_cast<double>(column.integers[i]));
    case AttributeType::Real: return number_text(column.reals[i]);
    case AttributeType::Text: break;
  }
  return "s:" + column.text[i];
}

// Every edge as one line: its ends (in label order when undirected), weight and the named
// attributes it has.
std::string edge_line(std::string u, std::string v, bool directed, double weight, const std::string& attributes) {
  if (!directed && v < u) std::swap(u, v);
  return u + " -> " + v + " " + number_text(weight) + " {" + attributes + "}";
}

std::vector<std::string> expected_edges(const json& expected) {
  std::vector<std::string> lines;
  for (const auto& edge : expected["edges"]) {
    std::string attributes;
    for (const auto& name : expected["edge_attributes"]) {
      if (edge[3].contains(name)) attributes += name.get<std::string>() + "=" + expected_text(edge[3][name]) + ";";
    }
    lines.push_back(edge_line(edge[0], edge[1], expected["directed"], edge[2].get<double>(), attributes));
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

std::vector<std::string> loaded_edges(const Graph& g, const json& names) {
  std::vector<const AttributeColumn*> columns;
  for (const auto& name : names) columns.push_back(g.arc_attributes.find(name.get<std::string>()));
  const auto attributes = [&](std::size_t element) {
    std::string text;
    for (std::size_t c = 0; c < columns.size(); ++c) {
      if (columns[c] && columns[c]->has(element)) text += names[c].get<std::string>() + "=" + stored_text(*columns[c], element) + ";";
    }
    return text;
  };
  std::vector<std::string> lines;
  for (std::int32_t u = 0; u < g.n; ++u) {
    for (auto a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      if (!g.directed && g.heads[a] < u) continue;  // an undirected edge once
      lines.push_back(edge_line(g.label(u), g.label(g.heads[a]), g.directed, g.weights[a], attributes(static_cast<std::size_t>(a))));
    }
  }
  for (std::size_t i = 0; i < g.self_loops.size(); ++i) {
    const auto& loop = g.self_loops[i];
    lines.push_back(edge_line(g.label(loop.node), g.label(loop.node), g.directed, loop.weight, attributes(g.self_loop_attribute_index(i))));
  }
  for (std::size_t i = 0; i < g.extra_arcs.size(); ++i) {
    const auto& extra = g.extra_arcs[i];
    lines.push_back(edge_line(g.label(extra.tail), g.label(extra.head), g.directed, extra.weight, attributes(g.extra_arc_attribute_index(i))));
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

void expect_attribute(const AttributeColumn& column, std::int32_t u, const json& value, const std::string& what) {
  ASSERT_TRUE(column.has(u)) << what;
  if (value.is_object()) {
    EXPECT_EQ(stored_text(column, static_cast<std::size_t>(u)), expected_text(value)) << what;
  } else if (value.is_boolean()) {
    ASSERT_TRUE(column.type == AttributeType::Boolean || column.type == AttributeType::Integer) << what;
    EXPECT_EQ(column.integers[u], value.get<bool>() ? 1 : 0) << what;
  } else if (value.is_number_integer()) {
    if (column.type == AttributeType::Real) EXPECT_DOUBLE_EQ(column.reals[u], value.get<double>()) << what;
    else EXPECT_EQ(column.integers[u], value.get<std::int64_t>()) << what;
  } else if (value.is_number()) {
    ASSERT_EQ(column.type, AttributeType::Real) << what;
    EXPECT_TRUE(close(column.reals[u], value.get<double>())) << what << ": " << column.reals[u] << " vs " << value;
  } else {
    ASSERT_EQ(column.type, AttributeType::Text) << what;
    EXPECT_EQ(column.text[u], value.get<std::string>()) << what;
  }
}

void check_file(const json& expected) {
  const std::string path = expected["file"];
  LoadOptions options;
  if (expected["options"].contains("weight_attribute")) options.weight_attribute = expected["options"]["weight_attribute"];
  const LoadedGraph loaded = load_graph(path, options);
  const Graph& g = loaded.graph;
  const auto& nodes = expected["nodes"];
  ASSERT_EQ(g.n, static_cast<std::int32_t>(nodes.size())) << path;
  std::map<std::string, std::int32_t> by_label;
  for (std::int32_t u = 0; u < g.n; ++u) by_label[g.label(u)] = u;
  ASSERT_EQ(by_label.size(), nodes.size()) << path << ": node labels are not the ones written";
  const bool directed = expected["directed"];
  EXPECT_EQ(g.directed, directed) << path;
  // Every edge, parallel ones and self-loops too, with its weight and attributes: as multisets.
  const std::vector<std::string> want = expected_edges(expected), got = loaded_edges(g, expected["edge_attributes"]);
  EXPECT_EQ(got.size(), want.size()) << path;
  std::vector<std::string> missing, unexpected;
  std::set_difference(want.begin(), want.end(), got.begin(), got.end(), std::back_inserter(missing));
  std::set_difference(got.begin(), got.end(), want.begin(), want.end(), std::back_inserter(unexpected));
  for (std::size_t i = 0; i < std::min<std::size_t>(missing.size(), 5); ++i) ADD_FAILURE() << path << ": not read: " << missing[i];
  for (std::size_t i = 0; i < std::min<std::size_t>(unexpected.size(), 5); ++i) ADD_FAILURE() << path << ": read but not written: " << unexpected[i];
  for (const auto& [name, value] : expected["graph"].items()) {
    const AttributeColumn* column = g.graph_attributes.find(name);
    ASSERT_NE(column, nullptr) << path << ": no graph attribute " << name;
    ASSERT_TRUE(column->has(0)) << path << ": graph attribute " << name;
    EXPECT_EQ(stored_text(*column, 0), expected_text(value)) << path << ": graph attribute " << name;
  }
  for (const auto& [label, attributes] : nodes.items()) {
    ASSERT_TRUE(by_label.count(label)) << path << ": no node " << label;
    const std::int32_t u = by_label[label];
    for (const auto& [name, value] : attributes.items()) {
      if (name == "pos") {
        ASSERT_GE(g.coord_dims, 2) << path;
        EXPECT_TRUE(close(g.coords[static_cast<std::size_t>(u) * g.coord_dims], value[0].get<double>())) << path;
        EXPECT_TRUE(close(g.coords[static_cast<std::size_t>(u) * g.coord_dims + 1], value[1].get<double>())) << path;
        continue;
      }
      const AttributeColumn* column = g.node_attributes.find(name);
      ASSERT_NE(column, nullptr) << path << ": no attribute " << name;
      expect_attribute(*column, u, value, path + " node " + label + " " + name);
    }
  }
}

}  // namespace

TEST(ReadPythonFiles, NetworkxAndIgraphFilesReadAsWritten) {
  const auto seed = test_support::fresh_seed();
  readtest::TempDir dir;
  const std::string out = dir.file("written");
  const std::string command = std::string(PATHSCOPE_SYSTEM_PYTHON) + " " + PATHSCOPE_INTEROP_SCRIPT + " " + out + " " +
                              std::to_string(seed % 1000000007) + " 2>" + dir.file("python.err");
  ASSERT_EQ(std::system(command.c_str()), 0) << command << "\n" << read_text(dir.file("python.err"));
  std::ifstream in(out + "/expected.json");
  const json expected = json::parse(in);
  ASSERT_GE(expected.size(), 10u);
  for (const auto& file : expected) {
    SCOPED_TRACE(file["file"].get<std::string>());
    check_file(file);
  }
}
