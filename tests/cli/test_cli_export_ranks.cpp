// `pathscope-cli export` against readers and the CLI's own answers: each of the k shortest
// paths rebuilt from the exported edges' path_ranks alone equals path number r of `paths --k`
// (one numbering, from 1); and networkx reads, with no version named, every GEXF the CLI writes
// (plain, each result kind, subgraphs, directed and undirected, attributes, parallel edges),
// with the node and edge counts the CLI reported.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>

#include "cli_binary.hpp"
#include "fresh_seed.hpp"

namespace {

using nlohmann::json;
using test_support::read_text;
using test_support::run_cli;
using test_support::ScratchFolder;

// A random DIMACS graph: n nodes, about 3n arcs with small costs (so that paths tie and k
// paths share edges), no parallel arcs.
std::string random_dimacs(std::mt19937_64& rng, int n) {
  std::set<std::pair<int, int>> arcs;
  const int wanted = 3 * n;
  for (int tries = 0; tries < 20 * wanted && static_cast<int>(arcs.size()) < wanted; ++tries) {
    const int u = 1 + static_cast<int>(rng() % n), v = 1 + static_cast<int>(rng() % n);
    if (u != v) arcs.insert({u, v});
  }
  std::ostringstream text;
  text << "p sp " << n << " " << arcs.size() << "\n";
  for (const auto& [u, v] : arcs) text << "a " << u << " " << v << " " << 1 + rng() % 4 << "\n";
  return text.str();
}

std::vector<int> ranks_of(const std::string& text) {
  std::vector<int> ranks;
  std::stringstream parts(text);
  for (std::string part; std::getline(parts, part, ';');) ranks.push_back(std::stoi(part));
  return ranks;
}

TEST(CliExportRanks, EveryPathRebuiltFromTheExportEqualsThePathsCommand) {
  const std::uint64_t seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  ScratchFolder dir;
  int compared = 0;
  for (const int n : {7, 19, 53, 101}) {
    const std::string graph = dir.write("g" + std::to_string(n) + ".gr", random_dimacs(rng, n));
    const int k = 2 + static_cast<int>(rng() % 5);
    const std::string s = std::to_string(1 + rng() % n), t = std::to_string(1 + rng() % n);
    const auto paths = run_cli({"paths", graph, s, t, "--k", std::to_string(k), "--json"});
    if (paths.code != 0) continue;  // no path between them: nothing to rebuild
    const json answer = json::parse(paths.out);
    const std::string out = dir.file("k" + std::to_string(n) + ".json");
    const auto run = run_cli({"export", graph, "--paths", s, t, "--k", std::to_string(k), "--out", out});
    ASSERT_EQ(run.code, 0) << run.describe();
    const json doc = json::parse(read_text(out));
    // Out-edges of every node on path r, by the ranks each edge lists.
    std::map<int, std::multimap<std::int64_t, std::int64_t>> next_by_rank;
    for (const auto& link : doc["links"]) {
      const auto ranks = ranks_of(link.value("path_ranks", std::string()));
      EXPECT_EQ(link["path_rank"].get<int>(), ranks.empty() ? -1 : ranks.front()) << link;
      EXPECT_EQ(link["on_path"].get<bool>(), !ranks.empty()) << link;
      for (int r = 1; r <= std::min(k, 10); ++r) {
        const std::string flag = "on_path_" + std::to_string(r);
        if (link.contains(flag)) {
          EXPECT_EQ(link[flag].get<bool>(), std::count(ranks.begin(), ranks.end(), r) == 1) << link;
        }
      }
      for (const int r : ranks)
        next_by_rank[r].insert({link["source"].get<std::int64_t>(), link["target"].get<std::int64_t>()});
    }
    // Ranks are counted on nodes: a path from a node to itself has no edge to carry its rank.
    std::set<int> node_ranks;
    for (const auto& node : doc["nodes"])
      for (const int r : ranks_of(node.value("path_ranks", std::string()))) node_ranks.insert(r);
    ASSERT_EQ(node_ranks.size(), answer["paths"].size()) << "seed " << seed << ", n " << n;
    for (std::size_t p = 0; p < answer["paths"].size(); ++p) {
      std::vector<std::int64_t> expected;
      for (const auto& node : answer["paths"][p]["nodes"]) expected.push_back(node["id"].get<std::int64_t>());
      const auto& edges = next_by_rank[static_cast<int>(p) + 1];
      // A simple path: one edge out of each node but the last, and as many edges as hops.
      std::vector<std::int64_t> rebuilt{expected.front()};
      while (rebuilt.size() <= edges.size() && edges.count(rebuilt.back()) == 1)
        rebuilt.push_back(edges.find(rebuilt.back())->second);
      EXPECT_EQ(edges.size() + 1, expected.size()) << "path " << p + 1 << ", seed " << seed << ", n " << n;
      EXPECT_EQ(rebuilt, expected) << "path " << p + 1 << ", seed " << seed << ", n " << n;
      ++compared;
    }
  }
  EXPECT_GT(compared, 0) << "seed " << seed << ": no pair had a path; nothing was compared";
}

// Directed and undirected GraphML with node and edge attributes and a parallel edge.
std::string graphml(bool directed) {
  std::ostringstream text;
  text << "<?xml version=\"1.0\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
          "<key id=\"t\" for=\"node\" attr.name=\"cell_type\" attr.type=\"string\"/>\n"
          "<key id=\"w\" for=\"edge\" attr.name=\"weight\" attr.type=\"double\"/>\n"
          "<key id=\"n\" for=\"edge\" attr.name=\"nt\" attr.type=\"string\"/>\n"
          "<key id=\"g\" for=\"graph\" attr.name=\"title\" attr.type=\"string\"/>\n"
       << "<graph edgedefault=\"" << (directed ? "directed" : "undirected") << "\"><data key=\"g\">t &amp; u</data>\n";
  for (int u = 1; u <= 6; ++u) text << "<node id=\"" << u << "\"><data key=\"t\">KC" << u % 2 << "</data></node>\n";
  const int arcs[][3] = {{1, 2, 3}, {2, 3, 4}, {3, 4, 5}, {1, 3, 10}, {4, 1, 6}, {4, 5, 1}, {1, 2, 7}, {5, 5, 2}};
  for (const auto& a : arcs)
    text << "<edge source=\"" << a[0] << "\" target=\"" << a[1] << "\"><data key=\"w\">" << a[2]
         << "</data><data key=\"n\">ACh</data></edge>\n";
  text << "</graph></graphml>\n";
  return text.str();
}

TEST(CliExportRanks, NetworkxReadsEveryGexfTheCliWrites) {
  ScratchFolder dir;
  const std::vector<std::vector<std::string>> results = {
      {},
      {"--path", "1", "4"},
      {"--paths", "1", "4", "--k", "3"},
      {"--paths", "1", "4", "--k", "3", "--subgraph"},
      {"--all-paths", "1", "4"},
      {"--reach", "1", "--max-hops", "2"},
      {"--reach", "2", "--subgraph"},
      {"--tour", "1", "3", "4"},
      {"--path", "1", "6"},  // no path: only the ends marked
  };
  std::string expected, files;
  int count = 0;
  for (const bool directed : {true, false}) {
    const std::string graph = dir.write(directed ? "d.graphml" : "u.graphml", graphml(directed));
    for (const auto& result : results) {
      for (const std::string version : {"1.2draft", "1.3"}) {
        const std::string out = dir.file("e" + std::to_string(count++) + ".gexf");
        std::vector<std::string> args{"export", graph, "--out", out, "--json"};
        if (version == "1.3") args.insert(args.end(), {"--gexf-version", "1.3"});
        args.insert(args.end(), result.begin(), result.end());
        const auto run = run_cli(args);
        ASSERT_EQ(run.code, 0) << run.describe();
        const json summary = json::parse(run.out);
        const std::string text = read_text(out);
        EXPECT_NE(text.find(version == "1.3" ? "version=\"1.3\"" : "version=\"1.2\""), std::string::npos) << out;
        if (version == "1.3") continue;  // networkx 2.8 knows GEXF up to 1.2draft
        files += " " + out;
        expected += std::to_string(summary["nodes"].get<int>()) + " " + std::to_string(summary["edges"].get<int>()) + "\n";
      }
    }
  }
  const std::string script = dir.write("read.py",
                                       "import sys, networkx as nx\n"
                                       "for path in sys.argv[1:]:\n"
                                       "    g = nx.read_gexf(path)\n"
                                       "    print(g.number_of_nodes(), g.number_of_edges())\n");
  FILE* pipe = ::popen((std::string(PATHSCOPE_PYTHON3) + " " + script + files + " 2>&1").c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string output;
  char buffer[4096];
  while (const auto got = std::fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, got);
  EXPECT_EQ(::pclose(pipe), 0) << output;
  EXPECT_EQ(output, expected);
}

}  // namespace
