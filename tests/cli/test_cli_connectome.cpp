// The connectome commands end to end: path-lengths (by BFS and from a table written by apsp),
// table and paths on a generated brain, against breadth-first searches written here.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>

#include "cli_binary.hpp"
#include "fresh_seed.hpp"
#include "pathscope/io/load.hpp"

using namespace pathscope;

namespace {

std::vector<int> hops_from(const Graph& g, std::int32_t s) {
  std::vector<int> d(g.n, -1);
  std::vector<std::int32_t> queue{s};
  d[s] = 0;
  for (std::size_t i = 0; i < queue.size(); ++i)
    for (std::int64_t a = g.offsets[queue[i]]; a < g.offsets[queue[i] + 1]; ++a)
      if (d[g.heads[a]] < 0) {
        d[g.heads[a]] = d[queue[i]] + 1;
        queue.push_back(g.heads[a]);
      }
  return d;
}

}  // namespace

TEST(CliConnectome, PathLengthsTableAndPathsAgreeWithBreadthFirstSearch) {
  const std::uint64_t seed = test_support::fresh_seed() % 100000;
  const std::string spec = "connectome:n=" + std::to_string(500 + seed % 200) + ",seed=" + std::to_string(seed) + ",types=12";
  LoadOptions options;
  options.cost_rule = EdgeCostRule::Hops;
  options.min_synapses = 5;
  const Graph g = load_graph(spec, options).graph;
  const std::vector<std::string> input = {spec, "--cost-rule", "hops", "--min-synapses", "5"};
  const auto args = [&](std::vector<std::string> head, std::vector<std::string> tail) {
    head.insert(head.end(), input.begin(), input.end());
    head.insert(head.end(), tail.begin(), tail.end());
    return head;
  };
  test_support::ScratchFolder folder;
  const std::string table = folder.file("D.npy");
  const auto apsp = test_support::run_cli(args({"apsp"}, {"--engine", "sparse", "--out", table}));
  ASSERT_TRUE(apsp.exited && apsp.code == 0) << apsp.describe();

  const AttributeColumn* type = g.node_attributes.find("cell_type");
  ASSERT_NE(type, nullptr);
  for (const bool with_table : {false, true}) {
    auto tail = std::vector<std::string>{"--from", "top:3", "--to", "top:4", "--json"};
    if (with_table) tail.insert(tail.end(), {"--table", table});
    const auto run = test_support::run_cli(args({"path-lengths"}, tail));
    ASSERT_TRUE(run.exited && run.code == 0) << run.describe();
    const auto doc = nlohmann::json::parse(run.out);
    const auto sources = doc["sources"].get<std::vector<std::string>>();
    const auto targets = doc["targets"].get<std::vector<std::string>>();
    ASSERT_EQ(sources.size(), 3u);
    ASSERT_EQ(targets.size(), 4u);
    for (std::size_t s = 0; s < sources.size(); ++s) {
      std::vector<int> best(targets.size(), -1);
      for (std::int32_t u = 0; u < g.n; ++u) {
        if (type->to_text(u) != sources[s]) continue;
        const auto d = hops_from(g, u);
        for (std::int32_t v = 0; v < g.n; ++v)
          for (std::size_t t = 0; t < targets.size(); ++t)
            if (v != u && d[v] >= 0 && type->to_text(v) == targets[t] && (best[t] < 0 || d[v] < best[t])) best[t] = d[v];
      }
      for (std::size_t t = 0; t < targets.size(); ++t) {
        const auto& cell = doc["min"][s][t];
        if (best[t] < 0) EXPECT_TRUE(cell.is_null());
        else EXPECT_EQ(cell.get<double>(), best[t]) << sources[s] << " -> " << targets[t] << (with_table ? " (table)" : "");
      }
    }
  }

  // One cell of the table, and the k shortest paths' first length, against a BFS.
  const std::string a = g.names[0], b = g.names[g.n / 2];
  const auto d = hops_from(g, 0);
  const auto cell = test_support::run_cli(args({"table", table}, {"--cell", a, b, "--json"}));
  ASSERT_TRUE(cell.exited && cell.code == 0) << cell.describe();
  const auto cell_doc = nlohmann::json::parse(cell.out);
  if (d[g.n / 2] < 0) EXPECT_TRUE(cell_doc["distance"].is_null());
  else EXPECT_EQ(cell_doc["distance"].get<double>(), d[g.n / 2]);
  const auto paths = test_support::run_cli(args({"paths"}, {a, b, "--k", "3", "--json"}));
  ASSERT_TRUE(paths.exited) << paths.describe();
  const auto paths_doc = nlohmann::json::parse(paths.out);
  if (d[g.n / 2] >= 0) {
    ASSERT_FALSE(paths_doc["paths"].empty());
    EXPECT_EQ(paths_doc["paths"][0]["hops"].get<int>(), d[g.n / 2]);
    for (const auto& hop : paths_doc["paths"][0]["nodes"])
      if (hop.contains("synapses")) EXPECT_GE(hop["synapses"].get<double>(), 5);
  }
}

