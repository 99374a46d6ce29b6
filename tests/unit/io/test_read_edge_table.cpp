// CSV/TSV/whitespace edge tables: header detection, chosen columns, names and integer ids,
// cost rules, minimum weight, node tables, and bad inputs.
#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

#include "fresh_seed.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/io/read_stream.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using namespace readtest;

TEST(ReadEdgeTable, HeaderNamesTrimmedAndParallelRowsKeepTheMinimum) {
  const LoadedGraph loaded = load_graph(data("edge_table/good_header.csv"));
  const Graph& g = loaded.graph;
  ASSERT_EQ(g.names.size(), 3u);
  EXPECT_EQ(g.names[0], "alpha");
  EXPECT_EQ(g.names[1], "beta");
  const ArcMap arcs = arcs_by_label(g);
  EXPECT_EQ(arcs.size(), 3u);
  EXPECT_EQ(arcs.at({"beta", "gamma"}), 1);
  EXPECT_EQ(loaded.report.parallel_arcs_dropped, 1);
  EXPECT_TRUE(g.integer_weights);  // the 3.5 row lost to the cheaper 1
}

TEST(ReadEdgeTable, HeaderlessTabAndWhitespaceTablesWithIntegerIds) {
  const LoadedGraph tsv = load_graph(data("edge_table/good_noheader.tsv"));
  EXPECT_EQ(tsv.graph.ids, (std::vector<std::int64_t>{1, 2, 3}));
  EXPECT_EQ(arcs_by_label(tsv.graph).at({"3", "1"}), 6);
  const LoadedGraph edges = load_graph(data("edge_table/good_whitespace.edges"));
  EXPECT_EQ(edges.graph.ids, (std::vector<std::int64_t>{10, 20, 30}));
  EXPECT_EQ(edges.report.self_loops, 1);
  EXPECT_EQ(edges.graph.arc_count(), 3);
}

TEST(ReadEdgeTable, ColumnsChosenByNameOrIndex) {
  LoadOptions options;
  options.weight_column = "count";
  const LoadedGraph by_name = load_graph(data("edge_table/good_named_columns.csv"), options);
  EXPECT_EQ(arcs_by_label(by_name.graph).at({"A", "B"}), 5);
  options.weight_column = "3";
  options.source_column = "post";
  options.target_column = "pre";
  const LoadedGraph by_index = load_graph(data("edge_table/good_named_columns.csv"), options);
  EXPECT_EQ(arcs_by_label(by_index.graph).at({"B", "A"}), 5);
  options.weight_column = "nope";
  const std::string path = data("edge_table/good_named_columns.csv");
  expect_parse_error([&] { load_graph(path, options); }, path, 1, "no column named 'nope'");
}

TEST(ReadEdgeTable, QuotedFieldsAndTwoColumnTables) {
  const LoadedGraph quoted = load_graph(data("edge_table/good_quoted.csv"));
  EXPECT_EQ(quoted.graph.names, (std::vector<std::string>{"x, y", "z", "q \"r\""}));
  const LoadedGraph two = load_graph(data("edge_table/good_two_columns.csv"));
  EXPECT_EQ(two.graph.n, 3);
  EXPECT_TRUE(two.graph.unit_weights);
}

