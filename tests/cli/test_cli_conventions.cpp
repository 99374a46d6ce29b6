// What scripts rely on, each pinned by running the binary: exit codes,
// errors as JSON under --json, unknown options named, progress only on a terminal or with
// --progress, --quiet, "cancelled" on a stopped run, tool/version/schema in every JSON
// document, whole numbers as integers, `path` as TSV/CSV, aligned tables for 18-digit ids,
// one-to-many distances, batches of pairs, and "-" for standard input in every command.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_binary.hpp"

namespace {

using nlohmann::json;
using test_support::CliRun;
using test_support::read_text;
using test_support::run_cli;
using test_support::ScratchFolder;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// 1 -> 2 -> 3 -> 4 (3, 4, 5), 1 -> 3 (10), 4 -> 1 (6); node 5 has no arcs.
const char* const kGraph = "p sp 5 5\na 1 2 3\na 2 3 4\na 3 4 5\na 1 3 10\na 4 1 6\n";

// Brute force (Floyd-Warshall) on kGraph, by 1-based id.
double reference_distance(int s, int t) {
  const double inf = std::numeric_limits<double>::infinity();
  double d[6][6];
  for (auto& row : d)
    for (auto& x : row) x = inf;
  for (int i = 1; i <= 5; ++i) d[i][i] = 0;
  d[1][2] = 3, d[2][3] = 4, d[3][4] = 5, d[1][3] = 10, d[4][1] = 6;
  for (int k = 1; k <= 5; ++k)
    for (int i = 1; i <= 5; ++i)
      for (int j = 1; j <= 5; ++j) d[i][j] = std::min(d[i][j], d[i][k] + d[k][j]);
  return d[s][t];
}

std::string version() {
  const auto run = run_cli({"--version"});
  return run.out.substr(run.out.rfind(' ') + 1, run.out.find_last_not_of("\n") - run.out.rfind(' '));
}

TEST(CliConventions, ExitCodesForSuccessFailureUsageAndNoPath) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.gr", kGraph);
  EXPECT_EQ(run_cli({"path", graph, "1", "4"}).code, 0);
  const auto none = run_cli({"path", graph, "1", "5"});
  EXPECT_EQ(none.code, 3) << none.describe();
  EXPECT_TRUE(contains(none.out, "no path from 1 to 5")) << none.out;
  EXPECT_EQ(run_cli({"info", dir.file("missing.gr")}).code, 1);
  EXPECT_EQ(run_cli({"path", graph, "1"}).code, 2);
  EXPECT_EQ(run_cli({"apsp", graph, "--engine"}).code, 2);
  EXPECT_EQ(run_cli({}).code, 2);
  const auto help = run_cli({"--help"});
  EXPECT_EQ(help.code, 0);
  for (const char* line : {"Exit codes:", "  2    usage error", "  3    no path", "  130  cancelled"})
    EXPECT_TRUE(contains(help.out, line)) << help.out;
}

TEST(CliConventions, UnknownOptionsAreNamed) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"apsp", "--bogus"}, {"apsp", "x.gr", "--bogus=3"}, {"path", "--bogus"}, {"export"}}) {
    const auto run = run_cli(args);
    EXPECT_EQ(run.code, 2) << run.describe();
    if (args.size() > 1) EXPECT_TRUE(contains(run.err, "unknown option --bogus")) << run.err;
  }
}

