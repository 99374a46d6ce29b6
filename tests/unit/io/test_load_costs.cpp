// Costs that loading once lost without a word: negative weights in edge tables (dropped as if
// below a --min-weight nobody gave) and costs so large that path sums overflow (read as "no
// path"). Either the distances come out right or the input is refused with a message.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

#include "fresh_seed.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/io/read_stream.hpp"
#include "pathscope/paths/path.hpp"
#include "reader_checks.hpp"

using namespace pathscope;

namespace {

LoadedGraph read_table(const std::string& text, const LoadOptions& options = {}) {
  std::istringstream in(text);
  return read_graph_stream(in, "costs.csv", "edge-table", options);
}

LoadedGraph read_dimacs(const std::string& text) {
  std::istringstream in(text);
  return read_graph_stream(in, "big.gr", "dimacs");
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return {};
}

}  // namespace

TEST(LoadCosts, NegativeTableWeightsAreKeptWithoutAMinimumWeight) {
  const LoadedGraph loaded = read_table("source,target,weight\na,b,-2\nb,c,5\na,c,4\n");
  const Graph& g = loaded.graph;
  EXPECT_EQ(g.arc_count(), 3);
  EXPECT_EQ(loaded.report.below_min_weight_dropped, 0);
  EXPECT_EQ(g.min_weight(), -2);
  const Path p = path_single_source(g, *g.find_node("a"), *g.find_node("c"));
  ASSERT_TRUE(p.reachable);
  EXPECT_EQ(p.distance, 3);  // a -> b -> c, through the negative arc
}

TEST(LoadCosts, AnAskedMinimumWeightStillDropsAndCounts) {
  LoadOptions options;
  options.min_weight = 0;
  const LoadedGraph loaded = read_table("source,target,weight\na,b,-2\nb,c,5\na,c,4\n", options);
  EXPECT_EQ(loaded.graph.arc_count(), 2);
  EXPECT_EQ(loaded.report.below_min_weight_dropped, 1);
}

TEST(LoadCosts, CostsWhosePathSumsPassTheLargestDoubleAreRefusedNamingTheArc) {
  // Two arcs of 1e308 in a row: the path 1 -> 3 costs 2e308, which no double holds.
  const std::string text = "p sp 3 2\na 1 2 1e308\na 2 3 1e308\n";
  const std::string message = error_of([&] { read_dimacs(text); });
  EXPECT_NE(message.find("big.gr: the arc 1 -> 2 costs 1e+308"), std::string::npos) << message;
  EXPECT_NE(message.find("largest double"), std::string::npos) << message;

  // The same through load_graph, from a file.
  const auto file = std::filesystem::temp_directory_path() / "pathscope_test_big_costs.gr";
  std::ofstream(file) << text;
  const std::string from_file = error_of([&] { load_graph(file.string()); });
  std::filesystem::remove(file);
  EXPECT_NE(from_file.find("the arc 1 -> 2 costs 1e+308"), std::string::npos) << from_file;
}

TEST(LoadCosts, HugeCostsThatStillSumAreAnsweredExactly) {
  // One arc of 1e308 on two nodes: the only path has one arc, and its cost is a double.
  const LoadedGraph two = read_dimacs("p sp 2 1\na 1 2 1e308\n");
  const Path p = path_single_source(two.graph, 0, 1);
  ASSERT_TRUE(p.reachable);
  EXPECT_EQ(p.distance, 1e308);

  // 1e300 over two arcs: fine in double, beyond float.
  const LoadedGraph three = read_dimacs("p sp 3 2\na 1 2 1e300\na 2 3 1e300\n");
  const Path q = path_single_source(three.graph, 0, 2);
  ASSERT_TRUE(q.reachable);
  EXPECT_EQ(q.distance, 2e300);
  // Float all-pairs engines would store +inf, "unreachable": they refuse instead.
  ApspOptions options;
  options.dist = DistType::Float32;
  for (const auto& name : apsp_engine_names()) {
    auto engine = make_apsp_engine(name);
    if (!engine->available() || !engine->supports(DistType::Float32)) continue;
    const std::string message = error_of([&] { engine->run(three.graph, options, {}); });
    EXPECT_NE(message.find("float distances could overflow"), std::string::npos) << name << ": " << message;
  }
}

TEST(LoadCosts, FloatEnginesStillTakeCostsWithinFloatRange) {
  GraphBuilder b(3);
  b.add_arc(0, 1, 1e37);
  b.add_arc(1, 2, 1e37);
  LoadReport report;
  const Graph g = b.build(true, report);
  ApspOptions options;
  options.dist = DistType::Float32;
  for (const char* name : {"textbook", "blocked", "sparse"}) {
    const ApspResult r = make_apsp_engine(name)->run(g, options, {});
    EXPECT_FLOAT_EQ(static_cast<float>(r.distance(0, 2)), 2e37f) << name;
  }
}

