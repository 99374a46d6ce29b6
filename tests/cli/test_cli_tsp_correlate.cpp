// pathscope-cli's tour and correlation commands on the cases that used to crash or mislead:
// a one-stop tour, a graph without --stops, a bench of one stop, p-values of two samples,
// --graph file names, and the --count-only message.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_binary.hpp"
#include "fresh_seed.hpp"

namespace {

using test_support::read_text;
using test_support::run_cli;
using test_support::ScratchFolder;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A DIMACS graph of 4 nodes on a directed cycle: every tour exists.
const char* kCycleGraph =
    "p sp 4 4\n"
    "a 1 2 3\n"
    "a 2 3 4\n"
    "a 3 4 5\n"
    "a 4 1 6\n";

TEST(CliTsp, OneStopIsATourOfLengthZero) {
  ScratchFolder dir;
  const std::string graph = dir.write("cycle.gr", kCycleGraph);
  for (const std::string algo : {"auto", "brute", "held-karp", "2opt"}) {
    const auto text = run_cli({"tsp", graph, "--stops", "3", "--algo", algo});
    ASSERT_TRUE(text.exited && text.code == 0) << algo << ": " << text.describe();
    EXPECT_TRUE(contains(text.out, "length 0 ")) << text.out;
    const auto json_run = run_cli({"tsp", graph, "--stops", "3", "--algo", algo, "--json"});
    ASSERT_TRUE(json_run.exited && json_run.code == 0) << algo << ": " << json_run.describe();
    const auto doc = nlohmann::json::parse(json_run.out);
    EXPECT_EQ(doc["length"].get<double>(), 0);
    ASSERT_EQ(doc["tour"].size(), 1u);
    EXPECT_EQ(doc["tour"][0]["leg_cost"].get<double>(), 0);
    EXPECT_EQ(doc["route"], nlohmann::json::array({3})) << doc.dump();
  }
  // A TSPLIB file of one city.
  const std::string one = dir.write("one.tsp", "NAME: one\nTYPE: TSP\nDIMENSION: 1\nEDGE_WEIGHT_TYPE: EUC_2D\n"
                                              "NODE_COORD_SECTION\n1 5 5\nEOF\n");
  const auto run = run_cli({"tsp", one, "--json"});
  ASSERT_TRUE(run.exited && run.code == 0) << run.describe();
  EXPECT_EQ(nlohmann::json::parse(run.out)["length"].get<double>(), 0);
}

TEST(CliTsp, BenchOfOneStopShowsNoNan) {
  ScratchFolder dir;
  const std::string graph = dir.write("cycle.gr", kCycleGraph);
  for (const std::vector<std::string> args : {std::vector<std::string>{"bench", "tsp", graph, "--stops", "2", "--backends", "cpu"},
                                              std::vector<std::string>{"bench", "tsp", "random-stops:k=1", "--backends", "cpu,cpu"}}) {
    const auto run = run_cli(args);
    ASSERT_TRUE(run.exited && run.code == 0) << run.describe();
    EXPECT_FALSE(contains(run.out, "nan")) << run.out;
    EXPECT_FALSE(contains(run.out, "inf")) << run.out;
    auto json_args = args;
    json_args.push_back("--json");
    const auto json_run = run_cli(json_args);
    ASSERT_TRUE(json_run.exited && json_run.code == 0) << json_run.describe();
    EXPECT_TRUE(nlohmann::json::accept(json_run.out)) << json_run.out;
  }
}

TEST(CliTsp, AGraphWithoutStopsAsksForThem) {
  ScratchFolder dir;
  const std::string graph = dir.write("cycle.gr", kCycleGraph);
  for (const std::string input : {graph, std::string("random:n=20,deg=3")}) {
    const auto run = run_cli({"tsp", input});
    ASSERT_TRUE(run.exited) << run.describe();
    EXPECT_NE(run.code, 0);
    EXPECT_TRUE(contains(run.err, "--stops")) << run.err;
    EXPECT_FALSE(contains(run.err, "keyword")) << run.err;
  }
}

TEST(CliCorrelate, TwoSamplesHaveNoPValues) {
  ScratchFolder dir;
  const std::string table = dir.write("two.tsv", "gene\ta\tb\ng1\t1\t2\ng2\t3\t1\ng3\t5\t9\n");
  const std::string out = dir.file("pairs.tsv");
  const auto run = run_cli({"correlate", table, "--out", out});
  ASSERT_TRUE(run.exited && run.code == 0) << run.describe();
  const std::string written = read_text(out);
  EXPECT_FALSE(contains(written, "nan")) << written;
  EXPECT_EQ(written.substr(0, written.find('\n')), "i\tj\trho");
  EXPECT_TRUE(contains(run.err, "3 samples")) << run.err;
  // --max-p needs p: refused, saying why; --min-abs-rho keeps working.
  const auto refused = run_cli({"correlate", table, "--out", out, "--max-p", "0.05"});
  ASSERT_TRUE(refused.exited) << refused.describe();
  EXPECT_NE(refused.code, 0);
  EXPECT_TRUE(contains(refused.err, "3 samples")) << refused.err;
  const auto rho = run_cli({"correlate", table, "--out", out, "--min-abs-rho", "0.5", "--json"});
  ASSERT_TRUE(rho.exited && rho.code == 0) << rho.describe();
  // Every pair of a two-column table has |rho| = 1.
  EXPECT_EQ(nlohmann::json::parse(rho.out)["survivors"].get<int>(), 3);
}

TEST(CliCorrelate, GraphFilesHoldWhatTheirNamePromises) {
  ScratchFolder dir;
  const std::string table = "random-table:rows=30,cols=12,seed=3";
  const std::string json_path = dir.file("net.json"), csv_path = dir.file("net.csv"), tsv_path = dir.file("net.tsv");
  // --out /dev/null with --graph: no complaint about a --count-only nobody gave.
  auto run = run_cli({"correlate", table, "--out", "/dev/null", "--graph", json_path, "--min-abs-rho", "0.3"});
  ASSERT_TRUE(run.exited && run.code == 0) << run.describe();
  EXPECT_FALSE(contains(run.err, "count-only")) << run.err;
  const auto doc = nlohmann::json::parse(read_text(json_path));
  EXPECT_TRUE(doc.contains("nodes")) << doc.dump().substr(0, 200);
  EXPECT_EQ(doc["nodes"].size(), 30u);
  run = run_cli({"correlate", table, "--graph", csv_path, "--min-abs-rho", "0.3"});
  ASSERT_TRUE(run.exited && run.code == 0) << run.describe();
  EXPECT_EQ(read_text(csv_path).substr(0, 21), "source,target,weight\n");
  run = run_cli({"correlate", table, "--graph", tsv_path, "--min-abs-rho", "0.3"});
  ASSERT_TRUE(run.exited && run.code == 0) << run.describe();
  EXPECT_EQ(read_text(tsv_path).substr(0, 21), "source\ttarget\tweight\n");
  // An unknown extension is refused with the supported ones, and nothing is written.
  // (GraphML and GEXF are written: test_cli_export.)
  const std::string dot = dir.file("net.dot");
  run = run_cli({"correlate", table, "--out", dir.file("pairs.tsv"), "--graph", dot});
  ASSERT_TRUE(run.exited) << run.describe();
  EXPECT_NE(run.code, 0);
  EXPECT_TRUE(contains(run.err, ".json") && contains(run.err, ".graphml") && contains(run.err, ".gexf") &&
              contains(run.err, ".csv") && contains(run.err, ".tsv"))
      << run.err;
  EXPECT_FALSE(std::filesystem::exists(dot));
  // --count-only given: then the message may name it.
  run = run_cli({"correlate", table, "--count-only", "--graph", json_path});
  ASSERT_TRUE(run.exited) << run.describe();
  EXPECT_NE(run.code, 0);
  EXPECT_TRUE(contains(run.err, "--count-only")) << run.err;
}

// --drop-isolated: the network's nodes are exactly the rows named in the survivor table of the
// same run, each still called by its table row; without it every used row is a node.
TEST(CliCorrelate, DropIsolatedLeavesOnlyTheJoinedRows) {
  ScratchFolder dir;
  const std::string table = "random-table:rows=80,cols=10,seed=" + std::to_string(test_support::fresh_seed() % 100000);
  const std::string pairs = dir.file("pairs.tsv"), joined = dir.file("joined.json"), every = dir.file("every.json");
  auto run = run_cli({"correlate", table, "--min-abs-rho", "0.8", "--out", pairs, "--graph", joined, "--drop-isolated"});
  ASSERT_TRUE(run.exited && run.code == 0) << run.describe();
  std::set<std::int64_t> rows;
  std::istringstream lines(read_text(pairs));
  std::string line;
  std::getline(lines, line);  // header
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::int64_t i = 0, j = 0;
    fields >> i >> j;
    rows.insert(i);
    rows.insert(j);
  }
  std::set<std::int64_t> nodes;
  const auto network = nlohmann::json::parse(read_text(joined));
  for (const auto& node : network["nodes"]) nodes.insert(node["id"].get<std::int64_t>());
  EXPECT_EQ(nodes, rows);
  run = run_cli({"correlate", table, "--min-abs-rho", "0.8", "--graph", every});
  ASSERT_TRUE(run.exited && run.code == 0) << run.describe();
  EXPECT_EQ(nlohmann::json::parse(read_text(every))["nodes"].size(), 80u);
}

