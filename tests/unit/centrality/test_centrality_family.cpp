// The centrality family around the engine: measure names, the registry and its "gpu" and
// "auto" names, result columns on the graph.
#include <gtest/gtest.h>

#include <cmath>

#include "pathscope/centrality/centrality.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/runtime/error.hpp"

using namespace pathscope;

TEST(CentralityFamily, MeasureNamesReadBack) {
  for (const CentralityMeasure m : all_centrality_measures()) {
    EXPECT_EQ(parse_centrality_measure(centrality_measure_name(m)), m);
  }
  EXPECT_EQ(parse_centrality_measure("in_degree"), CentralityMeasure::InDegree);
  EXPECT_EQ(all_centrality_measures().size(), 8u);
  try {
    parse_centrality_measure("katz");
    FAIL() << "katz was accepted";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("'katz'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("betweenness"), std::string::npos) << e.what();
  }
}

TEST(CentralityFamily, RegistryHasCpuGpuAndAuto) {
  const auto names = centrality_engine_names();
  EXPECT_EQ(names, (std::vector<std::string>{"cpu", "gpu", "auto"}));
  EXPECT_THROW(make_centrality_engine("quantum"), Error);
  EXPECT_TRUE(make_centrality_engine("cpu")->available());
}

TEST(CentralityFamily, AutoGivesTheCpuValuesOnSmallGraphs) {
  GraphBuilder b(4);
  b.add_arc(0, 1, 1);
  b.add_arc(1, 2, 1);
  b.add_arc(2, 3, 1);
  LoadReport report;
  const Graph g = b.build(true, report);
  const CentralityResult r = make_centrality_engine("auto")->run(g, {}, {});
  // A directed path 0-1-2-3: node 1 is on (0,2) and (0,3), node 2 on (0,3) and (1,3); 6 pairs.
  EXPECT_EQ(r.betweenness, (std::vector<double>{0, 2.0 / 6, 2.0 / 6, 0}));
  EXPECT_EQ(r.timing.engine, "cpu");
}

TEST(CentralityFamily, ColumnsReplaceOldOnesAndLeaveDroppedNodesMissing) {
  Graph g = make_empty_graph(3);
  // A column of the same name from the file, of another type, and one the run does not touch.
  g.node_attributes.column("pagerank", AttributeType::Text, 3).set_text(0, "high");
  g.node_attributes.column("side", AttributeType::Text, 3).set_text(1, "left");
  CentralityResult r;
  r.pagerank = {0.5, std::nan(""), 0.5};
  r.in_degree = {1, 2, 3};
  add_centrality_columns(g, r);
  const AttributeColumn* pagerank = g.node_attributes.find("pagerank");
  ASSERT_NE(pagerank, nullptr);
  EXPECT_EQ(pagerank->type, AttributeType::Real);
  EXPECT_TRUE(pagerank->has(0));
  EXPECT_FALSE(pagerank->has(1));
  EXPECT_EQ(pagerank->reals[2], 0.5);
  const AttributeColumn* in_degree = g.node_attributes.find("in_degree");
  ASSERT_NE(in_degree, nullptr);
  EXPECT_EQ(in_degree->reals, (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(g.node_attributes.find("side")->to_text(1), "left");
  EXPECT_EQ(g.node_attributes.find("betweenness"), nullptr);
  // Twice: the second run's values replace the first's.
  r.in_degree = {4, 5, 6};
  add_centrality_columns(g, r);
  EXPECT_EQ(g.node_attributes.find("in_degree")->reals, (std::vector<double>{4, 5, 6}));
  EXPECT_EQ(g.node_attributes.columns.size(), 3u);
}