TEST(CliConventions, ErrorsAreJsonUnderJson) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.gr", kGraph);
  struct Case {
    std::vector<std::string> args;
    int code;
    const char* kind;
  };
  for (const auto& c : {Case{{"info", dir.file("missing.gr"), "--json"}, 1, "failed"},
                        Case{{"apsp", "--bogus", "--json"}, 2, "usage"},
                        Case{{"path", graph, "1", "9", "--json"}, 1, "failed"},
                        Case{{"path", graph, "1", "--output-format", "json"}, 2, "usage"}}) {
    const auto run = run_cli(c.args);
    EXPECT_EQ(run.code, c.code) << run.describe();
    const json doc = json::parse(run.out);
    EXPECT_EQ(doc["schema"], "pathscope/error/1");
    EXPECT_EQ(doc["tool"], "pathscope-cli");
    EXPECT_EQ(doc["error"]["kind"], c.kind);
    EXPECT_EQ(doc["error"]["exit_code"], c.code);
    EXPECT_FALSE(doc["error"]["message"].get<std::string>().empty());
  }
  // No path under --json: the path document itself, reachable false, and exit 3.
  const auto none = run_cli({"path", graph, "1", "5", "--json"});
  EXPECT_EQ(none.code, 3);
  EXPECT_EQ(json::parse(none.out)["reachable"], false);
}

TEST(CliConventions, EveryJsonDocumentNamesToolVersionAndSchema) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.gr", kGraph);
  const std::string pairs = dir.write("pairs.txt", "1 4\n");
  const std::string v = version();
  ASSERT_FALSE(v.empty());
  const std::vector<std::vector<std::string>> commands = {
      {"info", graph},
      {"apsp", graph},
      {"path", graph, "1", "4"},
      {"path", graph, "--pairs", pairs},
      {"paths", graph, "1", "4", "--k", "2"},
      {"distances", graph, "1"},
      {"closure", graph},
      {"reach", graph, "1"},
      {"tsp", graph, "--stops", "1,3,4"},
      {"correlate", "random-table:rows=20,cols=6,seed=2", "--count-only"},
      {"export", graph, "--out", dir.file("e.gexf")},
      {"bench", "apsp", graph, "--engines", "blocked", "--repeat", "1"},
      {"metrics", graph},
      {"flow", "connectome:n=200,seed=2", "--seeds", "KC1", "--repetitions", "5"},
      {"bench", "centrality", graph, "--engines", "cpu"},
  };
  for (auto args : commands) {
    args.push_back("--json");
    const auto run = run_cli(args);
    ASSERT_EQ(run.code, 0) << args[0] << ": " << run.describe();
    const json doc = json::parse(run.out);
    EXPECT_EQ(doc["tool"], "pathscope-cli") << args[0];
    EXPECT_EQ(doc["version"], v) << args[0];
    EXPECT_EQ(doc["schema"].get<std::string>().rfind("pathscope/", 0), 0u) << args[0];
  }
}

TEST(CliConventions, WholeNumbersPrintAsIntegers) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.gr", kGraph);
  const auto run = run_cli({"path", graph, "1", "4", "--json"});
  ASSERT_EQ(run.code, 0) << run.describe();
  EXPECT_TRUE(contains(run.out, "\"distance\": 12")) << run.out;
  EXPECT_FALSE(contains(run.out, "12.0")) << run.out;
  const json doc = json::parse(run.out);
  EXPECT_TRUE(doc["distance"].is_number_integer());
  for (const auto& node : doc["nodes"]) EXPECT_TRUE(node["cumulative"].is_number_integer());
  const auto info = json::parse(run_cli({"info", graph, "--json"}).out);
  EXPECT_TRUE(info["max_weight"].is_number_integer()) << info;
  // Fractions stay fractions.
  const std::string fractional = dir.write("f.gr", "p sp 2 1\na 1 2 2.5\n");
  EXPECT_EQ(json::parse(run_cli({"path", fractional, "1", "2", "--json"}).out)["distance"], 2.5);
}

TEST(CliConventions, OnePathSchemaWithTheExplorersExport) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.gr", kGraph);
  const json doc = json::parse(run_cli({"path", graph, "1", "4", "--json"}).out);
  EXPECT_EQ(doc["schema"], "pathscope/path/3");
  EXPECT_EQ(doc["kind"], "path");
  EXPECT_EQ(doc["hops"], 3);  // a count, as in the explorer's export
  ASSERT_EQ(doc["nodes"].size(), 4u);
  EXPECT_EQ(doc["graph"]["nodes"], 5);
  EXPECT_EQ(doc["graph"]["sha256"].get<std::string>().size(), 64u);
  EXPECT_EQ(doc["nodes"][3]["cumulative"], reference_distance(1, 4));
}