TEST(CliCorrelate, DuplicateRowNamesAreReportedWithBothLines) {
  ScratchFolder dir;
  const std::string table = dir.write("dup.tsv", "gene\ta\tb\tc\td\nx\t1\t2\t3\t4\ny\t4\t1\t2\t3\nx\t2\t2\t1\t5\n");
  const auto run = run_cli({"correlate", table, "--count-only"});
  ASSERT_TRUE(run.exited && run.code == 0) << run.describe();
  EXPECT_TRUE(contains(run.err, "'x' on lines 2 and 4")) << run.err;
}

}  // namespace

namespace {

double pearson(const std::vector<double>& x, const std::vector<double>& y) {
  const double m = static_cast<double>(x.size());
  double mx = 0, my = 0;
  for (std::size_t k = 0; k < x.size(); ++k) mx += x[k] / m, my += y[k] / m;
  double sxy = 0, sxx = 0, syy = 0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    sxy += (x[k] - mx) * (y[k] - my);
    sxx += (x[k] - mx) * (x[k] - mx);
    syy += (y[k] - my) * (y[k] - my);
  }
  return sxy / std::sqrt(sxx * syy);
}

std::vector<double> ranks(const std::vector<double>& x) {  // no ties in the tables below
  std::vector<double> r(x.size());
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = 0; j < x.size(); ++j) r[i] += x[j] < x[i];
  return r;
}

