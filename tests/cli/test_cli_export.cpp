// `pathscope-cli export`: the format from the name or --output-format (a mismatch refused), the CSV
// pair's names, and the marks of every result kind checked against the CLI's own answers
// (`path`, `reach`) and brute force, read back from node-link JSON; GraphML and GEXF from the
// CLI are read by networkx and igraph through tests/export/check_export.py's readers.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "cli_binary.hpp"

namespace {

using nlohmann::json;
using test_support::read_text;
using test_support::run_cli;
using test_support::ScratchFolder;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// 1 -> 2 -> 3 -> 4, 1 -> 3 (cost 10), 4 -> 1, and 5 alone.
const char* const kGraph = "p sp 5 5\na 1 2 3\na 2 3 4\na 3 4 5\na 1 3 10\na 4 1 6\n";

std::map<std::int64_t, json> nodes_by_id(const json& doc) {
  std::map<std::int64_t, json> out;
  for (const auto& node : doc["nodes"]) out[node["id"].get<std::int64_t>()] = node;
  return out;
}

TEST(CliExport, FormatComesFromTheNameAndAMismatchIsRefused) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.gr", kGraph);
  for (const std::string name : {"a.graphml", "a.gexf", "a.json"}) {
    const auto run = run_cli({"export", graph, "--out", dir.file(name)});
    ASSERT_TRUE(run.exited && run.code == 0) << run.describe();
    EXPECT_TRUE(contains(run.out, "5 nodes, 5 edges")) << run.out;
  }
  EXPECT_TRUE(contains(read_text(dir.file("a.graphml")), "<graphml"));
  EXPECT_TRUE(contains(read_text(dir.file("a.gexf")), "version=\"1.3\""));
  EXPECT_EQ(json::parse(read_text(dir.file("a.json")))["links"].size(), 5u);
  const auto csv = run_cli({"export", graph, "--out", dir.file("t.csv")});
  ASSERT_TRUE(csv.exited && csv.code == 0) << csv.describe();
  EXPECT_TRUE(contains(csv.out, dir.file("t.nodes.csv") + " and " + dir.file("t.edges.csv"))) << csv.out;
  EXPECT_EQ(read_text(dir.file("t.edges.csv")).substr(0, 22), "source,target,weight\n1");
  const auto mismatch = run_cli({"export", graph, "--output-format", "gexf", "--out", dir.file("b.graphml")});
  EXPECT_EQ(mismatch.code, 2) << mismatch.describe();
  EXPECT_TRUE(contains(mismatch.err, "b.graphml says graphml")) << mismatch.err;
  EXPECT_FALSE(std::filesystem::exists(dir.file("b.graphml")));
  const auto unknown = run_cli({"export", graph, "--out", dir.file("b.dat")});
  EXPECT_EQ(unknown.code, 2) << unknown.describe();
  const auto forced = run_cli({"export", graph, "--output-format", "graphml", "--out", dir.file("b.dat")});
  EXPECT_EQ(forced.code, 0) << forced.describe();
  EXPECT_TRUE(contains(read_text(dir.file("b.dat")), "<graphml"));
  const auto two = run_cli({"export", graph, "--out", dir.file("c.json"), "--path", "1", "4", "--reach", "1"});
  EXPECT_EQ(two.code, 2) << two.describe();
}