// Every cost rule and threshold against costs computed here from the raw rows.
TEST(ReadEdgeTable, CostRulesAndMinimumWeightOnRandomTables) {
  SplitMix64 rng(4242);
  const EdgeCostRule rules[] = {EdgeCostRule::Weight, EdgeCostRule::Hops, EdgeCostRule::Inverse, EdgeCostRule::MaxMinus};
  for (const std::int32_t n : awkward_sizes()) {
    const auto rows = random_arcs(rng, n, 4 * n, 1, 30);
    std::ostringstream csv;
    csv << "pre,post,syn\n";
    for (const auto& r : rows) csv << "n" << r.u << ",n" << r.v << "," << r.w << "\n";
    for (const auto rule : rules) {
      for (const double threshold : {0.0, 5.0}) {
        LoadOptions options;
        options.cost_rule = rule;
        options.min_weight = threshold;
        options.force_undirected = n == 63;
        double strongest = 0;
        std::int64_t dropped = 0;
        for (const auto& r : rows) {
          if (r.w >= threshold) strongest = std::max(strongest, static_cast<double>(r.w));
          dropped += r.w < threshold ? 1 : 0;
        }
        ReferenceArcs reference;
        for (const auto& r : rows) {
          if (r.w < threshold) continue;
          const double w = static_cast<double>(r.w);
          const double cost = rule == EdgeCostRule::Weight   ? w
                              : rule == EdgeCostRule::Hops    ? 1.0
                              : rule == EdgeCostRule::Inverse ? 1.0 / w
                                                              : strongest - w + 1;
          const std::string u = "n" + std::to_string(r.u), v = "n" + std::to_string(r.v);
          if (options.force_undirected) {
            reference.add_edge(u, v, cost);
          } else {
            reference.add(u, v, cost);
          }
        }
        std::istringstream in(csv.str());
        const LoadedGraph loaded = read_graph_stream(in, "random.csv", "edge-table", options);
        EXPECT_EQ(arcs_by_label(loaded.graph), reference.arcs()) << "n=" << n;
        EXPECT_EQ(loaded.report.below_min_weight_dropped, dropped);
        EXPECT_EQ(loaded.graph.directed, !options.force_undirected);
        if (rule == EdgeCostRule::Hops) EXPECT_TRUE(loaded.graph.unit_weights);
      }
    }
  }
}

TEST(ReadEdgeTable, InverseRuleRejectsZeroStrengthNamingTheRow) {
  LoadOptions options;
  options.cost_rule = EdgeCostRule::Inverse;
  std::istringstream in("a,b,2\nb,c,0\n");
  expect_parse_error([&] { read_graph_stream(in, "zero.csv", "edge-table", options); }, "zero.csv", 2, "no inverse");
}

TEST(ReadEdgeTable, BadInputsNameFileAndLine) {
  struct Case {
    const char* file;
    std::int64_t line;
    const char* fragment;
  };
  const Case cases[] = {
      {"bad_truncated.csv", 3, "truncated row: 2 fields"},
      {"bad_weight.csv", 2, "expected a finite number for the weight, found 'abc'"},
      {"bad_quote.csv", 2, "quoted field is not closed"},
      {"bad_empty_key.csv", 2, "target node is empty"},
      {"bad_infinite.csv", 2, "expected a finite number"},
      {"bad_neuron_connect_type.csv", 3, "unknown connection type 'X'"},
      {"bad_neuron_connect_count.csv", 3, "negative synapse count"},
      {"bad_neuron_connect_truncated.csv", 2, "truncated row"},
  };
  for (const auto& c : cases) {
    const std::string path = data(std::string("edge_table/") + c.file);
    LoadOptions options;
    options.format = "edge-table";
    expect_parse_error([&] { load_graph(path, options); }, path, c.line, c.fragment);
  }
}

TEST(ReadEdgeTable, TypedConnectionTableSmallFile) {
  const LoadedGraph loaded = load_graph(data("edge_table/good_neuron_connect.csv"));
  EXPECT_EQ(loaded.report.format, "neuron-connect");
  const ArcMap arcs = arcs_by_label(loaded.graph);
  // S 2 + Sp 3 chemical, plus EJ 4 in the same direction; the R/Rp rows add nothing.
  EXPECT_EQ(arcs.at({"AVAL", "AVAR"}), 9);
  EXPECT_EQ(arcs.at({"AVAR", "AVAL"}), 4);  // the other end's EJ row only
  EXPECT_EQ(arcs.at({"AVAL", "AVBL"}), 1);
  EXPECT_EQ(arcs.at({"AVBL", "AVAL"}), 1);
  EXPECT_EQ(arcs.size(), 4u);
  EXPECT_EQ(loaded.report.self_loops, 1);
  EXPECT_EQ(loaded.graph.n, 4);  // AVAL, AVAR, AVBL, RIBL; "NMJ" is not a neuron
}

