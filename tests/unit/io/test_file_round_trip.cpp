// The whole loop through files: random graphs written by every exchange writer and loaded back
// with load_graph must come back equal (nodes, ids, names, weights, typed node, arc and graph
// attributes, self-loops, parallel edges), arcs compared as multisets per node pair because a
// reader may order parallel edges differently. Where a format cannot hold a type the value may
// widen; each such exception is a FormatLimits flag of its format in `kFormats`, with its reason
// (and in docs/export.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "fresh_seed.hpp"
#include "pathscope/export/graph_export.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/io/random_graph.hpp"
#include "scratch_folder.hpp"

namespace {

using namespace pathscope;

// What a format cannot hold, and so what the comparison forgives there.
struct FormatLimits {
  // GML has no boolean: 1/0 come back as integers.
  bool booleans_become_integers = false;
  // GML keys are letters, digits and '_': "neuro-transmitter" comes back as "neuro_transmitter".
  bool keys_rewritten = false;
  // GEXF has no place for graph attributes networkx reads: they go to <meta><description>.
  bool graph_attributes_as_description = false;
  // Pajek holds labels and weights only.
  bool labels_and_weights_only = false;
  // GML integers are 32-bit: networkx's writer quotes wider ones, so they come back as text
  // (networkx itself reads them back as str). pathscope's own writer keeps them whole.
  bool wide_integers_become_text = false;
  // CSV tables load back as an edge table with --node-table: the edge table says nothing of
  // direction (the loader is told), its reader merges parallel edges and repeated loops into
  // the cheapest, and NAME.graph.csv is for people and pandas, not a reader input.
  bool csv_tables = false;
};

struct Format {
  const char* name;
  GraphExportFormat format;
  GexfVersion gexf = GexfVersion::V1_2draft;
  const char* extension;
  FormatLimits limits;
  // The word tests/export/networkx_rewrite.py takes; null where networkx is not asked.
  const char* networkx = nullptr;
};

const Format kFormats[] = {
    {"GraphML", GraphExportFormat::GraphML, GexfVersion::V1_2draft, ".graphml", {}, "graphml"},
    {"GEXF 1.2draft", GraphExportFormat::Gexf, GexfVersion::V1_2draft, ".gexf", {.graph_attributes_as_description = true}, "gexf"},
    {"GEXF 1.3", GraphExportFormat::Gexf, GexfVersion::V1_3, ".gexf", {.graph_attributes_as_description = true}, "gexf"},
    {"GML", GraphExportFormat::Gml, GexfVersion::V1_2draft, ".gml", {.booleans_become_integers = true, .keys_rewritten = true}, "gml"},
    {"node-link JSON", GraphExportFormat::NodeLinkJson, GexfVersion::V1_2draft, ".json", {}, "node-link"},
    {"CSV", GraphExportFormat::Csv, GexfVersion::V1_2draft, ".csv", {.csv_tables = true}},
    {"Pajek", GraphExportFormat::Pajek, GexfVersion::V1_2draft, ".net", {.labels_and_weights_only = true}},
};

std::string real_text(double value) {
  char buffer[64];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  return std::string(buffer, end);
}

std::string gml_key(const std::string& name) {
  std::string key = name;
  for (char& c : key)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
  return key;
}

// A value as "type:text", after what the format may do to it.
std::string typed_value(const AttributeColumn& column, std::size_t i, const FormatLimits& limits) {
  // CSV declares no types: a column is typed by the values it holds, so a text column whose
  // values all read as numbers (a small graph draws "7" often) comes back as numbers. Only the
  // text is compared.
  if (limits.csv_tables) return "value:" + column.to_text(i);
  if (column.type == AttributeType::Integer && limits.wide_integers_become_text &&
      (column.integers[i] < INT32_MIN || column.integers[i] > INT32_MAX))
    return std::string(attribute_type_name(AttributeType::Text)) + ":" + column.to_text(i);
  if (column.type == AttributeType::Boolean && limits.booleans_become_integers)
    return std::string(attribute_type_name(AttributeType::Integer)) + ":" + (column.integers[i] ? "1" : "0");
  return std::string(attribute_type_name(column.type)) + ":" + column.to_text(i);
}

std::string values_text(const AttributeTable& table, std::size_t i, const FormatLimits& limits,
                        const std::set<std::string>& skipped = {}) {
  std::map<std::string, std::string> values;
  for (const auto& column : table.columns) {
    if (skipped.count(column.name) || !column.has(i)) continue;
    values[limits.keys_rewritten ? gml_key(column.name) : column.name] = typed_value(column, i, limits);
  }
  std::string text;
  for (const auto& [name, value] : values) text += " " + name + "=" + value;
  return text;
}

// A graph as the things a file should give back, keyed so that order does not matter.
struct Canon {
  std::map<std::string, std::string> nodes;                                     // by node key
  std::map<std::pair<std::string, std::string>, std::vector<std::string>> arcs;  // sorted lists
  std::string graph;
};

// Pajek has no escapes: a quote in a label becomes ', a backslash /.
std::string pajek_label(std::string label) {
  for (char& ch : label) {
    if (ch == '"') ch = '\'';
    else if (ch == '\\') ch = '/';
  }
  return label;
}

// Nodes are known by their display id; in Pajek, which numbers nodes 1..N, by their label (the
// name, as every case's names are distinct, else the id).
std::string node_key(const Graph& g, std::int32_t u, const FormatLimits& limits, bool written) {
  if (!limits.labels_and_weights_only || g.names.empty()) return std::to_string(g.display_id(u));
  return written ? pajek_label(g.names[u]) : g.names[u];
}

// `written`: g is the graph that was written (so apply what the format does to it), else the
// one read back.
Canon canon(const Graph& g, const FormatLimits& limits, const std::set<std::string>& skipped_graph_keys, bool written) {
  Canon c;
  for (std::int32_t u = 0; u < g.n; ++u) {
    std::string text;
    if (!limits.labels_and_weights_only) {
      text = g.names.empty() ? "" : "name=" + g.names[u];
      text += values_text(g.node_attributes, static_cast<std::size_t>(u), limits);
    }
    c.nodes[node_key(g, u, limits, written)] = text;
  }
  const auto add = [&](std::int32_t tail, std::int32_t head, double weight, std::size_t attribute_index) {
    auto a = node_key(g, tail, limits, written), b = node_key(g, head, limits, written);
    if (!g.directed && b < a) std::swap(a, b);
    std::string text = "w=" + real_text(weight);
    if (!limits.labels_and_weights_only) text += values_text(g.arc_attributes, attribute_index, limits);
    c.arcs[{a, b}].push_back(text);
  };
  for (std::int32_t u = 0; u < g.n; ++u)
    for (auto k = g.offsets[u]; k < g.offsets[u + 1]; ++k)
      if (g.directed || u < g.heads[k]) add(u, g.heads[k], g.weights[k], static_cast<std::size_t>(k));
  for (std::size_t i = 0; i < g.self_loops.size(); ++i)
    add(g.self_loops[i].node, g.self_loops[i].node, g.self_loops[i].weight, g.self_loop_attribute_index(i));
  for (std::size_t i = 0; i < (limits.csv_tables ? 0 : g.extra_arcs.size()); ++i)
    add(g.extra_arcs[i].tail, g.extra_arcs[i].head, g.extra_arcs[i].weight, g.extra_arc_attribute_index(i));
  for (auto& [pair, list] : c.arcs) std::sort(list.begin(), list.end());
  if (!limits.labels_and_weights_only && !limits.graph_attributes_as_description && !limits.csv_tables)
    c.graph = values_text(g.graph_attributes, 0, limits, skipped_graph_keys);
  return c;
}

// The first few differences, for a message that says what was lost.
std::string differences(const Canon& expected, const Canon& got) {
  std::ostringstream out;
  int shown = 0;
  for (const auto& [id, text] : expected.nodes) {
    const auto it = got.nodes.find(id);
    if (it == got.nodes.end()) out << "  node " << id << " missing\n";
    else if (it->second != text) out << "  node " << id << ":\n    wrote [" << text << "]\n    read  [" << it->second << "]\n";
    else continue;
    if (++shown == 4) return out.str();
  }
  if (got.nodes.size() != expected.nodes.size()) out << "  " << got.nodes.size() << " nodes read, " << expected.nodes.size() << " written\n";
  for (const auto& [pair, list] : expected.arcs) {
    const auto it = got.arcs.find(pair);
    const std::vector<std::string> none;
    const auto& read = it == got.arcs.end() ? none : it->second;
    if (read == list) continue;
    out << "  arcs " << pair.first << " -> " << pair.second << ":\n";
    for (const auto& t : list) out << "    wrote [" << t << "]\n";
    for (const auto& t : read) out << "    read  [" << t << "]\n";
    if (++shown == 8) return out.str();
  }
  if (got.arcs.size() != expected.arcs.size()) out << "  " << got.arcs.size() << " node pairs read, " << expected.arcs.size() << " written\n";
  if (got.graph != expected.graph) out << "  graph attributes:\n    wrote [" << expected.graph << "]\n    read  [" << got.graph << "]\n";
  return out.str();
}

struct Case {
  std::int32_t n;
  bool directed, ids, names;
};

const char* const kNames[] = {"a&b", "<tag>", "say \"hi\"", "it's", "ünïcödé", "日本語", "comma,name", "plain"};

// Text, integers beyond 2^53, reals and booleans, each with missing values.
void fill_values(AttributeTable& table, std::size_t count, SplitMix64& rng, const char* prefix) {
  const std::string p = prefix;
  table.column(p + "-kind", AttributeType::Text, count);
  table.column(p + "_root_id", AttributeType::Integer, count);
  table.column(p + "_score", AttributeType::Real, count);
  table.column(p + "_flag", AttributeType::Boolean, count);
  auto& text = *table.find(p + "-kind");
  auto& integer = *table.find(p + "_root_id");
  auto& real = *table.find(p + "_score");
  auto& flag = *table.find(p + "_flag");
  const char* const kTexts[] = {"ACh", "GABA & \"Glu\"", "<DA>", "sérotonine", "7"};
  for (std::size_t i = 0; i < count; ++i) {
    if (rng.below(4)) text.set_text(i, kTexts[rng.below(5)]);
    if (rng.below(4)) integer.set_integer(i, (rng.below(2) ? -1 : 1) * (720575940612345678 + static_cast<std::int64_t>(rng.below(1000000))));
    if (rng.below(4)) real.set_real(i, rng.below(9) == 0 ? 1e-300 : 0.001 * static_cast<double>(rng.below(100000)) - 7);
    if (rng.below(4)) flag.set_integer(i, rng.below(2));
  }
}

Graph random_graph_with_everything(const Case& c, SplitMix64& rng) {
  GraphBuilder builder(c.n);
  builder.keep_extra_arcs(true);
  const std::int64_t records = 2 * c.n + 3;
  std::vector<std::pair<std::int32_t, std::int32_t>> pairs;
  for (std::int64_t r = 0; r < records; ++r) {
    std::int32_t u, v;
    // Parallel edges and repeated loops: some records repeat an earlier pair or are loops.
    if (!pairs.empty() && rng.below(4) == 0) std::tie(u, v) = pairs[rng.below(static_cast<std::uint32_t>(pairs.size()))];
    else if (rng.below(6) == 0) u = v = static_cast<std::int32_t>(rng.below(c.n));
    else u = static_cast<std::int32_t>(rng.below(c.n)), v = static_cast<std::int32_t>(rng.below(c.n));
    pairs.emplace_back(u, v);
    const double kinds[] = {static_cast<double>(1 + rng.below(20)), 0.1 * static_cast<double>(1 + rng.below(50)),
                            4000000016.0 + static_cast<double>(rng.below(5))};
    const double w = kinds[rng.below(3)];
    if (c.directed) builder.add_arc(u, v, w);
    else builder.add_edge(u, v, w);
  }
  fill_values(builder.record_attributes(), static_cast<std::size_t>(records), rng, "syn");
  LoadReport report;
  Graph g = builder.build(c.directed, report);
  fill_values(g.node_attributes, static_cast<std::size_t>(g.n), rng, "cell");
  g.graph_attributes.column("title", AttributeType::Text, 1).set_text(0, "Roma & <strade> \"ü\"");
  g.graph_attributes.column("year", AttributeType::Integer, 1).set_integer(0, 9007199254740993);
  g.graph_attributes.column("scale", AttributeType::Real, 1).set_real(0, 0.25);
  g.graph_attributes.column("is-brain", AttributeType::Boolean, 1).set_integer(0, 1);
  if (c.ids) {
    std::set<std::int64_t> used;
    while (static_cast<std::int32_t>(used.size()) < c.n) used.insert(720575940600000000 + static_cast<std::int64_t>(rng.below(1000000000)));
    g.ids.assign(used.rbegin(), used.rend());  // not in index order
  }
  if (c.names)
    for (std::int32_t u = 0; u < g.n; ++u) g.names.push_back(kNames[static_cast<std::size_t>(u) % std::size(kNames)] + ("#" + std::to_string(u)));
  return g;
}

const std::vector<Case> kCases = {{1, true, false, false},  {2, false, true, true},  {7, true, true, true},
                                  {13, false, false, true}, {61, true, false, false}, {97, false, true, false},
                                  {257, true, true, true}};

// Writes g as `format`, lets `rewrite` (when given) turn that file into another, loads the
// result and reports what did not come back.
void expect_round_trip(const Graph& g, const Format& format, const std::string& file, const std::string& what,
                       const std::function<std::string(const std::string&)>& rewrite = {},
                       const FormatLimits& limits_after_rewrite = {}) {
  GraphExportOptions options;
  options.gexf_version = format.gexf;
  write_graph_export(g, format.format, {}, file, options);
  std::string read_file = rewrite ? rewrite(file) : file;
  if (read_file.empty()) return;
  LoadOptions load_options;
  if (format.limits.csv_tables) {
    const std::string stem = file.substr(0, file.size() - 4);
    read_file = stem + ".edges.csv";
    load_options.node_table = stem + ".nodes.csv";
    load_options.force_undirected = !g.directed;
  }
  LoadedGraph loaded;
  try {
    loaded = load_graph(read_file, load_options);
  } catch (const std::exception& e) {
    ADD_FAILURE() << what << ": " << e.what();
    return;
  }
  const Graph& r = loaded.graph;
  EXPECT_EQ(r.n, g.n) << what;
  if (g.arc_count() > 0) EXPECT_EQ(r.directed, g.directed) << what;
  // The export describes itself with "source"; not one of the graph's own attributes.
  const std::set<std::string> export_keys = {"source", "marked"};
  FormatLimits limits = format.limits;
  limits.wide_integers_become_text = limits_after_rewrite.wide_integers_become_text;
  const Canon expected = canon(g, limits, {}, true);
  const Canon got = canon(r, FormatLimits{.graph_attributes_as_description = format.limits.graph_attributes_as_description,
                                           .labels_and_weights_only = format.limits.labels_and_weights_only,
                                           .csv_tables = format.limits.csv_tables},
                          export_keys, false);
  const std::string diff = differences(expected, got);
  EXPECT_TRUE(diff.empty()) << what << " lost:\n" << diff;
}

std::string case_text(const Format& format, std::size_t i, const Case& c, std::uint64_t seed) {
  return std::string(format.name) + ", case " + std::to_string(i) + " (n=" + std::to_string(c.n) +
         (c.directed ? ", directed" : ", undirected") + ", seed " + std::to_string(seed) + ")";
}

TEST(FileRoundTrip, EveryWriterThenLoadGraphGivesTheGraphBack) {
  const std::uint64_t seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  test_support::ScratchFolder dir;
  for (std::size_t i = 0; i < kCases.size(); ++i) {
    const Graph g = random_graph_with_everything(kCases[i], rng);
    for (const Format& format : kFormats)
      expect_round_trip(g, format, dir.file("case" + std::to_string(i) + (format.gexf == GexfVersion::V1_3 ? "-13" : "") + format.extension),
                        case_text(format, i, kCases[i], seed));
  }
}

// The same graphs through networkx: pathscope writes, networkx reads and writes the same
// format again, pathscope loads that.
TEST(FileRoundTrip, NetworkxReadsAndRewritesEveryExport) {
  const std::uint64_t seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  test_support::ScratchFolder dir;
  for (std::size_t i = 0; i < kCases.size(); ++i) {
    const Graph g = random_graph_with_everything(kCases[i], rng);
    for (const Format& format : kFormats) {
      if (!format.networkx) continue;
      const std::string what = "networkx loop, " + case_text(format, i, kCases[i], seed);
      const auto rewrite = [&](const std::string& file) {
        const std::string out = dir.file("nx-" + std::filesystem::path(file).filename().string());
        const std::string command = std::string(PATHSCOPE_PYTHON3) + " " + PATHSCOPE_NETWORKX_REWRITE + " " + format.networkx +
                                    " '" + file + "' '" + out + "' 2>&1";
        const int status = std::system(command.c_str());
        if (status != 0) {
          ADD_FAILURE() << what << ": networkx could not rewrite " << file << " (" << command << ")";
          return std::string();
        }
        return out;
      };
      expect_round_trip(g, format, dir.file("case" + std::to_string(i) + (format.gexf == GexfVersion::V1_3 ? "-13" : "") + format.extension),
                        what, rewrite, FormatLimits{.wide_integers_become_text = format.format == GraphExportFormat::Gml});
    }
  }
}

// The comparison itself sees a loss: a parallel edge dropped, an arc value or a node value
// changed, a graph attribute gone.
TEST(FileRoundTrip, TheComparisonSeesEveryKindOfLoss) {
  const std::uint64_t seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  Graph g;
  do g = random_graph_with_everything({31, false, true, true}, rng);
  while (g.extra_arcs.empty() || g.arc_count() == 0);
  const FormatLimits none;
  const Canon whole = canon(g, none, {}, true);
  ASSERT_EQ(differences(whole, canon(g, none, {}, false)), "");
  Graph fewer = g;
  fewer.extra_arcs.pop_back();
  EXPECT_NE(differences(whole, canon(fewer, none, {}, false)), "") << "seed " << seed;
  Graph arc_changed = g;
  auto& score = *arc_changed.arc_attributes.find("syn_score");
  score.set_real(arc_changed.extra_arc_attribute_index(0), 12345.5);
  EXPECT_NE(differences(whole, canon(arc_changed, none, {}, false)), "") << "seed " << seed;
  Graph node_changed = g;
  node_changed.node_attributes.find("cell-kind")->set_text(0, "not the kind");
  EXPECT_NE(differences(whole, canon(node_changed, none, {}, false)), "") << "seed " << seed;
  Graph graph_changed = g;
  graph_changed.graph_attributes.columns.pop_back();
  EXPECT_NE(differences(whole, canon(graph_changed, none, {}, false)), "") << "seed " << seed;
}

}  // namespace