// Every format that holds strengths turns them into costs by the rule asked for, the cheapest
// of parallel arcs chosen by cost (under 'inverse' and 'max-minus' the strongest): random
// multigraphs written in each format, checked against the rule applied here.
TEST(LoadCosts, EveryFormatWithStrengthsFollowsTheCostRule) {
  const auto seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  const std::int32_t n = 3 + static_cast<std::int32_t>(rng.below(12));
  struct Arc {
    std::int32_t u, v;  // 1-based
    std::int64_t strength;
  };
  std::vector<Arc> arcs;
  for (int i = 0; i < 4 * n; ++i) {
    arcs.push_back({1 + static_cast<std::int32_t>(rng.below(n)), 1 + static_cast<std::int32_t>(rng.below(n)),
                    1 + static_cast<std::int64_t>(rng.below(40))});
  }
  std::ostringstream dimacs, graphml, gexf, gml, pajek, json;
  dimacs << "p sp " << n << " " << arcs.size() << "\n";
  graphml << "<graphml><key id=\"w\" for=\"edge\" attr.name=\"weight\" attr.type=\"long\"/><graph edgedefault=\"directed\">\n";
  gexf << "<gexf version=\"1.3\"><graph defaultedgetype=\"directed\"><nodes>\n";
  gml << "graph [\n directed 1\n";
  pajek << "*Vertices " << n << "\n*Arcs\n";
  json << "{\"directed\": true, \"multigraph\": true, \"nodes\": [";
  for (std::int32_t u = 1; u <= n; ++u) {
    graphml << "<node id=\"" << u << "\"/>\n";
    gexf << "<node id=\"" << u << "\"/>\n";
    gml << " node [ id " << u << " ]\n";
    json << (u > 1 ? ", " : "") << "{\"id\": " << u << "}";
  }
  gexf << "</nodes><edges>\n";
  json << "], \"links\": [";
  for (std::size_t i = 0; i < arcs.size(); ++i) {
    const Arc& a = arcs[i];
    dimacs << "a " << a.u << " " << a.v << " " << a.strength << "\n";
    graphml << "<edge source=\"" << a.u << "\" target=\"" << a.v << "\"><data key=\"w\">" << a.strength << "</data></edge>\n";
    gexf << "<edge source=\"" << a.u << "\" target=\"" << a.v << "\" weight=\"" << a.strength << "\"/>\n";
    gml << " edge [ source " << a.u << " target " << a.v << " weight " << a.strength << " ]\n";
    pajek << a.u << " " << a.v << " " << a.strength << "\n";
    json << (i ? ", " : "") << "{\"source\": " << a.u << ", \"target\": " << a.v << ", \"weight\": " << a.strength << "}";
  }
  graphml << "</graph></graphml>\n";
  gexf << "</edges></graph></gexf>\n";
  gml << "]\n";
  json << "]}\n";
  const std::pair<const char*, std::string> files[] = {{"dimacs", dimacs.str()}, {"graphml", graphml.str()},
                                                       {"gexf", gexf.str()},     {"gml", gml.str()},
                                                       {"pajek", pajek.str()},   {"json", json.str()}};
  std::int64_t strongest = 0;
  for (const Arc& a : arcs) strongest = std::max(strongest, a.strength);
  for (const EdgeCostRule rule : {EdgeCostRule::Weight, EdgeCostRule::Hops, EdgeCostRule::Inverse, EdgeCostRule::MaxMinus}) {
    readtest::ArcMap expected;
    for (const Arc& a : arcs) {
      if (a.u == a.v) continue;
      const double s = static_cast<double>(a.strength);
      const double cost = rule == EdgeCostRule::Weight ? s
                          : rule == EdgeCostRule::Hops  ? 1.0
                          : rule == EdgeCostRule::Inverse ? 1.0 / s
                                                          : static_cast<double>(strongest) - s + 1;
      const auto key = std::make_pair(std::to_string(a.u), std::to_string(a.v));
      const auto it = expected.find(key);
      if (it == expected.end() || cost < it->second) expected[key] = cost;
    }
    LoadOptions options;
    options.cost_rule = rule;
    for (const auto& [format, text] : files) {
      std::istringstream in(text);
      const LoadedGraph loaded = read_graph_stream(in, std::string("rule.") + format, format, options);
      EXPECT_EQ(readtest::arcs_by_label(loaded.graph), expected)
          << format << " rule " << static_cast<int>(rule) << " seed " << seed;
    }
  }
  // A format of distances, not strengths, refuses any other rule by name.
  LoadOptions hops;
  hops.cost_rule = EdgeCostRule::Hops;
  std::istringstream tsp("NAME: t\nTYPE: TSP\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 3 4\n3 6 8\nEOF\n");
  EXPECT_NE(error_of([&] { read_graph_stream(tsp, "t.tsp", "tsplib", hops); }).find("TSPLIB"), std::string::npos);
}
