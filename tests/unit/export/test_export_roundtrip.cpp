// Graph exports read back by the tools people open them with: random graphs of awkward sizes
// (one node, no arcs, primes), 18-digit ids, names with markup characters, line breaks,
// non-ASCII text and an invalid byte, typed node attributes with missing values, arc strengths,
// self-loops, positions, and the marks of a path, k paths or a reach set, whole and as
// subgraphs. The expectation is built here straight from the Graph and the result;
// tests/export/check_export.py reads every file with networkx, python-igraph and Python's csv
// module and compares. Then the files pathscope itself can read are read back and compared.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
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
};

const char* const kAwkwardNames[] = {"a&b", "<tag>", "say \"hi\"", "it's", "ünïcödé", "日本語", "tab\there",
                                     "line\nbreak", "comma,name", " padded ", "bad\xff" "byte", "plain"};

// What a reader shows for a name: an invalid byte becomes U+FFFD.
std::string repaired(const std::string& name) {
  std::string out;
  for (const char c : name) out += c == '\xff' ? std::string("\xEF\xBF\xBD") : std::string(1, c);
  return out;
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

// The expectation: every node and edge with the values a reader should find, by type.
json expectation(const Case& c, const Graph& g, const std::vector<Path>& paths, const ReachSet& reach) {
  const auto n = static_cast<std::size_t>(g.n);
  std::vector<int> highlight(n, 0), hop(n, -1), rank(n, -1), in_set(n, 0);
  std::map<std::pair<std::int32_t, std::int32_t>, json> arc_marks;
  const auto edge_of = [&](std::int32_t u, std::int32_t v) {
    return c.directed || u < v ? std::pair{u, v} : std::pair{v, u};
  };
  if (c.mark == Mark::Path || c.mark == Mark::Paths) {
    for (std::size_t r = 0; r < paths.size(); ++r) {
      const Path& p = paths[r];
      if (!p.reachable) {
        for (const auto end : {p.source, p.target}) highlight[end] = 1, in_set[end] = 1;
        continue;
      }
      for (std::size_t i = 0; i < p.nodes.size(); ++i) {
        const auto u = p.nodes[i];
        highlight[u] = 1;
        if (hop[u] < 0) hop[u] = static_cast<int>(i), rank[u] = static_cast<int>(r);
        if (i + 1 < p.nodes.size() && !arc_marks.count(edge_of(u, p.nodes[i + 1])))
          arc_marks[edge_of(u, p.nodes[i + 1])] = {{"on_path", true}, {"hop", i}, {"path_rank", r}};
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
  const auto written = [&](std::int32_t u) { return !c.subgraph || !marked || highlight[u]; };

  json doc;
  doc["directed"] = g.directed;
  json types = json::object();
  if (!g.names.empty()) types["name"] = "text";
  for (int d = 0; d < g.coord_dims; ++d) types[std::string(1, "xyz"[d])] = "position";
  for (const auto& column : g.node_attributes.columns)
    types[column.name] = std::string(attribute_type_name(column.type)) == "real" ? "real" : std::string(attribute_type_name(column.type));
  if (marked) {
    types["highlight"] = "boolean";
    types["hop"] = "integer";
    if (ranked) types["path_rank"] = "integer";
  }
  doc["node_types"] = types;
  bool names_as_ids = g.ids.empty() && !g.names.empty() && c.unique_names;
  doc["names_as_ids"] = names_as_ids;
  json nodes = json::object(), labels = json::object(), nl_ids = json::object();
  for (std::int32_t u = 0; u < g.n; ++u) {
    if (!written(u)) continue;
    json values = json::object();
    if (!g.names.empty()) values["name"] = repaired(g.names[u]);
    bool positioned = g.coord_dims > 0;
    for (int d = 0; d < g.coord_dims; ++d) positioned = positioned && std::isfinite(g.coords[u * g.coord_dims + d]);
    for (int d = 0; positioned && d < g.coord_dims; ++d)
      values[std::string(1, "xyz"[d])] = static_cast<double>(g.coords[u * g.coord_dims + d]);
    for (const auto& column : g.node_attributes.columns) {
      if (!column.has(u)) continue;
      switch (column.type) {
        case AttributeType::Text: values[column.name] = column.text[u]; break;
        case AttributeType::Integer: values[column.name] = column.integers[u]; break;
        case AttributeType::Real: values[column.name] = column.reals[u]; break;
        case AttributeType::Boolean: values[column.name] = column.integers[u] != 0; break;
      }
    }
    if (marked) {
      values["highlight"] = highlight[u] != 0;
      values["hop"] = hop[u];
      if (ranked) values["path_rank"] = rank[u];
    }
    nodes[key(g, u)] = values;
    labels[key(g, u)] = g.names.empty() ? key(g, u) : repaired(g.names[u]);
    nl_ids[key(g, u)] = names_as_ids ? json(repaired(g.names[u])) : json(g.display_id(u));
  }
  doc["nodes"] = nodes;
  doc["labels"] = labels;
  doc["node_link_ids"] = nl_ids;
  json edge_types = {{c.weight_attribute, "real"}};
  if (!g.arc_strengths.empty()) edge_types["strength"] = "real";
  if (marked) {
    edge_types["highlight"] = "boolean";
    edge_types["on_path"] = "boolean";
    edge_types["hop"] = "integer";
    if (ranked) edge_types["path_rank"] = "integer";
  }
  doc["edge_types"] = edge_types;
  json edges = json::array();
  const auto add_edge = [&](std::int32_t u, std::int32_t v, double w, const double* strength) {
    json values = {{c.weight_attribute, w}};
    if (strength) values["strength"] = *strength;
    bool lit = false;
    if (marked) {
      const auto it = arc_marks.find(edge_of(u, v));
      const bool on_path = it != arc_marks.end();
      lit = on_path || (in_set[u] && in_set[v]);
      values["highlight"] = lit;
      values["on_path"] = on_path;
      values["hop"] = on_path ? it->second["hop"] : json(-1);
      if (ranked) values["path_rank"] = on_path ? it->second["path_rank"] : json(-1);
    }
    if (!written(u) || !written(v) || (c.subgraph && marked && !lit)) return;
    edges.push_back({key(g, u), key(g, v), values});
  };
  for (std::int32_t u = 0; u < g.n; ++u)
    for (auto a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (g.directed || g.heads[a] > u)
        add_edge(u, g.heads[a], g.weights[a], g.arc_strengths.empty() ? nullptr : &g.arc_strengths[a]);
  for (const auto& loop : g.self_loops) add_edge(loop.node, loop.node, loop.weight, nullptr);
  doc["edges"] = edges;
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
    const auto csv = write_graph_export(g, GraphExportFormat::Csv, mark, stem + ".csv", options);
    ASSERT_EQ(csv.files.size(), 2u);
    EXPECT_EQ(csv.files[0], stem + ".nodes.csv");
    EXPECT_EQ(csv.files[1], stem + ".edges.csv");
    EXPECT_EQ(csv.edges, static_cast<std::int64_t>(doc["edges"].size()));
    EXPECT_EQ(csv.nodes, static_cast<std::int64_t>(doc["nodes"].size()));
    doc["files"] = {{"graphml", stem + ".graphml"}, {"gexf", stem + ".gexf"}, {"node-link", stem + ".json"}, {"csv", csv.files}};
    const std::string expected_file = stem + ".expected.json";
    std::ofstream(expected_file) << doc.dump(1);
    expectations.push_back(expected_file);
  }
  std::string output;
  EXPECT_EQ(run_python(expectations, &output), 0) << output;

  // The checker itself can fail: one weight and one name changed in the expectation must be
  // reported by every reader that sees them (GraphML twice, GEXF, node-link, CSV).
  json doc = json::parse(read_text(expectations.back()));
  doc["edges"][0][2][cases.back().weight_attribute] = doc["edges"][0][2][cases.back().weight_attribute].get<double>() + 1;
  doc["nodes"].begin()->operator[]("name") = "not the name";
  std::ofstream(expectations.back()) << doc.dump(1);
  std::string complaints;
  EXPECT_EQ(run_python({expectations.back()}, &complaints), 1) << complaints;
  for (const char* reader : {"GraphML/networkx", "GraphML/igraph", "GEXF/networkx", "node-link/networkx", "CSV/csv module"})
    EXPECT_TRUE(complaints.find(std::string(reader) + " edge") != std::string::npos &&
                complaints.find(std::string(reader) + " node") != std::string::npos)
        << reader << " did not notice:\n" << complaints;
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
