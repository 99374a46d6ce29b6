// --keep-nodes and --keep-arcs against a hand-evaluated filter of the same random tables: the
// graph the CLI keeps must count, connect and measure as the graph of a file written without the
// dropped rows (every operator, on node and edge columns and the pseudo-attributes); bad
// conditions exit 2 quoting the text.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "cli_binary.hpp"
#include "fresh_seed.hpp"
#include "scratch_folder.hpp"

namespace {

using test_support::run_cli;

struct NodeRow {
  std::string name, side, cell_type;  // side "" = missing
  long long long_id;
  double size;
};
struct EdgeRow {
  int source, target;
  int synapses;
  std::string neuropil, nt_type;
};

struct Tables {
  std::vector<NodeRow> nodes;
  std::vector<EdgeRow> edges;
};

Tables random_tables(std::mt19937_64& rng) {
  static const std::vector<std::string> sides{"left", "right", "center", ""};
  static const std::vector<std::string> types{"KCg", "KC_a", "MBON01", "PN", "LHN"};
  static const std::vector<std::string> neuropils{"MB_CA_L", "AL_R", "LH_L"};
  static const std::vector<std::string> transmitters{"ACH", "GABA", "GLUT"};
  Tables t;
  const int n = 23 + static_cast<int>(rng() % 90);
  for (int i = 0; i < n; ++i)
    t.nodes.push_back({"n" + std::to_string(i), sides[rng() % sides.size()], types[rng() % types.size()],
                       720575940600000000LL + static_cast<long long>(rng() % 100), static_cast<double>(rng() % 40) / 4.0});
  // Distinct pairs, no loops: with parallel rows, which one a filter leaves would depend on
  // how the reader merged them, not on the filter.
  std::map<std::pair<int, int>, bool> seen;
  const int wanted = n * 3;
  for (int k = 0; k < wanted * 2 && static_cast<int>(t.edges.size()) < wanted; ++k) {
    const int a = static_cast<int>(rng() % n), b = static_cast<int>(rng() % n);
    if (a == b || seen[{a, b}]) continue;
    seen[{a, b}] = true;
    t.edges.push_back({a, b, 1 + static_cast<int>(rng() % 30), neuropils[rng() % neuropils.size()],
                       transmitters[rng() % transmitters.size()]});
  }
  return t;
}

// Writes the edge table (and the node table beside it) of the rows kept; a node keeps its row in
// the node table whether or not an edge names it, so isolated nodes stay.
std::pair<std::string, std::string> write_tables(const test_support::ScratchFolder& folder, const std::string& stem,
                                                 const Tables& t, const std::vector<bool>& node_kept,
                                                 const std::vector<bool>& edge_kept) {
  std::ostringstream edges, nodes;
  edges << "source,target,synapses,neuropil,nt_type\n";
  for (std::size_t e = 0; e < t.edges.size(); ++e) {
    const auto& r = t.edges[e];
    if (!edge_kept[e] || !node_kept[static_cast<std::size_t>(r.source)] || !node_kept[static_cast<std::size_t>(r.target)]) continue;
    edges << t.nodes[static_cast<std::size_t>(r.source)].name << "," << t.nodes[static_cast<std::size_t>(r.target)].name << ","
          << r.synapses << "," << r.neuropil << "," << r.nt_type << "\n";
  }
  nodes << "name,side,cell_type,long_id,size\n";
  for (std::size_t u = 0; u < t.nodes.size(); ++u) {
    if (!node_kept[u]) continue;
    const auto& r = t.nodes[u];
    nodes << r.name << "," << r.side << "," << r.cell_type << "," << r.long_id << "," << r.size << "\n";
  }
  return {folder.write(stem + ".csv", edges.str()), folder.write(stem + "-nodes.csv", nodes.str())};
}

struct Case {
  std::vector<std::string> keep_nodes, keep_arcs;
  std::function<bool(const NodeRow&)> node;
  std::function<bool(const EdgeRow&)> arc;
};

// Every operator, each with its hand evaluation.
std::vector<Case> cases() {
  const auto all_nodes = [](const NodeRow&) { return true; };
  const auto all_arcs = [](const EdgeRow&) { return true; };
  const auto starts = [](const std::string& s, const std::string& p) { return s.rfind(p, 0) == 0; };
  return {
      {{"side == left"}, {}, [](const NodeRow& r) { return r.side == "left"; }, all_arcs},
      {{"side != left"}, {}, [](const NodeRow& r) { return r.side != "left"; }, all_arcs},
      {{"cell_type in {KCg, PN}"}, {}, [](const NodeRow& r) { return r.cell_type == "KCg" || r.cell_type == "PN"; }, all_arcs},
      {{"side not in {left, center}"}, {}, [](const NodeRow& r) { return r.side != "left" && r.side != "center"; }, all_arcs},
      {{"cell_type ~ KC.*"}, {}, [&](const NodeRow& r) { return starts(r.cell_type, "KC"); }, all_arcs},
      {{"long_id < 720575940600000050"}, {}, [](const NodeRow& r) { return r.long_id < 720575940600000050LL; }, all_arcs},
      {{"long_id >= 720575940600000030.5"}, {}, [](const NodeRow& r) { return r.long_id >= 720575940600000031LL; }, all_arcs},
      {{"size <= 4.5", "size > 1"}, {}, [](const NodeRow& r) { return r.size <= 4.5 && r.size > 1; }, all_arcs},
      {{"name ~ n1.*"}, {}, [&](const NodeRow& r) { return starts(r.name, "n1"); }, all_arcs},
      {{}, {"synapses >= 10"}, all_nodes, [](const EdgeRow& r) { return r.synapses >= 10; }},
      {{}, {"synapses < 7"}, all_nodes, [](const EdgeRow& r) { return r.synapses < 7; }},
      {{}, {"neuropil == MB_CA_L"}, all_nodes, [](const EdgeRow& r) { return r.neuropil == "MB_CA_L"; }},
      {{}, {"nt_type not in {GABA}", "neuropil != AL_R"}, all_nodes,
       [](const EdgeRow& r) { return r.nt_type != "GABA" && r.neuropil != "AL_R"; }},
      {{"side == right"}, {"strength > 12", "nt_type in {ACH, GLUT}"}, [](const NodeRow& r) { return r.side == "right"; },
       [](const EdgeRow& r) { return r.synapses > 12 && (r.nt_type == "ACH" || r.nt_type == "GLUT"); }},
  };
}

nlohmann::json json_of(const test_support::CliRun& run) {
  EXPECT_EQ(run.code, 0) << run.describe();
  return nlohmann::json::parse(run.out);
}

// name -> distance, from `distances --output-format csv` (index,id,name,distance).
std::map<std::string, std::string> distances_by_name(const test_support::CliRun& run) {
  EXPECT_EQ(run.code, 0) << run.describe();
  std::map<std::string, std::string> out;
  std::istringstream lines(run.out);
  std::string line;
  std::getline(lines, line);  // header
  while (std::getline(lines, line)) {
    std::vector<std::string> fields;
    std::istringstream cells(line);
    for (std::string cell; std::getline(cells, cell, ',');) fields.push_back(cell);
    if (fields.size() == 4) out[fields[2]] = fields[3];
  }
  return out;
}

TEST(CliFilter, KeptGraphEqualsTheFileOfTheKeptRows) {
  std::mt19937_64 rng(test_support::fresh_seed());
  test_support::ScratchFolder folder;
  const Tables t = random_tables(rng);
  const std::vector<bool> every_node(t.nodes.size(), true), every_edge(t.edges.size(), true);
  const auto [full_edges, full_nodes] = write_tables(folder, "full", t, every_node, every_edge);
  int index = 0;
  for (const Case& c : cases()) {
    std::vector<bool> node_kept, edge_kept;
    for (const auto& r : t.nodes) node_kept.push_back(c.node(r));
    for (const auto& r : t.edges) edge_kept.push_back(c.arc(r));
    const auto [edges, nodes] = write_tables(folder, "kept" + std::to_string(index++), t, node_kept, edge_kept);
    std::vector<std::string> flags;
    for (const auto& k : c.keep_nodes) flags.insert(flags.end(), {"--keep-nodes", k});
    for (const auto& k : c.keep_arcs) flags.insert(flags.end(), {"--keep-arcs", k});
    std::string what;
    for (const auto& f : flags) what += f + " ";
    SCOPED_TRACE(what);
    // Hops as costs, so that the synapse counts are kept as strengths for the arc conditions.
    const std::vector<std::string> load{"--cost-rule", "hops"};
    auto with = [&](std::vector<std::string> args, const std::string& graph, const std::string& node_table,
                    bool filtered) {
      args.insert(args.begin() + 1, graph);  // FILE before the command's own positionals
      args.insert(args.end(), {"--node-table", node_table});
      args.insert(args.end(), load.begin(), load.end());
      if (filtered) args.insert(args.end(), flags.begin(), flags.end());
      return run_cli(args);
    };
    const auto got = json_of(with({"info", "--json"}, full_edges, full_nodes, true));
    const auto want = json_of(with({"info", "--json"}, edges, nodes, false));
    for (const char* key : {"n", "m", "weak_components", "largest_component", "min_weight", "max_weight"})
      EXPECT_EQ(got[key], want[key]) << key;
    const std::int64_t kept_nodes = std::count(node_kept.begin(), node_kept.end(), true);
    ASSERT_TRUE(got.contains("filter"));
    const std::string summary = got["filter"];
    EXPECT_EQ(summary.rfind("kept " + std::to_string(kept_nodes) + " of " + std::to_string(t.nodes.size()) + " nodes", 0), 0u)
        << summary;
    EXPECT_FALSE(want.contains("filter"));
    if (kept_nodes == 0) continue;
    // Distances from a kept node, by name: the same in both.
    std::size_t source = 0;
    while (!node_kept[source]) ++source;
    const auto name = t.nodes[source].name;
    const auto got_distances = distances_by_name(with({"distances", name, "--output-format", "csv"}, full_edges, full_nodes, true));
    const auto want_distances = distances_by_name(with({"distances", name, "--output-format", "csv"}, edges, nodes, false));
    EXPECT_EQ(got_distances.size(), static_cast<std::size_t>(kept_nodes));
    EXPECT_EQ(got_distances, want_distances);
  }
}

TEST(CliFilter, WeightConditionsReadTheCosts) {
  std::mt19937_64 rng(test_support::fresh_seed());
  test_support::ScratchFolder folder;
  const Tables t = random_tables(rng);
  const std::vector<bool> every_node(t.nodes.size(), true), every_edge(t.edges.size(), true);
  const auto [full_edges, full_nodes] = write_tables(folder, "full", t, every_node, every_edge);
  std::vector<bool> edge_kept;
  for (const auto& r : t.edges) edge_kept.push_back(r.synapses > 3 && r.synapses <= 20);
  const auto [edges, nodes] = write_tables(folder, "kept", t, every_node, edge_kept);
  const std::string source = t.nodes[t.edges.front().source].name;
  const auto got = distances_by_name(run_cli({"distances", full_edges, source, "--node-table", full_nodes, "--output-format", "csv",
                                              "--keep-arcs", "weight > 3", "--keep-arcs", "cost <= 20"}));
  const auto want = distances_by_name(run_cli({"distances", edges, source, "--node-table", nodes, "--output-format", "csv"}));
  EXPECT_EQ(got, want);
  // Under the weight rule the file's numbers are costs, not strengths: said so, not guessed.
  const auto run = run_cli({"info", full_edges, "--keep-arcs", "synapses >= 3"});
  EXPECT_EQ(run.code, 2) << run.describe();
  EXPECT_NE(run.err.find("no connection strengths"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find(full_edges), std::string::npos) << run.err;
}

TEST(CliFilter, BadConditionsExitTwoQuotingTheText) {
  test_support::ScratchFolder folder;
  const std::string graph = folder.write("g.csv", "source,target,weight,neuropil\na,b,1,MB\nb,c,2,AL\n");
  for (const std::vector<std::string>& flags :
       {std::vector<std::string>{"--keep-nodes", "side = left"}, {"--keep-arcs", "weight <"}, {"--keep-nodes", "x in {a"},
        {"--keep-arcs", "neuropil ~ ("}}) {
    const auto run = run_cli({"info", graph, flags[0], flags[1]});
    EXPECT_EQ(run.code, 2) << run.describe();
    EXPECT_NE(run.err.find("'" + flags[1] + "'"), std::string::npos) << run.err;
  }
  // Conditions that parse but cannot apply to this graph: exit 2 too, naming what it has.
  auto run = run_cli({"info", graph, "--keep-arcs", "neuropl == MB"});
  EXPECT_EQ(run.code, 2) << run.describe();
  EXPECT_NE(run.err.find("no attribute 'neuropl'"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("neuropil, weight, cost"), std::string::npos) << run.err;
  run = run_cli({"info", graph, "--keep-arcs", "neuropil < MB"});
  EXPECT_EQ(run.code, 2) << run.describe();
  EXPECT_NE(run.err.find("'neuropil' (text)"), std::string::npos) << run.err;
  // A filter that keeps everything: said so on stderr and in the JSON.
  run = run_cli({"info", graph, "--keep-arcs", "weight >= 1", "--json"});
  EXPECT_EQ(run.code, 0) << run.describe();
  EXPECT_EQ(nlohmann::json::parse(run.out)["filter"], "kept 3 of 3 nodes and 2 of 2 arcs (arcs: weight >= 1)");
  EXPECT_NE(run.err.find("kept 3 of 3 nodes"), std::string::npos) << run.err;
}

}  // namespace
