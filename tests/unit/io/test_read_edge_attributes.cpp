// What readers keep besides the weight: NaN and infinities in node-link JSON as Python writes
// them (wherever a 64 KiB block of input cuts them), the extra columns of edge and node tables
// as typed attributes (against a model of the rows), and a clear error for a weight that is not
// finite.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "fresh_seed.hpp"
#include "pathscope/io/load.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using namespace readtest;

namespace {

const AttributeColumn& arc_column(const Graph& g, const std::string& name) {
  const AttributeColumn* c = g.arc_attributes.find(name);
  if (!c) throw std::runtime_error("no arc attribute " + name);
  return *c;
}

}  // namespace

TEST(ReadNonFiniteJson, NanAndInfinitiesAreNumbersWhereverTheInputIsCut) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  TempDir dir;
  // A padding string moves the words across the 64 KiB blocks the reader takes its input in.
  for (int k = 0; k < 24; ++k) {
    const std::size_t pad = (std::size_t{1} << 16) - 40 + static_cast<std::size_t>(k) * 3 + rng() % 3;
    const std::string text = "{\"directed\": true, \"multigraph\": false, \"graph\": {\"pad\": \"" + std::string(pad, 'N') +
                             "\", \"limit\": Infinity, \"floor\": -Infinity, \"word\": \"NaN Infinity\"},\n"
                             "\"nodes\": [{\"id\": 1, \"score\": NaN}, {\"id\": 2, \"score\": -Infinity},"
                             " {\"id\": 3, \"score\": 2.5}],\n"
                             "\"links\": [{\"source\": 1, \"target\": 2, \"weight\": 3, \"slope\": NaN},\n"
                             " {\"source\": 2, \"target\": 3, \"weight\": 1, \"slope\": Infinity}]}\n";
    const std::string path = dir.file("nan" + std::to_string(k) + ".json");
    write_text(path, text);
    SCOPED_TRACE("pad " + std::to_string(pad) + ", seed " + std::to_string(seed));
    const LoadedGraph loaded = load_graph(path);
    const Graph& g = loaded.graph;
    ASSERT_EQ(g.n, 3);
    const AttributeColumn& limit = *g.graph_attributes.find("limit");
    ASSERT_EQ(limit.type, AttributeType::Real);
    EXPECT_EQ(limit.reals[0], std::numeric_limits<double>::infinity());
    EXPECT_EQ(g.graph_attributes.find("floor")->reals[0], -std::numeric_limits<double>::infinity());
    EXPECT_EQ(g.graph_attributes.find("word")->text[0], "NaN Infinity");  // words inside strings stay text
    EXPECT_EQ(g.graph_attributes.find("pad")->text[0], std::string(pad, 'N'));
    const AttributeColumn& score = column(g, "score");
    ASSERT_EQ(score.type, AttributeType::Real);
    EXPECT_TRUE(std::isnan(score.reals[0]));
    EXPECT_EQ(score.reals[1], -std::numeric_limits<double>::infinity());
    EXPECT_EQ(score.reals[2], 2.5);
    const AttributeColumn& slope = arc_column(g, "slope");
    ASSERT_EQ(g.arc_count(), 2);
    EXPECT_TRUE(std::isnan(slope.reals[0]));  // arcs of node 1 come first
    EXPECT_EQ(slope.reals[1], std::numeric_limits<double>::infinity());
  }
  // As a weight a non-finite number has no meaning: refused naming the file and its line.
  const std::string bad = dir.file("nan_weight.json");
  write_text(bad, "{\"directed\": true, \"nodes\": [{\"id\": 1}, {\"id\": 2}],\n\"links\": [\n"
                  "{\"source\": 1, \"target\": 2, \"weight\": NaN}]}\n");
  expect_parse_error([&] { load_graph(bad); }, bad, 3, "not finite");
}