TEST(CliExport, PathMarksAgreeWithThePathCommand) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.gr", kGraph);
  const auto path = run_cli({"path", graph, "1", "4", "--json"});
  ASSERT_EQ(path.code, 0) << path.describe();
  const json answer = json::parse(path.out);
  for (const bool subgraph : {false, true}) {
    std::vector<std::string> args{"export", graph, "--out", dir.file("p.json"), "--path", "1", "4"};
    if (subgraph) args.push_back("--subgraph");
    const auto run = run_cli(args);
    ASSERT_EQ(run.code, 0) << run.describe();
    const json doc = json::parse(read_text(dir.file("p.json")));
    const auto nodes = nodes_by_id(doc);
    EXPECT_EQ(nodes.size(), subgraph ? answer["nodes"].size() : 5u);
    for (std::size_t i = 0; i < answer["nodes"].size(); ++i) {
      const auto& node = nodes.at(answer["nodes"][i]["id"].get<std::int64_t>());
      EXPECT_TRUE(node["highlight"].get<bool>());
      EXPECT_EQ(node["hop"], i);
    }
    std::size_t on_path = 0;
    for (const auto& link : doc["links"]) {
      on_path += link["on_path"].get<bool>() ? 1 : 0;
      if (subgraph) EXPECT_TRUE(link["on_path"].get<bool>()) << link;
    }
    EXPECT_EQ(on_path, answer["hops"].get<std::size_t>());
    if (!subgraph) EXPECT_FALSE(nodes.at(5)["highlight"].get<bool>());
  }
}

TEST(CliExport, KPathsReachAndTourMarks) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.gr", kGraph);
  // Two loopless paths from 1 to 4: 1-2-3-4 (12) and 1-3-4 (15).
  auto run = run_cli({"export", graph, "--out", dir.file("k.json"), "--paths", "1", "4", "--k", "5"});
  ASSERT_EQ(run.code, 0) << run.describe();
  auto nodes = nodes_by_id(json::parse(read_text(dir.file("k.json"))));
  EXPECT_EQ(nodes.at(2)["path_rank"], 0);
  EXPECT_EQ(nodes.at(3)["path_rank"], 0);
  EXPECT_EQ(nodes.at(5)["path_rank"], -1);
  std::set<std::pair<std::int64_t, std::int64_t>> rank1;
  const json k_paths = json::parse(read_text(dir.file("k.json")));
  for (const auto& link : k_paths["links"])
    if (link["path_rank"] == 1) rank1.insert({link["source"].get<std::int64_t>(), link["target"].get<std::int64_t>()});
  EXPECT_EQ(rank1, (std::set<std::pair<std::int64_t, std::int64_t>>{{1, 3}}));  // 3->4 already on rank 0

  run = run_cli({"export", graph, "--out", dir.file("r.json"), "--reach", "2", "--max-hops", "2"});
  ASSERT_EQ(run.code, 0) << run.describe();
  const auto reach = run_cli({"reach", graph, "2", "--max-hops", "2", "--json"});
  ASSERT_EQ(reach.code, 0) << reach.describe();
  std::set<std::int64_t> expected{2};
  const json reach_answer = json::parse(reach.out);
  for (const auto& node : reach_answer["nodes"]) expected.insert(node["id"].get<std::int64_t>());
  std::set<std::int64_t> marked;
  for (const auto& [id, node] : nodes_by_id(json::parse(read_text(dir.file("r.json")))))
    if (node["highlight"].get<bool>()) marked.insert(id);
  EXPECT_EQ(marked, expected);

  run = run_cli({"export", graph, "--out", dir.file("t.json"), "--tour", "1", "3", "4"});
  ASSERT_EQ(run.code, 0) << run.describe();
  const json tour = json::parse(read_text(dir.file("t.json")));
  std::size_t on_path = 0;
  for (const auto& link : tour["links"]) on_path += link["on_path"].get<bool>() ? 1 : 0;
  EXPECT_EQ(on_path, 4u);  // the only tour: 1 -> 3 (via 2: 1-2-3) -> 4 -> 1
  run = run_cli({"export", graph, "--out", dir.file("a.json"), "--tour", "all"});
  EXPECT_NE(run.code, 2) << run.describe();  // node 5 cannot be toured: a clear failure, not usage
}

