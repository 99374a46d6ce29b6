// `pathscope-cli metrics` and `bench centrality`: every value and output format against
// networkx (tests/cli/check_metrics.py, fresh random graphs), standard output, the printed
// summary, and bad options refused with exit 2 before any work.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <set>
#include <nlohmann/json.hpp>

#include "cli_binary.hpp"
#include "fresh_seed.hpp"

namespace {

using nlohmann::json;
using test_support::read_text;
using test_support::run_cli;
using test_support::ScratchFolder;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Two triangles joined by one arc, and a node alone: 0 -> 1 -> 2 -> 0, 2 -> 3, 3 -> 4 -> 5 -> 3, 6.
const char* const kGraph = "source,target,weight\n0,1,1\n1,2,1\n2,0,1\n2,3,1\n3,4,1\n4,5,1\n5,3,1\n6,6,1\n";

TEST(CliMetrics, EveryFormatAgreesWithNetworkx) {
  ScratchFolder dir;
  const std::uint64_t seed = test_support::fresh_seed() >> 1;  // Python's int() of any u64 works; keep it readable
  const std::string command = std::string(PATHSCOPE_PYTHON3) + " " + PATHSCOPE_METRICS_CHECK + " " + PATHSCOPE_CLI + " " +
                              std::to_string(seed) + " " + dir.path().string() + " 2>&1";
  FILE* pipe = ::popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string output;
  char buffer[4096];
  while (std::fgets(buffer, sizeof buffer, pipe)) output += buffer;
  const int status = ::pclose(pipe);
  EXPECT_EQ(status, 0) << output;
  EXPECT_TRUE(contains(output, "0 differences")) << output;
}

TEST(CliMetrics, StandardOutputAndPrintedSummary) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.csv", kGraph);
  const auto csv = run_cli({"metrics", graph, "--measures", "betweenness,in-degree", "--out", "-"});
  ASSERT_EQ(csv.code, 0) << csv.describe();
  EXPECT_EQ(csv.out.substr(0, csv.out.find('\n')), "id,name,type,betweenness,in-degree");
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 8) << csv.out;
  const auto printed = run_cli({"metrics", graph, "--measures", "betweenness", "--top", "2"});
  ASSERT_EQ(printed.code, 0) << printed.describe();
  EXPECT_TRUE(contains(printed.out, "betweenness, top 2:")) << printed.out;
  // Nodes 2 and 3 carry every path between the triangles.
  const auto doc = json::parse(run_cli({"metrics", graph, "--measures", "betweenness", "--top", "2", "--json"}).out);
  ASSERT_EQ(doc["top"]["betweenness"].size(), 2u);
  std::set<std::string> top{doc["top"]["betweenness"][0]["name"], doc["top"]["betweenness"][1]["name"]};
  EXPECT_EQ(top, (std::set<std::string>{"2", "3"}));
  EXPECT_EQ(doc["schema"], "pathscope/metrics/1");
  EXPECT_EQ(doc["nodes"].size(), 7u);
  // With --out the report names the file instead of repeating the values.
  const auto report = run_cli({"metrics", graph, "--out", dir.file("m.gml"), "--json"});
  ASSERT_EQ(report.code, 0) << report.describe();
  const json reported = json::parse(report.out);
  EXPECT_FALSE(reported.contains("nodes"));
  EXPECT_EQ(reported["out"]["format"], "gml");
  EXPECT_TRUE(contains(read_text(dir.file("m.gml")), "pagerank"));
}

TEST(CliMetrics, BadOptionsExitTwoWithTheirNames) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.csv", kGraph);
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--measures", "betweenness,fame"}, "fame"},
      {{"--measures", "betweenness,,pagerank"}, "--measures"},
      {{"--engine", "quantum"}, "quantum"},
      {{"--top", "-1"}, "--top"},
      {{"--samples", "-3"}, "--samples"},
      {{"--pagerank-alpha", "0"}, "--pagerank-alpha"},
      {{"--pagerank-alpha", "nan"}, "--pagerank-alpha"},
      {{"--output-format", "pajek"}, "pajek"},
      {{"--output-format", "parquet"}, "parquet"},
      {{"--out", dir.file("m.dat")}, "m.dat"},
      {{"--out", dir.file("m.csv"), "--output-format", "gexf"}, "m.csv says csv"},
  };
  for (const auto& [extra, named] : cases) {
    std::vector<std::string> args{"metrics", graph};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto run = run_cli(args);
    EXPECT_EQ(run.code, 2) << extra[0] << " " << extra[1] << "\n" << run.describe();
    EXPECT_TRUE(contains(run.err, named)) << run.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir.file("m.csv")));
  // A grouping column the graph lacks is named, with the columns it has.
  const auto missing = run_cli({"metrics", graph, "--by-type=side"});
  EXPECT_EQ(missing.code, 1) << missing.describe();
  EXPECT_TRUE(contains(missing.err, "'side'")) << missing.err;
  const auto untyped = run_cli({"metrics", graph, "--by-type"});
  EXPECT_EQ(untyped.code, 1) << untyped.describe();
  EXPECT_TRUE(contains(untyped.err, "no type column")) << untyped.err;
}

TEST(CliMetrics, BenchCentralityRunsEnginesSideBySide) {
  const auto run = run_cli({"bench", "centrality", "random:n=61,deg=3,seed=7", "--engines", "cpu,auto,gpu", "--json"});
  ASSERT_EQ(run.code, 0) << run.describe();
  const json doc = json::parse(run.out);
  ASSERT_EQ(doc["results"].size(), 3u);
  EXPECT_EQ(doc["results"][0]["engine"], "cpu");
  EXPECT_GT(doc["results"][0]["arc_scans_per_second"].get<double>(), 0);
  // Without a GPU the auto row ran on the CPU: the same values, up to the order in which the
  // threads' sums met.
  EXPECT_LE(doc["results"][1]["max_relative_difference"].get<double>(), 1e-12);
  EXPECT_TRUE(doc["results"][1]["equal_to_first"].get<bool>());
  if (doc["results"][2].contains("unavailable")) EXPECT_TRUE(doc["values_equal"].get<bool>());
  const auto text = run_cli({"bench", "centrality", "random:n=20,deg=2,seed=1", "--engines", "cpu", "--hops",
                             "--measures", "betweenness,pagerank", "--repeat", "2"});
  ASSERT_EQ(text.code, 0) << text.describe();
  EXPECT_TRUE(contains(text.out, "arc scans/s")) << text.out;
  const auto bad = run_cli({"bench", "centrality", "random:n=20,deg=2,seed=1", "--engines", "cpu,warp"});
  EXPECT_EQ(bad.code, 2) << bad.describe();
  EXPECT_TRUE(contains(bad.err, "warp")) << bad.err;
}

}  // namespace
