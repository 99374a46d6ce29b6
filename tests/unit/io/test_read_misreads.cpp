// Files another reader would misread: igraph LGL (the edge-table reader would skip its "# NAME"
// lines as comments and join the neighbours to each other), and dense matrices written by
// networkx/numpy, where 0 means "no arc" rather than an arc of cost 0.
#include <cstdio>

#include "pathscope/io/load.hpp"
#include "pathscope/io/random_graph.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using namespace readtest;

namespace {

// An LGL file of a random undirected graph with names; `weighted` adds a weight to each line.
std::string random_lgl(SplitMix64& rng, int n, int blocks_edges, bool weighted, ReferenceArcs& reference) {
  std::string text;
  const auto name = [](std::uint32_t i) { return "gene_" + std::to_string(i); };
  for (int b = 0; b < n; ++b) {
    text += "# " + name(b) + "\n";
    const int count = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(blocks_edges)));
    for (int e = 0; e < count; ++e) {
      const std::uint32_t other = rng.below(static_cast<std::uint32_t>(n));
      const int w = 1 + static_cast<int>(rng.below(50));
      text += name(other) + (weighted ? " " + std::to_string(w) : std::string()) + "\n";
      reference.add_edge(name(b), name(other), weighted ? w : 1);
    }
  }
  return text;
}

}  // namespace

TEST(ReadMisreads, LglIsReadAsLgl) {
  SplitMix64 rng(2024);
  for (const bool weighted : {false, true}) {
    ReferenceArcs reference;
    const std::string text = random_lgl(rng, 60, 4, weighted, reference);
    TempDir dir;
    for (const std::string name : {"graph.lgl", "graph.txt", "graph"}) {
      write_text(dir.file(name), text);
      const LoadedGraph loaded = load_graph(dir.file(name));
      EXPECT_EQ(loaded.report.format, "lgl") << name;
      EXPECT_FALSE(loaded.graph.directed) << name;
      EXPECT_EQ(arcs_by_label(loaded.graph), reference.arcs()) << name << (weighted ? " weighted" : "");
    }
  }
}

TEST(ReadMisreads, OneCommentedEdgeTableIsStillAnEdgeTable) {
  TempDir dir;
  write_text(dir.file("edges.txt"), "# edges\n1 2 5\n2 3 6\n3 1 7\n4 1 8\n");
  EXPECT_EQ(load_graph(dir.file("edges.txt")).report.format, "edge-table");
}

TEST(ReadMisreads, NetworkxDenseMatrixZeroMeansNoArc) {
  // As numpy.savetxt writes nx.to_numpy_array(G): "%.18e", 0 wherever there is no edge.
  SplitMix64 rng(77);
  const int n = 40;
  ReferenceArcs reference;  // dense rows and columns are named by their 0-based index
  std::string text;
  char cell[64];
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      double value = 0;
      if (i != j && rng.below(100) < 12) {
        value = 1 + rng.below(30);
        reference.add(std::to_string(i), std::to_string(j), value);
      }
      std::snprintf(cell, sizeof cell, "%s%.18e", j ? " " : "", value);
      text += cell;
    }
    text += "\n";
  }
  TempDir dir;
  write_text(dir.file("adjacency.txt"), text);
  const LoadedGraph loaded = load_graph(dir.file("adjacency.txt"));
  EXPECT_EQ(loaded.report.format, "dense");
  bool rule_told = false;
  for (const auto& note : loaded.report.notes) rule_told |= note.find("and 0 mean no arc") != std::string::npos;
  EXPECT_TRUE(rule_told);
  EXPECT_EQ(arcs_by_label(loaded.graph), reference.arcs());
  EXPECT_GT(reference.arcs().size(), static_cast<std::size_t>(n));  // the graph is not trivially empty

  LoadOptions zero_is_arc;
  zero_is_arc.dense_zero_is_arc = true;
  const LoadedGraph complete = load_graph(dir.file("adjacency.txt"), zero_is_arc);
  EXPECT_EQ(complete.graph.heads.size(), static_cast<std::size_t>(n) * (n - 1));
  bool zero_rule_told = false;
  for (const auto& note : complete.report.notes) zero_rule_told |= note.find("0 is an arc") != std::string::npos;
  EXPECT_TRUE(zero_rule_told);
}
