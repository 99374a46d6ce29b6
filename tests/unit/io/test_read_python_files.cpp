// Files written by the tools users have (python3-networkx and python3-igraph: GraphML, GEXF,
// GML, Pajek, node-link JSON) on fresh random graphs with typed node attributes and positions, read back and
// compared with what the script says it wrote: nodes, every edge and weight, attributes.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

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

void expect_attribute(const AttributeColumn& column, std::int32_t u, const json& value, const std::string& what) {
  ASSERT_TRUE(column.has(u)) << what;
  if (value.is_boolean()) {
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
  const auto& edges = expected["edges"];
  EXPECT_EQ(g.arc_count(), static_cast<std::int64_t>(edges.size()) * (directed ? 1 : 2)) << path;
  EXPECT_EQ(g.directed, directed) << path;
  const readtest::ArcMap arcs = readtest::arcs_by_label(g);
  for (const auto& edge : edges) {
    const std::string u = edge[0], v = edge[1];
    const double w = edge[2];
    for (const auto& key : directed ? std::vector<std::pair<std::string, std::string>>{{u, v}}
                                    : std::vector<std::pair<std::string, std::string>>{{u, v}, {v, u}}) {
      const auto it = arcs.find(key);
      ASSERT_NE(it, arcs.end()) << path << ": no arc " << key.first << " -> " << key.second;
      EXPECT_TRUE(close(it->second, w)) << path << ": " << key.first << " -> " << key.second << " costs " << it->second
                                        << ", written " << w;
    }
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