// Without a table path-lengths counts hops; a cost rule other than hops asked for by name is
// refused, naming the table that would honour it, rather than ignored.
TEST(CliConnectome, PathLengthsRefusesACostRuleItWouldNotUse) {
  const std::string spec = "connectome:n=200,seed=" + std::to_string(test_support::fresh_seed() % 1000) + ",types=6";
  for (const char* rule : {"inverse", "max-minus", "weight"}) {
    const auto run = test_support::run_cli({"path-lengths", spec, "--cost-rule", rule, "--from", "top:2", "--to", "top:2"});
    ASSERT_TRUE(run.exited) << run.describe();
    EXPECT_EQ(run.code, 2) << rule << "\n" << run.describe();
    EXPECT_NE(run.err.find("--table"), std::string::npos) << run.describe();
    EXPECT_NE(run.err.find(rule), std::string::npos) << run.describe();
  }
  const auto hops = test_support::run_cli({"path-lengths", spec, "--cost-rule", "hops", "--from", "top:2", "--to", "top:2"});
  EXPECT_TRUE(hops.exited && hops.code == 0) << hops.describe();
}

// A table saved for one brain is refused for another of the same size (another seed), by
// `table` and by `path-lengths --table`; the same brain loaded with another cost rule is
// another graph too. Without its fingerprint file the table is used with a warning.
TEST(CliConnectome, ATableOfAnotherGraphOfTheSameSizeIsRefused) {
  const std::uint64_t seed = test_support::fresh_seed() % 100000;
  const std::string n = std::to_string(300 + seed % 100);
  const std::string mine = "connectome:n=" + n + ",seed=" + std::to_string(seed) + ",types=8";
  const std::string other = "connectome:n=" + n + ",seed=" + std::to_string(seed + 1) + ",types=8";
  LoadOptions options;
  options.cost_rule = EdgeCostRule::Hops;
  const Graph g = load_graph(mine, options).graph;
  test_support::ScratchFolder folder;
  const std::string table = folder.file("D.npy");
  const auto apsp = test_support::run_cli({"apsp", mine, "--cost-rule", "hops", "--engine", "sparse", "--out", table});
  ASSERT_TRUE(apsp.exited && apsp.code == 0) << apsp.describe();
  const std::string a = g.names[0], b = g.names[g.n / 3];
  const auto d = hops_from(g, 0);

  const auto own = test_support::run_cli({"table", table, mine, "--cost-rule", "hops", "--cell", a, b, "--json"});
  ASSERT_TRUE(own.exited && own.code == 0) << own.describe();
  const auto own_doc = nlohmann::json::parse(own.out);
  if (d[g.n / 3] < 0) EXPECT_TRUE(own_doc["distance"].is_null());
  else EXPECT_EQ(own_doc["distance"].get<double>(), d[g.n / 3]);
  EXPECT_EQ(own.err.find("warning"), std::string::npos) << own.err;

  const std::vector<std::vector<std::string>> refused = {
      {"table", table, other, "--cost-rule", "hops", "--cell", a, b},
      {"table", table, mine, "--cost-rule", "weight", "--cell", a, b},
      {"path-lengths", other, "--cost-rule", "hops", "--from", "top:2", "--to", "top:2", "--table", table},
  };
  for (const auto& args : refused) {
    const auto run = test_support::run_cli(args);
    ASSERT_TRUE(run.exited) << run.describe();
    EXPECT_EQ(run.code, 1) << args[0] << " " << args[2] << " " << args[4] << ": " << run.describe();
    EXPECT_NE(run.err.find("another graph"), std::string::npos) << run.err;
    EXPECT_TRUE(run.out.empty()) << run.out;
  }

  std::filesystem::remove(table + ".fingerprint");
  const auto unchecked = test_support::run_cli({"table", table, mine, "--cost-rule", "hops", "--cell", a, b});
  ASSERT_TRUE(unchecked.exited && unchecked.code == 0) << unchecked.describe();
  EXPECT_NE(unchecked.err.find("warning: " + table + " has no fingerprint file"), std::string::npos) << unchecked.err;
}