TEST(ReadNodeTable, NamesPositionsAndIsolatedNodes) {
  LoadOptions options;
  options.node_table = data("node_table/good_positions.csv");
  const LoadedGraph loaded = load_graph(data("edge_table/good_neuron_connect.csv"), options);
  const Graph& g = loaded.graph;
  ASSERT_EQ(g.coord_dims, 3);
  EXPECT_EQ(g.n, 5);  // DA1 has no arcs and is added
  const auto aval = g.find_node("AVAL");
  ASSERT_TRUE(aval.has_value());
  EXPECT_EQ(g.coords[3 * *aval], 1.5f);
  const auto ribl = g.find_node("RIBL");
  ASSERT_TRUE(ribl.has_value());
  EXPECT_TRUE(std::isnan(g.coords[3 * *ribl]));  // not in the table
  EXPECT_TRUE(g.find_node("DA1").has_value());
  EXPECT_EQ(g.out_degree(4), 0);

  LoadOptions meta;
  meta.node_table = data("node_table/good_meta.csv");
  std::istringstream edges("10 20 1\n20 30 2\n");
  LoadedGraph with_ids = read_graph_stream(edges, "ids", "edge-table");
  std::istringstream table(",name,x,y\n10,ten,1,2\n20,twenty,3,4\n40,forty,5,6\n");
  apply_node_table_stream(table, "meta", with_ids, meta);
  EXPECT_EQ(with_ids.graph.ids, (std::vector<std::int64_t>{10, 20, 30, 40}));
  EXPECT_EQ(with_ids.graph.names, (std::vector<std::string>{"ten", "twenty", "30", "forty"}));
  ASSERT_EQ(with_ids.graph.coord_dims, 2);
  EXPECT_EQ(with_ids.graph.coords[6], 5.0f);
}

TEST(ReadNodeTable, BadTablesNameFileAndLine) {
  struct Case {
    const char* file;
    std::int64_t line;
    const char* fragment;
  };
  const Case cases[] = {
      {"bad_duplicate.csv", 3, "listed twice"},
      {"bad_coordinate.csv", 3, "expected a finite number for x, found 'three'"},
      {"bad_truncated.csv", 2, "truncated row"},
  };
  for (const auto& c : cases) {
    LoadOptions options;
    options.node_table = data(std::string("node_table/") + c.file);
    const std::string graph = std::string(c.file) == "bad_coordinate.csv" ? data("edge_table/good_noheader.tsv")
                                                                          : data("edge_table/good_neuron_connect.csv");
    expect_parse_error([&] { load_graph(graph, options); }, options.node_table, c.line, c.fragment);
  }
}

// Node keys of every kind meet in one table: large ids first (hashed), then small ones that
// the direct index takes as the range grows past the large ones, negative ids, names that look
// like numbers, and the large ids again; each key stays one node.
TEST(ReadEdgeTable, IdsHashedAndDirectlyIndexedStayOneNodeEach) {
  const auto seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  std::ostringstream table;
  table << "source,target,weight\n";
  ReferenceArcs reference;
  const std::vector<std::string> early = {"9000", "6000", "-5", "1e3", "007x", "720575940600000000"};
  for (std::size_t i = 0; i + 1 < early.size(); ++i) {
    table << early[i] << "," << early[i + 1] << ",1\n";
    reference.add(early[i], early[i + 1], 1);
  }
  for (int u = 0; u < 12000; ++u) {
    const std::string a = std::to_string(u), b = std::to_string(rng.below(12000));
    const auto w = static_cast<double>(1 + rng.below(99));
    table << a << "," << b << "," << w << "\n";
    reference.add(a, b, w);
  }
  for (const auto& key : early) {
    table << key << ",3," << 5 << "\n";
    reference.add(key, "3", 5);
  }
  std::istringstream in(table.str());
  const LoadedGraph loaded = read_graph_stream(in, "keys", "edge-table");
  EXPECT_EQ(arcs_by_label(loaded.graph), reference.arcs()) << "seed " << seed;
  EXPECT_EQ(loaded.graph.n, 12000 + 4) << "seed " << seed;  // 9000 and 6000 are among 0..11999
}