TEST(CliConventions, PathAsTsvAndCsvAgreesWithJson) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.gr", kGraph);
  const json doc = json::parse(run_cli({"path", graph, "1", "4", "--json"}).out);
  for (const std::string format : {"tsv", "csv"}) {
    const auto run = run_cli({"path", graph, "1", "4", "--output-format", format});
    ASSERT_EQ(run.code, 0) << run.describe();
    std::istringstream lines(run.out);
    std::string line;
    std::getline(lines, line);
    const char sep = format == "tsv" ? '\t' : ',';
    EXPECT_EQ(line, format == "tsv" ? "step\tindex\tid\tname\tarc_cost\tcumulative" : "step,index,id,name,arc_cost,cumulative");
    std::size_t row = 0;
    while (std::getline(lines, line)) {
      std::vector<std::string> cells;
      std::stringstream cut(line);
      for (std::string cell; std::getline(cut, cell, sep);) cells.push_back(cell);
      ASSERT_GE(cells.size(), 6u) << line;
      EXPECT_EQ(std::stoll(cells[2]), doc["nodes"][row]["id"].get<std::int64_t>());
      EXPECT_EQ(std::stod(cells[5]), doc["nodes"][row]["cumulative"].get<double>());
      ++row;
    }
    EXPECT_EQ(row, doc["nodes"].size());
  }
  EXPECT_EQ(run_cli({"path", graph, "1", "4", "--output-format", "xml"}).code, 2);
}

TEST(CliConventions, TablesAlignForEighteenDigitIds) {
  ScratchFolder dir;
  const std::string edges = dir.write("e.csv",
                                      "source,target,weight\n720575940612345678,7,1\n7,720575940699999999,25\n"
                                      "720575940699999999,3,1000000\n");
  const auto run = run_cli({"path", edges, "720575940612345678", "3"});
  ASSERT_EQ(run.code, 0) << run.describe();
  std::istringstream lines(run.out);
  std::string line;
  std::getline(lines, line);  // the summary
  std::vector<std::string> rows;
  while (std::getline(lines, line)) rows.push_back(line);
  ASSERT_EQ(rows.size(), 5u) << run.out;
  // Every column right-aligned to the same edge: equal line lengths, and each id column ends
  // where its header ends.
  for (const auto& r : rows) EXPECT_EQ(r.size(), rows[0].size()) << run.out;
  const auto id_end = rows[0].find("id") + 2;
  for (std::size_t i = 1; i < rows.size(); ++i) EXPECT_NE(rows[i][id_end - 1], ' ') << run.out;
}

TEST(CliConventions, DistancesFromOneSource) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.gr", kGraph);
  const std::string npy = dir.file("d.npy"), tsv = dir.file("d.tsv");
  ASSERT_EQ(run_cli({"distances", graph, "2", "--out", npy}).code, 0);
  ASSERT_EQ(run_cli({"distances", graph, "2", "--out", tsv}).code, 0);
  const std::string bytes = read_text(npy);
  ASSERT_GT(bytes.size(), 5 * 8u);
  EXPECT_TRUE(contains(bytes.substr(0, 128), "'descr': '<f8'"));
  EXPECT_TRUE(contains(bytes.substr(0, 128), "'shape': (5,)"));
  const std::size_t header = bytes.size() - 5 * 8;
  EXPECT_EQ(header % 64, 0u);
  std::istringstream lines(read_text(tsv));
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line, "index\tid\tdistance");
  for (int u = 0; u < 5; ++u) {
    double from_npy = 0;
    std::memcpy(&from_npy, bytes.data() + header + 8 * u, 8);
    EXPECT_EQ(from_npy, reference_distance(2, u + 1)) << "node " << u + 1;
    std::getline(lines, line);
    const std::string cell = line.substr(line.rfind('\t') + 1);
    EXPECT_EQ(cell == "inf" ? std::numeric_limits<double>::infinity() : std::stod(cell), reference_distance(2, u + 1));
  }
  const json doc = json::parse(run_cli({"distances", graph, "2", "--json"}).out);
  EXPECT_EQ(doc["reached"], 4);
  EXPECT_TRUE(doc["distances"][4].is_null());
  EXPECT_EQ(run_cli({"distances", graph, "2", "--out", dir.file("d.bin")}).code, 2);
}