// Digits of a printed number from its first non-zero digit to its last digit.
int significant_digits(const std::string& text) {
  const std::string mantissa = text.substr(0, text.find_first_of("eE"));
  int digits = 0;
  bool started = false;
  for (const char c : mantissa) {
    if (c < '0' || c > '9') continue;
    started = started || c != '0';
    digits += started;
  }
  return digits;
}

}  // namespace

// Pearson's rho comes from float32 sums: written with float32's 7 significant digits, not 9
// decimals of rounding noise; Spearman's, exact for so few columns, keeps its 9 decimals. Both
// against the coefficients in double computed here, on a fresh random table.
TEST(CliCorrelate, RhoIsWrittenToThePrecisionItHas) {
  std::mt19937_64 rng(test_support::fresh_seed());
  std::uniform_real_distribution<double> value(-100, 100);
  const int rows = 12, columns = 9;
  std::vector<std::vector<double>> table(rows, std::vector<double>(columns));
  std::string text = "gene";
  for (int c = 0; c < columns; ++c) text += "\tc" + std::to_string(c);
  text += "\n";
  for (int r = 0; r < rows; ++r) {
    text += "g" + std::to_string(r);
    for (auto& x : table[r]) {
      x = std::round(value(rng) * 1000) / 1000;
      text += "\t" + std::to_string(x);
    }
    text += "\n";
  }
  ScratchFolder dir;
  const std::string input = dir.write("t.tsv", text);
  for (const std::string method : {"pearson", "spearman"}) {
    const std::string out = dir.file(method + ".tsv");
    const auto run = run_cli({"correlate", input, "--method", method, "--out", out});
    ASSERT_TRUE(run.exited && run.code == 0) << run.describe();
    std::istringstream lines(read_text(out));
    std::string line;
    std::getline(lines, line);  // header
    int checked = 0;
    while (std::getline(lines, line)) {
      std::istringstream fields(line);
      std::string i, j, rho;
      fields >> i >> j >> rho;
      const auto a = table[std::stoi(i.substr(1))], b = table[std::stoi(j.substr(1))];
      const double want = method == "pearson" ? pearson(a, b) : pearson(ranks(a), ranks(b));
      if (method == "pearson") {
        EXPECT_LE(significant_digits(rho), 7) << line;
        EXPECT_NEAR(std::stod(rho), want, 2e-6) << line;
      } else {
        EXPECT_EQ(rho.size() - rho.find('.') - 1, 9u) << line;
        EXPECT_NEAR(std::stod(rho), want, 1e-9) << line;
      }
      ++checked;
    }
    EXPECT_EQ(checked, rows * (rows - 1) / 2) << method;
  }
}
