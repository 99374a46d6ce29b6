// Graph exports read back by the tools people open them with: random graphs of awkward sizes
// (one node, no arcs, primes), 18-digit ids, names with markup characters, line breaks,
// non-ASCII text and an invalid byte, typed node, arc and graph attributes with missing values,
// arc strengths, self-loops, parallel edges and repeated loops (Graph::extra_arcs), positions,
// and the marks of a path, k paths or a reach set, whole and as subgraphs. The expectation is
// built here straight from the Graph and the result; tests/export/check_export.py reads every
// file (GraphML, GEXF 1.2draft and 1.3, node-link JSON, CSV, GML, Pajek) with networkx,
// python-igraph and Python's csv module and compares. Then the files pathscope itself can read
// are read back and compared.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "scratch_folder.hpp"
#include "fresh_seed.hpp"
#include "pathscope/export/graph_export.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/paths/path.hpp"
#include "pathscope/paths/path_sets.hpp"
#include "pathscope/reach/reach.hpp"

namespace {

using namespace pathscope;
using nlohmann::json;
using test_support::read_text;

enum class Mark { None, Path, Paths, Reach };

struct Case {
  std::int32_t n;
  bool directed, ids, names, unique_names, attributes, strengths;
  int coord_dims;
  Mark mark;
  bool subgraph;
  std::string weight_attribute = "weight";
  // Parallel edges and repeated loops beside the cheapest ones.
  bool parallel = false;
};

const char* const kAwkwardNames[] = {"a&b", "<tag>", "say \"hi\"", "it's", "ünïcödé", "日本語", "tab\there",
                                     "line\nbreak", "comma,name", " padded ", "bad\xff" "byte", "plain"};

// What a reader shows for a name: an invalid byte becomes U+FFFD.
std::string repaired(const std::string& name) {
  std::string out;
  for (const char c : name) out += c == '\xff' ? std::string("\xEF\xBF\xBD") : std::string(1, c);
  return out;
}

// Parallel edges beside about a third of the edges (costlier than the one engines walk, as a
// reader keeps them), and a second loop on every looped node.
void add_extra_arcs(Graph& g, SplitMix64& rng) {
  for (std::int32_t u = 0; u < g.n; ++u)
    for (auto a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      if ((!g.directed && v < u) || rng.below(3) != 0) continue;
      const auto copies = 1 + rng.below(2);
      for (std::uint64_t k = 0; k < copies; ++k)
        g.extra_arcs.push_back({u, v, g.weights[a] + 0.5 * static_cast<double>(k + 1),
                                g.arc_strengths.empty() ? 0.0 : static_cast<double>(1 + rng.below(300))});
    }
  for (const auto& loop : g.self_loops) g.extra_arcs.push_back({loop.node, loop.node, loop.weight + 1, 0.0});
}

// Typed arc attributes (one name GML must rewrite) with missing values, the two arcs of an
// undirected edge alike; and one graph attribute of each type.
void add_arc_and_graph_attributes(Graph& g, SplitMix64& rng) {
  const std::size_t count = g.arc_attribute_count();
  g.arc_attributes.column("neuro-transmitter", AttributeType::Text, count);
  g.arc_attributes.column("syn_count", AttributeType::Integer, count);
  g.arc_attributes.column("capacity", AttributeType::Real, count);
  g.arc_attributes.column("excitatory", AttributeType::Boolean, count);
  auto& text = *g.arc_attributes.find("neuro-transmitter");
  auto& integer = *g.arc_attributes.find("syn_count");
  auto& real = *g.arc_attributes.find("capacity");
  auto& flag = *g.arc_attributes.find("excitatory");
  const char* const kTexts[] = {"ACh", "GABA & \"Glu\"", "<DA>", "sérotonine"};
  const auto fill = [&](std::size_t i, std::uint64_t r) {
    if (r % 5) text.set_text(i, kTexts[r % 4]);
    if (r % 7) integer.set_integer(i, (r % 2 ? -1 : 1) * static_cast<std::int64_t>(r % 100000) * 7205759406123LL);
    if (r % 3) real.set_real(i, 0.001 * static_cast<double>(r % 100000) - 7);
    if (r % 4) flag.set_integer(i, static_cast<std::int64_t>((r / 4) % 2));
  };
  std::map<std::pair<std::int32_t, std::int32_t>, std::uint64_t> edge_draw;
  for (std::int32_t u = 0; u < g.n; ++u)
    for (auto a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      const auto key = g.directed || u < v ? std::pair{u, v} : std::pair{v, u};
      if (!edge_draw.count(key)) edge_draw[key] = rng.next();
      fill(static_cast<std::size_t>(a), edge_draw[key]);
    }
  for (std::size_t i = 0; i < g.self_loops.size(); ++i) fill(g.self_loop_attribute_index(i), rng.next());
  for (std::size_t i = 0; i < g.extra_arcs.size(); ++i) fill(g.extra_arc_attribute_index(i), rng.next());
  const auto set = [&](const char* name, AttributeType type) -> AttributeColumn& {
    return g.graph_attributes.column(name, type, 1);
  };
  set("title", AttributeType::Text).set_text(0, "Roma & <strade> \"ü\"");
  set("year", AttributeType::Integer).set_integer(0, 1999);
  set("scale", AttributeType::Real).set_real(0, 0.25);
  set("is-brain", AttributeType::Boolean).set_integer(0, 0);
}

Graph random_case_graph(const Case& c, SplitMix64& rng) {
  GraphBuilder builder(c.n);
  const std::int64_t edges = c.n * 2;
  for (std::int64_t e = 0; e < edges; ++e) {
    const auto u = static_cast<std::int32_t>(rng.below(c.n)), v = static_cast<std::int32_t>(rng.below(c.n));
    // Whole, fractional and large whole costs (exact in double, beyond int32).
    const double kinds[] = {static_cast<double>(1 + rng.below(20)), 0.1 * static_cast<double>(1 + rng.below(50)),
                            4000000016.0 + static_cast<double>(rng.below(5))};
    const double w = kinds[rng.below(3)];
    const double strength = static_cast<double>(1 + rng.below(300));
    if (c.directed) {
      if (c.strengths) builder.add_arc(u, v, w, strength);
      else builder.add_arc(u, v, w);
    } else if (c.strengths) {
      builder.add_edge(u, v, w, strength);
    } else {
      builder.add_edge(u, v, w);
    }
  }
  LoadReport report;
  Graph g = builder.build(c.directed, report);
  if (c.parallel) add_extra_arcs(g, rng);
  if (c.attributes) add_arc_and_graph_attributes(g, rng);
  if (c.ids) {
    std::set<std::int64_t> used;
    while (static_cast<std::int32_t>(used.size()) < c.n) used.insert(720575940600000000 + static_cast<std::int64_t>(rng.below(1000000000)));
    g.ids.assign(used.begin(), used.end());
    std::swap(g.ids.front(), g.ids.back());  // not in index order
  }
  if (c.names) {
    for (std::int32_t u = 0; u < g.n; ++u) {
      std::string name = kAwkwardNames[static_cast<std::size_t>(u) % std::size(kAwkwardNames)];
      if (c.unique_names) name += "#" + std::to_string(u);
      g.names.push_back(name);
    }
  }
  if (c.coord_dims) {
    g.coord_dims = c.coord_dims;
    for (std::int64_t i = 0; i < static_cast<std::int64_t>(g.n) * c.coord_dims; ++i)
      g.coords.push_back(static_cast<float>((rng.unit() - 0.5) * 2e4));
    if (g.n > 3) g.coords[static_cast<std::size_t>(2 * c.coord_dims)] = std::numeric_limits<float>::quiet_NaN();  // node 2: no position
  }
  if (c.attributes) {
    const auto count = static_cast<std::size_t>(g.n);
    // All columns first: adding one may move the others.
    g.node_attributes.column("cell_type", AttributeType::Text, count);
    g.node_attributes.column("root_id", AttributeType::Integer, count);
    g.node_attributes.column("score", AttributeType::Real, count);
    g.node_attributes.column("is_sensory", AttributeType::Boolean, count);
    auto& type = *g.node_attributes.find("cell_type");
    auto& size = *g.node_attributes.find("root_id");
    auto& score = *g.node_attributes.find("score");
    auto& flag = *g.node_attributes.find("is_sensory");
    for (std::size_t u = 0; u < count; ++u) {
      if (rng.below(4)) type.set_text(u, u % 3 ? "KC<γ>" : "PN & \"LN\"");
      if (rng.below(4)) size.set_integer(u, (u % 2 ? -1 : 1) * (720575940612345678 + static_cast<std::int64_t>(u)));
      if (rng.below(4)) score.set_real(u, u % 5 == 0 ? 1e-300 : 0.1 * static_cast<double>(u) - 3);
      if (rng.below(4)) flag.set_integer(u, static_cast<std::int64_t>(u % 2));
    }
  }
  return g;
}

// The result to mark, between nodes chosen at random.
GraphHighlight random_mark(const Case& c, const Graph& g, SplitMix64& rng, std::vector<Path>* paths, ReachSet* reach) {
  const auto a = static_cast<std::int32_t>(rng.below(g.n)), b = static_cast<std::int32_t>(rng.below(g.n));
  switch (c.mark) {
    case Mark::None: return {};
    case Mark::Path: paths->push_back(path_single_source(g, a, b)); return highlight_path(paths->back());
    case Mark::Paths: {
      const auto found = k_shortest_paths(g, a, b, 4);
      for (const auto& p : found) {
        Path as_path;
        as_path.source = a, as_path.target = b, as_path.reachable = true, as_path.nodes = p.nodes;
        paths->push_back(as_path);
      }
      return highlight_paths(found);
    }
    case Mark::Reach: *reach = reach_by_search(g, a, ReachDirection::Downstream, 2); return highlight_reach(*reach);
  }
  return {};
}

std::string key(const Graph& g, std::int32_t u) { return std::to_string(g.display_id(u)); }

// A typed value of an attribute column as JSON; null when missing.
json column_json(const AttributeColumn& column, std::size_t i) {
  if (!column.has(i)) return nullptr;
  switch (column.type) {
    case AttributeType::Text: return column.text[i];
    case AttributeType::Integer: return column.integers[i];
    case AttributeType::Real: return column.reals[i];
    case AttributeType::Boolean: return column.integers[i] != 0;
  }
  return nullptr;
}

std::string type_word(AttributeType type) { return std::string(attribute_type_name(type)); }

// The documented Pajek label: the name when names tell nodes apart, else the id; a quote
// becomes ', a backslash /, a control character a space.
std::string pajek_label(const std::string& text) {
  std::string label = repaired(text);
  for (char& ch : label) {
    if (ch == '"') ch = '\'';
    else if (ch == '\\') ch = '/';
    else if (static_cast<unsigned char>(ch) < 0x20) ch = ' ';
  }
  return label;
}

std::string ranks_text(const std::vector<int>& ranks) {
  std::string text;
  for (const int r : ranks) text += (text.empty() ? "" : ";") + std::to_string(r);
  return text;
}

// The expectation: every node and edge with the values a reader should find, by type.
json expectation(const Case& c, const Graph& g, const std::vector<Path>& paths, const ReachSet& reach) {
  const auto n = static_cast<std::size_t>(g.n);
  std::vector<int> highlight(n, 0), hop(n, -1), in_set(n, 0);
  std::vector<std::vector<int>> ranks(n);
  struct ArcMarks {
    int hop;
    std::vector<int> ranks;
  };
  std::map<std::pair<std::int32_t, std::int32_t>, ArcMarks> arc_marks;
  const auto edge_of = [&](std::int32_t u, std::int32_t v) {
    return c.directed || u < v ? std::pair{u, v} : std::pair{v, u};
  };
  // Ranks count from 1, as `paths` prints them.
  const auto add_rank = [](std::vector<int>& list, int rank) {
    if (list.empty() || list.back() != rank) list.push_back(rank);
  };
  if (c.mark == Mark::Path || c.mark == Mark::Paths) {
    for (std::size_t r = 0; r < paths.size(); ++r) {
      const Path& p = paths[r];
      const int rank = static_cast<int>(r) + 1;
      if (!p.reachable) {
        for (const auto end : {p.source, p.target}) highlight[end] = 1, in_set[end] = 1;
        continue;
      }
      for (std::size_t i = 0; i < p.nodes.size(); ++i) {
        const auto u = p.nodes[i];
        highlight[u] = 1;
        if (hop[u] < 0) hop[u] = static_cast<int>(i);
        add_rank(ranks[u], rank);
        if (i + 1 == p.nodes.size()) continue;
        const auto edge = edge_of(u, p.nodes[i + 1]);
        if (!arc_marks.count(edge)) arc_marks[edge] = {static_cast<int>(i), {}};
        add_rank(arc_marks[edge].ranks, rank);
      }
    }
  }
  if (c.mark == Mark::Reach) {
    highlight[reach.start] = in_set[reach.start] = 1;
    hop[reach.start] = 0;
    for (std::size_t i = 0; i < reach.nodes.size(); ++i) {
      const auto v = reach.nodes[i];
      highlight[v] = in_set[v] = 1;
      if (v != reach.start) hop[v] = reach.hops[i];
    }
  }
  const bool marked = c.mark != Mark::None;
  const bool ranked = c.mark == Mark::Paths;
  const int rank_flags = ranked ? std::min<int>(10, static_cast<int>(paths.size())) : 0;
  const auto written = [&](std::int32_t u) { return !c.subgraph || !marked || highlight[u]; };
  const auto rank_values = [&](json& values, const std::vector<int>& list) {
    values["path_rank"] = list.empty() ? -1 : list.front();
    if (!list.empty()) values["path_ranks"] = ranks_text(list);
    for (int r = 1; r <= rank_flags; ++r)
      values["on_path_" + std::to_string(r)] = std::find(list.begin(), list.end(), r) != list.end();
  };
  const auto rank_types = [&](json& types) {
    types["path_rank"] = "integer";
    types["path_ranks"] = "text";
    for (int r = 1; r <= rank_flags; ++r) types["on_path_" + std::to_string(r)] = "boolean";
  };

  json doc;
  doc["directed"] = g.directed;
  doc["weight_name"] = c.weight_attribute;
  json types = json::object();
  if (!g.names.empty()) types["name"] = "text";
  for (int d = 0; d < g.coord_dims; ++d) types[std::string(1, "xyz"[d])] = "position";
  for (const auto& column : g.node_attributes.columns) types[column.name] = type_word(column.type);
  if (marked) {
    types["highlight"] = "boolean";
    types["hop"] = "integer";
    if (ranked) rank_types(types);
  }
  doc["node_types"] = types;
  const bool names_unique = !g.names.empty() && std::set<std::string>(g.names.begin(), g.names.end()).size() == n;
  bool names_as_ids = g.ids.empty() && names_unique;
  doc["names_as_ids"] = names_as_ids;
  json nodes = json::object(), labels = json::object(), nl_ids = json::object(), pajek = json::object();
  for (std::int32_t u = 0; u < g.n; ++u) {
    if (!written(u)) continue;
    json values = json::object();
    if (!g.names.empty()) values["name"] = repaired(g.names[u]);
    bool positioned = g.coord_dims > 0;
    for (int d = 0; d < g.coord_dims; ++d) positioned = positioned && std::isfinite(g.coords[u * g.coord_dims + d]);
    for (int d = 0; positioned && d < g.coord_dims; ++d)
      values[std::string(1, "xyz"[d])] = static_cast<double>(g.coords[u * g.coord_dims + d]);
    for (const auto& column : g.node_attributes.columns)
      if (column.has(u)) values[column.name] = column_json(column, static_cast<std::size_t>(u));
    if (marked) {
      values["highlight"] = highlight[u] != 0;
      values["hop"] = hop[u];
      if (ranked) rank_values(values, ranks[u]);
    }
    nodes[key(g, u)] = values;
    labels[key(g, u)] = g.names.empty() ? key(g, u) : repaired(g.names[u]);
    nl_ids[key(g, u)] = names_as_ids ? json(repaired(g.names[u])) : json(g.display_id(u));
    pajek[key(g, u)] = names_unique ? pajek_label(g.names[u]) : key(g, u);
  }
  doc["nodes"] = nodes;
  doc["labels"] = labels;
  doc["node_link_ids"] = nl_ids;
  doc["pajek_labels"] = pajek;
  json edge_types = {{c.weight_attribute, "real"}};
  if (!g.arc_strengths.empty()) edge_types["strength"] = "real";
  for (const auto& column : g.arc_attributes.columns) edge_types[column.name] = type_word(column.type);
  if (marked) {
    edge_types["highlight"] = "boolean";
    edge_types["on_path"] = "boolean";
    edge_types["hop"] = "integer";
    if (ranked) rank_types(edge_types);
  }
  doc["edge_types"] = edge_types;
  json edges = json::array();
  bool multigraph = false;
  // `walked`: the edge a result's walk takes between these nodes (not a parallel one).
  const auto add_edge = [&](std::int32_t u, std::int32_t v, double w, const double* strength, std::size_t element,
                            bool walked) {
    json values = {{c.weight_attribute, w}};
    if (strength) values["strength"] = *strength;
    for (const auto& column : g.arc_attributes.columns)
      if (column.has(element)) values[column.name] = column_json(column, element);
    bool lit = false;
    if (marked) {
      const auto it = walked ? arc_marks.find(edge_of(u, v)) : arc_marks.end();
      const bool on_path = it != arc_marks.end();
      lit = on_path || (in_set[u] && in_set[v]);
      values["highlight"] = lit;
      values["on_path"] = on_path;
      values["hop"] = on_path ? it->second.hop : -1;
      if (ranked) rank_values(values, on_path ? it->second.ranks : std::vector<int>{});
    }
    if (!written(u) || !written(v) || (c.subgraph && marked && !lit)) return;
    edges.push_back({key(g, u), key(g, v), values});
  };
  for (std::int32_t u = 0; u < g.n; ++u)
    for (auto a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (g.directed || g.heads[a] > u)
        add_edge(u, g.heads[a], g.weights[a], g.arc_strengths.empty() ? nullptr : &g.arc_strengths[a],
                 static_cast<std::size_t>(a), true);
  for (std::size_t i = 0; i < g.self_loops.size(); ++i)
    add_edge(g.self_loops[i].node, g.self_loops[i].node, g.self_loops[i].weight, nullptr, g.self_loop_attribute_index(i),
             false);
  for (std::size_t i = 0; i < g.extra_arcs.size(); ++i) {
    const auto& extra = g.extra_arcs[i];
    multigraph = multigraph || (written(extra.tail) && written(extra.head));
    const bool loop = extra.tail == extra.head;
    add_edge(extra.tail, extra.head, extra.weight, g.arc_strengths.empty() || loop ? nullptr : &extra.strength,
             g.extra_arc_attribute_index(i), false);
  }
  doc["edges"] = edges;
  doc["multigraph"] = multigraph;
  json graph_types = json::object(), graph_values = json::object();
  for (const auto& column : g.graph_attributes.columns) {
    graph_types[column.name] = type_word(column.type);
    if (column.has(0)) graph_values[column.name] = column_json(column, 0);
  }
  doc["graph_types"] = graph_types;
  doc["graph_attributes"] = graph_values;
  return doc;
}

int run_python(const std::vector<std::string>& files, std::string* output) {
  std::vector<std::string> args{PATHSCOPE_PYTHON3, PATHSCOPE_EXPORT_CHECK};
  args.insert(args.end(), files.begin(), files.end());
  std::string command;
  for (const auto& a : args) command += "'" + a + "' ";
  command += "2>&1";
  FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) return -1;
  char buffer[4096];
  while (const auto got = std::fread(buffer, 1, sizeof buffer, pipe)) output->append(buffer, got);
  const int status = ::pclose(pipe);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(ExportRoundTrip, NetworkxIgraphAndCsvReadWhatWasWritten) {
  const std::uint64_t seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  test_support::ScratchFolder dir;
  const std::vector<Case> cases = {
      {1, true, false, false, false, false, false, 0, Mark::None, false},
      {2, false, false, true, true, true, false, 2, Mark::Path, false},
      {7, true, true, true, false, true, true, 3, Mark::Paths, false},
      {61, true, false, true, true, true, true, 2, Mark::Path, true},
      {61, false, true, false, false, true, false, 2, Mark::Reach, false},
      {127, true, true, true, true, false, true, 0, Mark::Reach, true},
      {257, false, false, true, false, true, true, 3, Mark::Paths, true, "length"},
      // Parallel edges and repeated loops, with every kind of mark.
      {3, false, false, true, true, true, true, 2, Mark::None, false, "weight", true},
      {23, true, true, true, true, true, true, 2, Mark::Paths, false, "weight", true},
      {59, false, false, false, false, true, false, 0, Mark::Paths, false, "length", true},
      {97, true, false, true, false, true, true, 3, Mark::Reach, false, "weight", true},
      {211, false, true, true, true, true, true, 2, Mark::Reach, true, "weight", true},
      // Last: the checker's own test below changes this one's first edge and first node.
      {1031, true, true, true, true, true, true, 2, Mark::None, false},
  };
  std::vector<std::string> expectations;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    const Graph g = random_case_graph(c, rng);
    std::vector<Path> paths;
    ReachSet reach;
    const GraphHighlight mark = random_mark(c, g, rng, &paths, &reach);
    GraphExportOptions options;
    options.subgraph_only = c.subgraph;
    options.weight_attribute = c.weight_attribute;
    options.source = "case " + std::to_string(i);
    json doc = expectation(c, g, paths, reach);
    doc["case"] = "case " + std::to_string(i) + " (n=" + std::to_string(c.n) + ", seed " + std::to_string(seed) + ")";
    const std::string stem = dir.file("case" + std::to_string(i));
    write_graph_export(g, GraphExportFormat::GraphML, mark, stem + ".graphml", options);
    write_graph_export(g, GraphExportFormat::Gexf, mark, stem + ".gexf", options);
    write_graph_export(g, GraphExportFormat::NodeLinkJson, mark, stem + ".json", options);
    write_graph_export(g, GraphExportFormat::Gml, mark, stem + ".gml", options);
    write_graph_export(g, GraphExportFormat::Pajek, mark, stem + ".net", options);
    GraphExportOptions gexf13 = options;
    gexf13.gexf_version = GexfVersion::V1_3;
    write_graph_export(g, GraphExportFormat::Gexf, mark, stem + ".13.gexf", gexf13);
    const auto csv = write_graph_export(g, GraphExportFormat::Csv, mark, stem + ".csv", options);
    ASSERT_EQ(csv.files.size(), g.graph_attributes.empty() ? 2u : 3u);
    EXPECT_EQ(csv.files[0], stem + ".nodes.csv");
    EXPECT_EQ(csv.files[1], stem + ".edges.csv");
    if (!g.graph_attributes.empty()) {
      EXPECT_EQ(csv.files[2], stem + ".graph.csv");
    }
    EXPECT_EQ(csv.edges, static_cast<std::int64_t>(doc["edges"].size()));
    EXPECT_EQ(csv.nodes, static_cast<std::int64_t>(doc["nodes"].size()));
    doc["files"] = {{"graphml", stem + ".graphml"}, {"gexf", stem + ".gexf"}, {"gexf13", stem + ".13.gexf"},
                    {"node-link", stem + ".json"}, {"csv", {csv.files[0], csv.files[1]}},
                    {"csv_graph", csv.files.size() > 2 ? csv.files[2] : ""}, {"gml", stem + ".gml"},
                    {"pajek", stem + ".net"}};
    const std::string expected_file = stem + ".expected.json";
    std::ofstream(expected_file) << doc.dump(1);
    expectations.push_back(expected_file);
  }
  std::string output;
  EXPECT_EQ(run_python(expectations, &output), 0) << output;

  // The checker itself can fail: one weight and one name changed in the expectation must be
  // reported by every reader that sees them (GraphML twice, GEXF twice, node-link, CSV, GML
  // twice; Pajek sees the weight only).
  json doc = json::parse(read_text(expectations.back()));
  doc["edges"][0][2][cases.back().weight_attribute] = doc["edges"][0][2][cases.back().weight_attribute].get<double>() + 1;
  doc["nodes"].begin()->operator[]("name") = "not the name";
  std::ofstream(expectations.back()) << doc.dump(1);
  std::string complaints;
  EXPECT_EQ(run_python({expectations.back()}, &complaints), 1) << complaints;
  for (const char* reader : {"GraphML/networkx", "GraphML/igraph", "GEXF/networkx", "GEXF 1.3/networkx",
                             "node-link/networkx", "CSV/csv module", "GML/networkx", "GML/igraph"})
    EXPECT_TRUE(complaints.find(std::string(reader) + " edge") != std::string::npos &&
                complaints.find(std::string(reader) + " node") != std::string::npos)
        << reader << " did not notice:\n" << complaints;
  for (const char* reader : {"Pajek/networkx", "Pajek/igraph"})
    EXPECT_NE(complaints.find(std::string(reader) + " edge"), std::string::npos) << reader << " did not notice:\n" << complaints;
}

// pathscope's own readers on pathscope's own files: the same graph comes back.
void expect_same_graph(const Graph& a, const Graph& b, const std::string& what) {
  ASSERT_EQ(a.n, b.n) << what;
  ASSERT_EQ(a.arc_count(), b.arc_count()) << what;
  // Without arcs the readers of exchange formats cannot tell (reported; not this test's point).
  if (a.arc_count() > 0) ASSERT_EQ(a.directed, b.directed) << what;
  // Node order may differ: match by display id.
  std::map<std::int64_t, std::int32_t> index_of;
  for (std::int32_t u = 0; u < b.n; ++u) index_of[b.display_id(u)] = u;
  for (std::int32_t u = 0; u < a.n; ++u) {
    ASSERT_TRUE(index_of.count(a.display_id(u))) << what << ": node " << a.display_id(u);
    const auto ub = index_of[a.display_id(u)];
    std::map<std::int64_t, double> arcs_a, arcs_b;
    for (auto k = a.offsets[u]; k < a.offsets[u + 1]; ++k) arcs_a[a.display_id(a.heads[k])] = a.weights[k];
    for (auto k = b.offsets[ub]; k < b.offsets[ub + 1]; ++k) arcs_b[b.display_id(b.heads[k])] = b.weights[k];
    ASSERT_EQ(arcs_a, arcs_b) << what << ": arcs of node " << a.display_id(u);
  }
}

TEST(ExportRoundTrip, PathscopeReadsItsOwnNodeLinkJson) {
  const std::uint64_t seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  test_support::ScratchFolder dir;
  for (const std::int32_t n : {1, 2, 13, 300}) {
    for (const bool directed : {true, false}) {
      Case c{n, directed, n % 2 == 1, false, false, false, false, 2, Mark::None, false};
      Graph g = random_case_graph(c, rng);
      g.self_loops.clear();  // the node-link reader keeps loops apart too, but compare arcs only
      const std::string file = dir.file("g" + std::to_string(n) + (directed ? "d" : "u") + ".json");
      write_graph_export(g, GraphExportFormat::NodeLinkJson, {}, file);
      LoadOptions options;
      const auto loaded = load_graph(file, options);
      expect_same_graph(g, loaded.graph, file);
    }
  }
}

// GraphML and GEXF written by pathscope, read by pathscope's own readers: the same arcs and
// costs by id, the same names, positions and typed attributes.
TEST(ExportRoundTrip, PathscopeReadsItsOwnGraphmlAndGexf) {
  const std::uint64_t seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  test_support::ScratchFolder dir;
  for (const std::int32_t n : {1, 2, 17, 401}) {
    for (const bool directed : {true, false}) {
      Case c{n, directed, true, true, true, true, false, n % 2 ? 2 : 3, Mark::None, false};
      Graph g = random_case_graph(c, rng);
      g.self_loops.clear();
      for (auto& name : g.names) name = repaired(name);
      for (const auto format : {GraphExportFormat::GraphML, GraphExportFormat::Gexf}) {
        const std::string file = dir.file("g" + std::to_string(n) + (directed ? "d." : "u.") +
                                          (format == GraphExportFormat::GraphML ? "graphml" : "gexf"));
        write_graph_export(g, format, {}, file);
        const auto loaded = load_graph(file, LoadOptions{});
        const Graph& r = loaded.graph;
        expect_same_graph(g, r, file);
        std::map<std::int64_t, std::int32_t> index_of;
        for (std::int32_t u = 0; u < r.n; ++u) index_of[r.display_id(u)] = u;
        ASSERT_EQ(r.names.size(), g.names.size()) << file;
        ASSERT_EQ(r.coord_dims, g.coord_dims) << file;
        for (std::int32_t u = 0; u < g.n; ++u) {
          const auto v = index_of.at(g.display_id(u));
          EXPECT_EQ(r.names[v], g.names[u]) << file;
          bool positioned = true;  // a node with any axis unknown has no position at all
          for (int d = 0; d < g.coord_dims; ++d) positioned = positioned && std::isfinite(g.coords[u * g.coord_dims + d]);
          for (int d = 0; d < g.coord_dims; ++d) {
            const float a = g.coords[u * g.coord_dims + d], b = r.coords[v * r.coord_dims + d];
            if (positioned) EXPECT_EQ(a, b) << file << " node " << g.display_id(u);
            else EXPECT_TRUE(std::isnan(b)) << file << " node " << g.display_id(u);
          }
          for (const auto& column : g.node_attributes.columns) {
            bool any = false;  // a declared key with no value anywhere leaves no column behind
            for (std::int32_t w = 0; w < g.n; ++w) any = any || column.has(w);
            if (!any) continue;
            const AttributeColumn* read = r.node_attributes.find(column.name);
            ASSERT_NE(read, nullptr) << file << ": " << column.name;
            ASSERT_EQ(read->type, column.type) << file << ": " << column.name;
            ASSERT_EQ(read->has(v), column.has(u)) << file << ": " << column.name << " of node " << g.display_id(u);
            if (column.has(u)) EXPECT_EQ(read->to_text(v), column.to_text(u)) << file << ": " << column.name;
          }
        }
      }
    }
  }
}

}  // namespace