// Spellings of one number ("7", "007", "+7", "-0") are different keys: each stays a node of
// its own, named as written, and the graph keeps integer ids only when every key is one.
TEST(ReadEdgeTable, KeysThatReadAsTheSameNumberStayApart) {
  const auto seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  const auto spelling = [&](std::uint64_t k) {
    switch (rng.below(4)) {
      case 0: return std::to_string(k);
      case 1: return "0" + std::to_string(k);
      case 2: return "+" + std::to_string(k);
      default: return k == 0 ? std::string("-0") : "00" + std::to_string(k);
    }
  };
  std::ostringstream table;
  ReferenceArcs reference;
  std::set<std::string> keys;
  for (int row = 0; row < 200; ++row) {
    const std::string a = spelling(rng.below(8)), b = spelling(rng.below(8));
    const auto w = static_cast<double>(1 + rng.below(50));
    table << a << "," << b << "," << w << "\n";
    reference.add(a, b, w);
    keys.insert(a);
    keys.insert(b);
  }
  std::istringstream in(table.str());
  const LoadedGraph loaded = read_graph_stream(in, "spellings", "edge-table");
  EXPECT_EQ(loaded.graph.n, static_cast<std::int32_t>(keys.size())) << "seed " << seed;
  EXPECT_EQ(arcs_by_label(loaded.graph), reference.arcs()) << "seed " << seed;
  for (const auto& key : keys) {
    const auto u = loaded.graph.find_node(key);
    ASSERT_TRUE(u.has_value()) << key << " seed " << seed;
    EXPECT_EQ(loaded.graph.label(*u), key) << "seed " << seed;
  }
  // Plain integers still give integer ids, found by the number typed.
  std::istringstream plain("1,2,3\n2,10,4\n");
  const Graph ids = read_graph_stream(plain, "plain", "edge-table").graph;
  EXPECT_TRUE(ids.names.empty());
  EXPECT_EQ(ids.ids, (std::vector<std::int64_t>{1, 2, 10}));
  EXPECT_EQ(ids.find_node("10"), std::optional<std::int32_t>(2));
}

// '#' marks comments only before the first row: a hashtag network keeps every row, wherever
// its '#' is, and leading comment lines are counted in the load report.
TEST(ReadEdgeTable, RowsStartingWithAHashAreRowsAfterTheLeadingComments) {
  const auto seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  const auto tag = [&] { return "#" + std::string(1, static_cast<char>('a' + rng.below(6))) + std::to_string(rng.below(5)); };
  for (const bool header : {true, false}) {
    const std::int64_t comments = rng.below(4);
    std::ostringstream table;
    for (std::int64_t c = 0; c < comments; ++c) table << "# comment " << c << "\n\n";
    if (header) table << "source,target,weight\n";
    ReferenceArcs reference;
    for (int row = 0; row < 60; ++row) {
      // The first row of a headerless table must not start with '#': that is the leading block.
      const std::string a = !header && row == 0 ? "first" : tag(), b = tag();
      const auto w = static_cast<double>(1 + rng.below(9));
      table << a << "," << b << "," << w << "\n";
      reference.add(a, b, w);
    }
    std::istringstream in(table.str());
    const LoadedGraph loaded = read_graph_stream(in, "tags.csv", "edge-table");
    EXPECT_EQ(arcs_by_label(loaded.graph), reference.arcs()) << "seed " << seed;
    EXPECT_EQ(loaded.report.records_read, 60) << "seed " << seed;
    const auto& notes = loaded.report.notes;
    const bool noted = std::any_of(notes.begin(), notes.end(), [&](const std::string& note) {
      return note.find(std::to_string(comments) + " comment line") != std::string::npos;
    });
    EXPECT_EQ(noted, comments > 0) << "seed " << seed;
  }
  // Only comment lines: refused, saying how to make '#' rows readable.
  expect_parse_error([&] {
    std::istringstream in("#hash,A,2\n#tag,B,3\n");
    read_graph_stream(in, "all-hash.csv", "edge-table");
  }, "all-hash.csv", 2, "header row");
}

// Tables written with ';' (spreadsheets in comma-decimal locales) read as ';'-separated.
TEST(ReadEdgeTable, SemicolonSeparatedTables) {
  const auto seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  std::ostringstream table;
  table << "source;target;weight\n";
  ReferenceArcs reference;
  for (int row = 0; row < 50; ++row) {
    const std::string a = "n" + std::to_string(rng.below(20)), b = "n" + std::to_string(rng.below(20));
    const auto w = static_cast<double>(1 + rng.below(30)) / 4;
    table << a << ";" << b << ";" << w << "\n";
    reference.add(a, b, w);
  }
  std::istringstream in(table.str());
  const LoadedGraph loaded = read_graph_stream(in, "semicolons.csv", "edge-table");
  EXPECT_EQ(arcs_by_label(loaded.graph), reference.arcs()) << "seed " << seed;
  // A name holding a comma stays one field.
  std::istringstream names("a;Smith, J.;3\n");
  EXPECT_EQ(arcs_by_label(read_graph_stream(names, "names.csv", "edge-table").graph),
            (ArcMap{{{"a", "Smith, J."}, 3}}));
}