TEST(CliExport, StandardInputAndNetworkxReadTheCliOutput) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.gr", kGraph);
  const std::string out = dir.file("s.graphml");
  const auto run = run_cli({"export", "-", "--out", out, "--path", "1", "4", "--json"}, 30, {graph});
  ASSERT_EQ(run.code, 0) << run.describe();
  const json doc = json::parse(run.out);
  EXPECT_EQ(doc["schema"], "pathscope/export/1");
  EXPECT_EQ(doc["edges"], 5);
  const std::string script = std::string("import networkx as nx, igraph\n") + "g = nx.read_graphml('" + out +
                             "')\nh = igraph.Graph.Read_GraphML('" + out + "')\n"
                             "lit = sorted(n for n, d in g.nodes(data=True) if d['highlight'])\n"
                             "print(g.number_of_nodes(), g.number_of_edges(), h.vcount(), h.ecount(), "
                             "sum(d['weight'] for _, _, d in g.edges(data=True)), lit)\n";
  const std::string script_file = dir.write("read.py", script);
  FILE* pipe = ::popen((std::string(PATHSCOPE_PYTHON3) + " " + script_file + " 2>&1").c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  char buffer[512] = {};
  const auto got = std::fread(buffer, 1, sizeof buffer - 1, pipe);
  EXPECT_EQ(::pclose(pipe), 0) << std::string(buffer, got);
  EXPECT_EQ(std::string(buffer, got), "5 5 5 5 28.0 ['1', '2', '3', '4']\n");
}

// A correlation network as GraphML and GEXF: networkx finds every surviving pair of the TSV
// table, with rho as the edge's strength and 1/|rho| as its weight.
TEST(CliExport, CorrelationNetworkAsGraphmlAndGexf) {
  ScratchFolder dir;
  const std::string table = "random-table:rows=40,cols=9,seed=" + std::to_string(::getpid() % 1000);
  for (const std::string ext : {"graphml", "gexf"}) {
    const std::string pairs = dir.file("E.tsv"), net = dir.file("N." + ext);
    const auto run = run_cli({"correlate", table, "--min-abs-rho", "0.35", "--out", pairs, "--graph", net});
    ASSERT_EQ(run.code, 0) << run.describe();
    const std::string script = std::string("import csv, sys, networkx as nx\n") +
        "g = nx.read_graphml(sys.argv[1]) if sys.argv[1].endswith('graphml') else None\n"
        "if g is None:\n"
        "    text = open(sys.argv[1]).read().replace('http://gexf.net/1.3/viz', 'http://www.gexf.net/1.2draft/viz')"
        ".replace('http://gexf.net/1.3', 'http://www.gexf.net/1.2draft').replace('version=\"1.3\"', 'version=\"1.2\"')\n"
        "    import io; g = nx.read_gexf(io.BytesIO(text.encode()))\n"
        "rows = [r for r in csv.DictReader(open(sys.argv[2]), delimiter='\\t')]\n"
        "bad = 0\n"
        "for r in rows:\n"
        "    d = g.edges[r['i'], r['j']]\n"
        "    rho = float(r['rho'])\n"
        "    bad += abs(d['strength'] - rho) > 1e-6 * abs(rho) or abs(d['weight'] - 1 / abs(rho)) > 1e-6 / abs(rho)\n"
        "print(len(rows), g.number_of_edges(), bad)\n";
    const std::string script_file = dir.write("net.py", script);
    FILE* pipe = ::popen((std::string(PATHSCOPE_PYTHON3) + " " + script_file + " " + net + " " + pairs + " 2>&1").c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    char buffer[4096] = {};
    const auto got = std::fread(buffer, 1, sizeof buffer - 1, pipe);
    ASSERT_EQ(::pclose(pipe), 0) << std::string(buffer, got);
    std::istringstream answer{std::string(buffer, got)};
    std::int64_t rows = -1, edges = -2, bad = -1;
    answer >> rows >> edges >> bad;
    EXPECT_GT(rows, 0) << ext;
    EXPECT_EQ(rows, edges) << ext;
    EXPECT_EQ(bad, 0) << ext;
  }
}

}  // namespace