TEST(CliConventions, PairsAnsweredInOneProcess) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.gr", kGraph);
  const std::string pairs = dir.write("pairs.txt", "# source target\n1 4\n4\t2\n\n3,1\n2 2\n");
  const auto run = run_cli({"path", graph, "--pairs", pairs, "--json"});
  ASSERT_EQ(run.code, 0) << run.describe();
  const json doc = json::parse(run.out);
  EXPECT_EQ(doc["schema"], "pathscope/path-pairs/2");
  const std::vector<std::pair<int, int>> asked{{1, 4}, {4, 2}, {3, 1}, {2, 2}};
  ASSERT_EQ(doc["paths"].size(), asked.size());
  for (std::size_t i = 0; i < asked.size(); ++i) {
    EXPECT_EQ(doc["paths"][i]["distance"].get<double>(), reference_distance(asked[i].first, asked[i].second));
    EXPECT_EQ(doc["paths"][i]["source"]["id"], asked[i].first);
  }
  EXPECT_EQ(doc["paths"][1]["line"], 3);
  // One unreachable pair: every row still printed, exit 3; from standard input.
  const std::string more = dir.write("more.txt", "1 4\n1 5\n");
  const auto tsv = run_cli({"path", graph, "--pairs", "-", "--output-format", "tsv"}, 30, {more});
  EXPECT_EQ(tsv.code, 3) << tsv.describe();
  EXPECT_EQ(tsv.out, "line\tsource\ttarget\tdistance\thops\tpath\n1\t1\t4\t12\t3\t1 2 3 4\n2\t1\t5\t\t\t\n");
  const std::string bad = dir.write("bad.txt", "1 4\n1 99\n");
  const auto refused = run_cli({"path", graph, "--pairs", bad});
  EXPECT_EQ(refused.code, 1);
  EXPECT_TRUE(contains(refused.err, bad + ":2:")) << refused.err;
}

// A pairs file saved by an editor that writes a UTF-8 byte-order mark (Notepad, Excel's CSV
// UTF-8), with or without a leading comment, reads as the same pairs.
TEST(CliConventions, PairsFileWithAByteOrderMark) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.gr", kGraph);
  for (const std::string head : {"", "# source,target\r\n"}) {
    const std::string pairs = dir.write("bom.csv", "\xEF\xBB\xBF" + head + "1,4\r\n3,1\r\n");
    const auto run = run_cli({"path", graph, "--pairs", pairs, "--json"});
    ASSERT_EQ(run.code, 0) << run.describe();
    const json doc = json::parse(run.out);
    ASSERT_EQ(doc["paths"].size(), 2u);
    EXPECT_EQ(doc["paths"][0]["distance"].get<double>(), reference_distance(1, 4));
    EXPECT_EQ(doc["paths"][1]["distance"].get<double>(), reference_distance(3, 1));
  }
}

