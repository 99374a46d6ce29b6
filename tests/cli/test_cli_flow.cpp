// `pathscope-cli flow`: the CSV and JSON shapes, seeds named by type, list or file, the same
// seed giving the same layers (engine cpu), per-type summaries against the CSV, and bad options
// refused with exit 2.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_binary.hpp"
#include "fresh_seed.hpp"

namespace {

using nlohmann::json;
using test_support::read_text;
using test_support::run_cli;
using test_support::ScratchFolder;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> cells;
    std::istringstream fields(line);
    for (std::string cell; std::getline(fields, cell, ',');) cells.push_back(cell);
    if (!line.empty() && line.back() == ',') cells.emplace_back();
    rows.push_back(cells);
  }
  return rows;
}

TEST(CliFlow, ShapesSeedsAndTheSameSeedGivesTheSameLayers) {
  ScratchFolder dir;
  const std::uint64_t seed = test_support::fresh_seed();
  // Several types, so the seeds of one are a few of the nodes.
  const std::string graph =
      "connectome:n=" + std::to_string(300 + seed % 97) + ",types=7,seed=" + std::to_string(seed % 1000 + 1);
  const std::string draws = std::to_string((seed >> 20) % 100000);
  const std::vector<std::string> base{"flow", graph, "--seeds", "KC1", "--repetitions", "40", "--seed", draws, "--engine", "cpu"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  const auto a = run_cli(with({"--out", dir.file("a.csv")}));
  ASSERT_EQ(a.code, 0) << a.describe();
  const auto b = run_cli(with({"--out", dir.file("b.csv"), "--threads", "1"}));
  ASSERT_EQ(b.code, 0) << b.describe();
  const std::string text = read_text(dir.file("a.csv"));
  EXPECT_EQ(text, read_text(dir.file("b.csv"))) << "same seed, different layers";
  const auto rows = csv_rows(text);
  ASSERT_GT(rows.size(), 300u);
  EXPECT_EQ(rows[0], (std::vector<std::string>{"id", "name", "type", "flow_layer", "flow_layer_sd", "flow_reached"}));
  std::size_t seeds = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    ASSERT_EQ(rows[i].size(), 6u) << i;
    const int reached = std::stoi(rows[i][5]);
    EXPECT_TRUE(reached >= 0 && reached <= 40) << rows[i][5];
    EXPECT_EQ(rows[i][3].empty(), reached == 0) << "a layer without a run that reached it, row " << i;
    if (rows[i][2] == "KC1") {
      ++seeds;
      EXPECT_EQ(rows[i][3], "1");
      EXPECT_EQ(rows[i][4], "0");
      EXPECT_EQ(rows[i][5], "40");
    } else if (reached > 0) {
      EXPECT_GT(std::stod(rows[i][3]), 1.0) << rows[i][1];
    }
  }
  EXPECT_GT(seeds, 0u);

  const auto doc_run = run_cli(with({"--by-type", "--json"}));
  ASSERT_EQ(doc_run.code, 0) << doc_run.describe();
  const json doc = json::parse(doc_run.out);
  EXPECT_EQ(doc["schema"], "pathscope/flow/1");
  EXPECT_EQ(doc["seeds"].size(), seeds);
  EXPECT_EQ(doc["repetitions"], 40);
  ASSERT_EQ(doc["nodes"].size(), rows.size() - 1);
  std::map<std::string, std::pair<int, double>> by_type;  // count with a layer, sum of layers
  for (std::size_t i = 0; i < doc["nodes"].size(); ++i) {
    const json& node = doc["nodes"][i];
    EXPECT_EQ(node["name"], rows[i + 1][1]);
    if (node["flow_layer"].is_null()) continue;
    EXPECT_EQ(std::stod(rows[i + 1][3]), node["flow_layer"].get<double>());
    by_type[node["type"]].first += 1;
    by_type[node["type"]].second += node["flow_layer"].get<double>();
  }
  for (const json& group : doc["by_type"]["measures"]["flow_layer"]) {
    const auto& [count, sum] = by_type[group["group"].get<std::string>()];
    EXPECT_EQ(group["with_value"], count) << group;
    if (count > 0) EXPECT_NEAR(group["mean"].get<double>(), sum / count, 1e-9) << group;
  }

  // Seeds listed, and from a file: the same nodes as the type names.
  std::string names, lines = "# the KC1 neurons\n";
  for (const json& s : doc["seeds"]) {
    names += (names.empty() ? "" : ",") + s["name"].get<std::string>();
    lines += s["name"].get<std::string>() + "\n";
  }
  for (const std::string spec : {names, "@" + dir.write("seeds.txt", lines)}) {
    std::vector<std::string> args = base;
    args[3] = spec;
    args.insert(args.end(), {"--out", dir.file("c.csv")});
    const auto listed = run_cli(args);
    ASSERT_EQ(listed.code, 0) << listed.describe();
    EXPECT_EQ(read_text(dir.file("c.csv")), text) << spec;
  }
}

TEST(CliFlow, BadOptionsAreRefused) {
  const std::string graph = "connectome:n=200,types=5,seed=3";
  const std::vector<std::pair<std::vector<std::string>, std::string>> usage = {
      {{"--seeds", "KC1", "--repetitions", "0"}, "--repetitions"},
      {{"--seeds", "KC1", "--saturation-share", "0"}, "--saturation-share"},
      {{"--seeds", "KC1", "--min-share", "1.5"}, "--min-share"},
      {{"--seeds", "KC1", "--max-steps", "-1"}, "--max-steps"},
      {{"--seeds", "KC1", "--engine", "warp"}, "warp"},
      {{"--seeds", "KC1", "--output-format", "pajek"}, "pajek"},
      {{}, "--seeds"},
  };
  for (const auto& [extra, named] : usage) {
    std::vector<std::string> args{"flow", graph};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto run = run_cli(args);
    EXPECT_EQ(run.code, 2) << named << "\n" << run.describe();
    EXPECT_TRUE(contains(run.err, named)) << run.err;
  }
  const auto unknown = run_cli({"flow", graph, "--seeds", "KC1,nobody_here"});
  EXPECT_EQ(unknown.code, 1) << unknown.describe();
  EXPECT_TRUE(contains(unknown.err, "nobody_here")) << unknown.err;
  ScratchFolder dir;
  // A seed file names nodes, one a line: the unknown one is named with its line.
  const auto named = run_cli({"flow", graph, "--seeds", "KC1", "--repetitions", "1", "--json"});
  ASSERT_EQ(named.code, 0) << named.describe();
  const std::string first = json::parse(named.out)["seeds"][0]["name"];
  const auto bad_file = run_cli({"flow", graph, "--seeds", "@" + dir.write("s.txt", first + "\n\nghost\n")});
  EXPECT_EQ(bad_file.code, 1) << bad_file.describe();
  EXPECT_TRUE(contains(bad_file.err, "s.txt:3")) << bad_file.err;
}

}  // namespace