// Random tables with a header and three extra columns (text, integers, reals with empty cells),
// parallel rows and a minimum weight: every arc carries the values of the cheapest row of its
// pair that the minimum kept (the first listed among equals).
TEST(ReadEdgeTableAttributes, ExtraColumnsFollowTheRowEachArcCameFrom) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  TempDir dir;
  for (const int n : {2, 7, 31}) {
    const int rows = 3 * n + static_cast<int>(rng() % 11);
    std::string text = "src,label,dst,weight,lanes,grade\n";
    struct Row {
      int u, v, weight;
      std::string label;
      int lanes;
      std::string grade;
    };
    std::vector<Row> listed;
    for (int r = 0; r < rows; ++r) {
      Row row{static_cast<int>(rng() % n), static_cast<int>(rng() % n), static_cast<int>(rng() % 5),
              "r" + std::to_string(r), static_cast<int>(rng() % 4),
              rng() % 3 == 0 ? "" : std::to_string(static_cast<double>(rng() % 100) / 8)};
      listed.push_back(row);
      text += "n" + std::to_string(row.u) + "," + row.label + ",n" + std::to_string(row.v) + "," +
              std::to_string(row.weight) + "," + std::to_string(row.lanes) + "," + row.grade + "\n";
    }
    const std::string path = dir.file("table" + std::to_string(n) + ".csv");
    write_text(path, text);
    LoadOptions options;
    options.source_column = "src";
    options.target_column = "dst";
    options.weight_column = "weight";
    options.min_weight = 1;  // rows of weight 0 are dropped, and their values with them
    SCOPED_TRACE("n " + std::to_string(n) + ", seed " + std::to_string(seed));
    const LoadedGraph loaded = load_graph(path, options);
    const Graph& g = loaded.graph;
    std::map<std::pair<std::string, std::string>, const Row*> cheapest;
    for (const Row& row : listed) {
      if (row.weight < 1 || row.u == row.v) continue;
      const auto key = std::make_pair("n" + std::to_string(row.u), "n" + std::to_string(row.v));
      auto [it, fresh] = cheapest.emplace(key, &row);
      if (!fresh && row.weight < it->second->weight) it->second = &row;
    }
    ASSERT_EQ(g.arc_count(), static_cast<std::int64_t>(cheapest.size()));
    const AttributeColumn& label = arc_column(g, "label");
    const AttributeColumn& lanes = arc_column(g, "lanes");
    const AttributeColumn& grade = arc_column(g, "grade");
    EXPECT_EQ(label.type, AttributeType::Text);
    EXPECT_EQ(lanes.type, AttributeType::Integer);
    ASSERT_EQ(lanes.size(), g.arc_attribute_count());
    for (std::int32_t u = 0; u < g.n; ++u) {
      for (auto e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
        const Row& row = *cheapest.at({g.label(u), g.label(g.heads[e])});
        const auto i = static_cast<std::size_t>(e);
        EXPECT_EQ(g.weights[e], row.weight);
        EXPECT_EQ(label.to_text(i), row.label);
        EXPECT_EQ(lanes.integers[i], row.lanes);
        EXPECT_EQ(grade.has(i), !row.grade.empty()) << row.label;
        if (grade.has(i)) {
          EXPECT_EQ(grade.reals[i], std::stod(row.grade)) << row.label;
        }
      }
    }
  }
}

TEST(ReadNodeTableAttributes, ExtraColumnsBecomeTypedNodeAttributes) {
  TempDir dir;
  write_text(dir.file("g.csv"), "source,target,weight\na,b,1\nb,c,2\n");
  write_text(dir.file("nodes.csv"), "name,x,y,region,volume,count\nA,1,2,left,2.5,3\nc,3,4,,1,\nd,5,6,right,,7\n");
  LoadOptions options;
  options.node_table = dir.file("nodes.csv");
  const LoadedGraph loaded = load_graph(dir.file("g.csv"), options);
  const Graph& g = loaded.graph;
  ASSERT_EQ(g.n, 4);  // d has no arcs: an isolated node
  const AttributeColumn& region = column(g, "region");
  const AttributeColumn& volume = column(g, "volume");
  const AttributeColumn& count = column(g, "count");
  EXPECT_EQ(region.type, AttributeType::Text);
  EXPECT_EQ(volume.type, AttributeType::Real);
  EXPECT_EQ(count.type, AttributeType::Integer);
  const std::int32_t a = node_named(g, "a"), b = node_named(g, "b"), c = node_named(g, "c"), d = node_named(g, "d");
  EXPECT_EQ(region.to_text(a), "left");
  EXPECT_FALSE(region.has(b));  // not in the table
  EXPECT_FALSE(region.has(c));  // an empty cell
  EXPECT_EQ(region.to_text(d), "right");
  EXPECT_EQ(volume.reals[a], 2.5);
  EXPECT_EQ(volume.reals[c], 1.0);
  EXPECT_FALSE(volume.has(d));
  EXPECT_EQ(count.integers[d], 7);
  EXPECT_FALSE(count.has(c));
  EXPECT_EQ(region.size(), static_cast<std::size_t>(g.n));
}