TEST(CliConventions, DashReadsStandardInputInEveryGraphCommand) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.gr", kGraph);
  const std::vector<std::vector<std::string>> commands = {
      {"info", "@"}, {"apsp", "@"}, {"path", "@", "1", "4"}, {"distances", "@", "1"}, {"closure", "@"},
      {"reach", "@", "1"}, {"tsp", "@", "--stops", "1,3,4"}, {"export", "@", "--out", dir.file("x.json")}};
  for (const auto& command : commands) {
    std::vector<std::string> from_file = command, from_stdin = command;
    std::replace(from_file.begin(), from_file.end(), std::string("@"), graph);
    std::replace(from_stdin.begin(), from_stdin.end(), std::string("@"), std::string("-"));
    from_file.push_back("--json");
    from_stdin.push_back("--json");
    const auto a = run_cli(from_file), b = run_cli(from_stdin, 30, {graph});
    ASSERT_EQ(a.code, 0) << a.describe();
    ASSERT_EQ(b.code, 0) << command[0] << ": " << b.describe();
    json ja = json::parse(a.out), jb = json::parse(b.out);
    // Only the input's name (and what depends on it: digest, times) may differ.
    for (json* j : {&ja, &jb})
      for (const char* key : {"graph", "seconds", "compute_seconds", "transfer_seconds", "updates_per_second",
                              "relations_per_second", "instance", "timings"})
        j->erase(key);
    EXPECT_EQ(ja, jb) << command[0];
  }
  // Where standard input cannot serve, the command says so (a usage error), never "no such file".
  for (const std::vector<std::string>& args : {std::vector<std::string>{"tsp", "-"}, {"bench", "load", "-"}}) {
    const auto run = run_cli(args, 30, {graph});
    EXPECT_EQ(run.code, 2) << run.describe();
    EXPECT_TRUE(contains(run.err, "standard input") || contains(run.err, "not '-'")) << run.err;
  }
}

TEST(CliConventions, ProgressOnlyWhenAskedOffATerminalAndCancelSaysCancelled) {
  // stderr is a file here: no progress unless --progress. SIGTERM after 1.5 s stops the run.
  for (const bool asked : {false, true}) {
    std::vector<std::string> args{"apsp", "random:n=3000,deg=8,seed=1", "--engine", "textbook"};
    if (asked) args.push_back("--progress");
    const auto run = run_cli(args, 60, {"", SIGTERM, 1.5});
    ASSERT_TRUE(run.exited) << run.describe();
    EXPECT_EQ(run.code, 130) << run.describe();
    EXPECT_TRUE(contains(run.err, "cancelled")) << run.err;
    EXPECT_FALSE(contains(run.err, "done in")) << run.err;
    EXPECT_EQ(contains(run.err, "\r"), asked) << run.err;
    if (asked) EXPECT_TRUE(contains(run.err, "textbook: cancelled after")) << run.err;
  }
}

TEST(CliConventions, QuietKeepsOnlyTheAnswer) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.gr", kGraph);
  // A budget too small for the matrix makes `path --engine` say it falls back to a search.
  const std::vector<std::string> args{"path", graph, "1", "4", "--engine", "blocked", "--memory-budget", "16"};
  const auto loud = run_cli(args);
  ASSERT_EQ(loud.code, 0) << loud.describe();
  EXPECT_TRUE(contains(loud.err, "single-source search")) << loud.err;
  for (const char* flag : {"--quiet", "-q"}) {
    std::vector<std::string> quiet_args = args;
    quiet_args.push_back(flag);
    const auto quiet = run_cli(quiet_args);
    ASSERT_EQ(quiet.code, 0) << quiet.describe();
    EXPECT_EQ(quiet.err, "");
    EXPECT_EQ(quiet.out, loud.out);
  }
}

}  // namespace

namespace {

// 1 -> 2 -> 3 (1, 1) with a loop of -1 on 2: a negative cycle reachable from 1; node 4 is
// alone, so 1 -> 4 has no path and 4 reaches no loop.
const char* const kNegativeLoop = "p sp 4 3\na 1 2 1\na 2 3 1\na 2 2 -1\n";

}  // namespace

// Path sets refuse what `path` refuses: a negative self-loop reachable from the source.
TEST(CliConventions, PathSetsRefuseANegativeSelfLoopLikePath) {
  ScratchFolder dir;
  const std::string graph = dir.write("negloop.gr", kNegativeLoop);
  const auto single = run_cli({"path", graph, "1", "3"});
  ASSERT_EQ(single.code, 1) << single.describe();
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"paths", graph, "1", "3", "--all"},
        {"paths", graph, "1", "3", "--k", "2"},
        {"export", graph, "--all-paths", "1", "3", "--out", dir.file("all.graphml")},
        {"export", graph, "--paths", "1", "3", "--out", dir.file("k.graphml")}}) {
    const auto run = run_cli(args);
    EXPECT_EQ(run.code, single.code) << args[1] << " " << args[3] << ": " << run.describe();
    EXPECT_TRUE(contains(run.err, "negative cycle")) << run.err;
    EXPECT_TRUE(run.out.empty()) << run.out;
  }
  EXPECT_FALSE(std::filesystem::exists(dir.file("all.graphml")));
  // A source that reaches no loop is answered.
  const auto unaffected = run_cli({"paths", graph, "3", "3", "--all"});
  EXPECT_EQ(unaffected.code, 0) << unaffected.describe();
}

// No path exits 3 from `paths` as from `path`; --cap 0 (which listed nothing and read as "no
// path") is a usage error.
TEST(CliConventions, PathSetsExitLikePath) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.gr", kGraph);
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"paths", graph, "1", "5", "--all"},
        {"paths", graph, "1", "5", "--k", "3"},
        {"paths", graph, "1", "5", "--all", "--json"}}) {
    const auto run = run_cli(args);
    EXPECT_EQ(run.code, 3) << run.describe();
  }
  const auto found = run_cli({"paths", graph, "1", "4", "--all"});
  EXPECT_EQ(found.code, 0) << found.describe();
  EXPECT_TRUE(contains(found.out, "1 shortest path of cost " + std::to_string(static_cast<int>(reference_distance(1, 4)))))
      << found.out;
  const auto capped = run_cli({"paths", graph, "1", "4", "--all", "--cap", "0"});
  EXPECT_EQ(capped.code, 2) << capped.describe();
  EXPECT_TRUE(contains(capped.err, "--cap")) << capped.err;
  const auto neither = run_cli({"paths", graph, "1", "4"});
  EXPECT_EQ(neither.code, 2) << neither.describe();
}

// Command lines that are wrong in themselves exit 2 and name what is wrong, quoting the text.
TEST(CliConventions, UsageErrorsExitTwoAndQuoteTheText) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.gr", kGraph);
  struct Case {
    std::vector<std::string> args;
    std::string named;
  };
  const std::vector<Case> cases = {
      {{"apsp", graph, "--threads", "abc"}, "'abc'"},
      {{"apsp", graph, "--threads", "99999999999"}, "'99999999999'"},
      {{"apsp", graph, "--dist", "bogus"}, "bogus"},
      {{"info", "random:n=0,deg=2,seed=1"}, "n must be"},
      {{"info", "random:n=10,colour=3"}, "colour"},
      {{"info", "connectome:n=10,bogus=1"}, "bogus"},
      {{"correlate", "random-table:rows=x,cols=6,seed=1", "--count-only"}, "rows"},
      {{"tsp", "random:n=10,deg=3,seed=1", "--stops", "1,,5"}, "--stops"},
      {{"path-lengths", "connectome:n=60,seed=1", "--from", "top:-1", "--to", "all"}, "top:-1"},
      {{"table", dir.file("D.npy"), graph}, "--row"},
  };
  for (const auto& c : cases) {
    const auto run = run_cli(c.args);
    EXPECT_EQ(run.code, 2) << c.args[0] << " " << c.args.back() << ": " << run.describe();
    EXPECT_TRUE(contains(run.err, c.named)) << run.err;
    EXPECT_FALSE(contains(run.err, "got -1")) << run.err;
  }
}
