// Runs pathscope-demo's reachability and correlation races headless and checks what it wrote:
// the reachable set against a breadth-first search done here, every closure lane's checksum
// against another closure engine, the survivors against the CPU correlation engine run here,
// the drawn network against the strongest of those survivors, and the PNG for the highlight.
#include <gtest/gtest.h>

#include <cinttypes>
#include <cstdio>
#include <map>
#include <set>

#include "demo_binary_test.hpp"
#include "pathscope/closure/closure.hpp"
#include "pathscope/correlate/correlate.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/io/measurement_table.hpp"
#include "search_references.hpp"
#include "shared_data.hpp"

namespace fs = std::filesystem;
using nlohmann::json;
using namespace demo_test;

namespace {

std::string connectome_file() {
  return test_support::shared_data_file("connectome/celegans_varshney2011_NeuronConnect.csv");
}
std::string yeast_file() {
  return test_support::shared_data_file("expression/yeast_cellcycle_oscillating-genes_normalized-profiles.tsv");
}

std::string closure_fingerprint(const pathscope::Graph& g, const std::string& engine) {
  const auto result = pathscope::make_closure_engine(engine)->run(g, {}, {});
  char text[40];
  std::snprintf(text, sizeof text, "checksum %016" PRIx64, pathscope::closure_checksum(result.reach));
  return text;
}

void expect_closure_gpu_lane(const json& lane) {
  EXPECT_EQ(lane["engine"], "gpu");
  const std::string reason = pathscope::make_closure_engine("gpu")->unavailable_reason();
  if (reason.empty()) {
    EXPECT_EQ(lane["status"], "done") << lane.dump();
  } else {
    EXPECT_EQ(lane["status"], "unavailable");
    EXPECT_EQ(lane["reason"], reason);
  }
}

// The checks every reach run shares: the set is the BFS set, the lanes agree with `scc`.
void expect_reach_matches(const json& j, const pathscope::Graph& g) {
  EXPECT_EQ(j["problem"], "reach");
  EXPECT_EQ(j["graph"]["n"], g.n);
  EXPECT_EQ(j["graph"]["arcs"], g.arc_count());
  const std::int32_t start = j["question"]["from"]["index"];
  ASSERT_GE(start, 0);
  ASSERT_LT(start, g.n);
  const std::vector<std::int32_t> reachable = test_support::reachable_within(g, start);
  const std::set<std::int32_t> expected(reachable.begin(), reachable.end());
  const std::vector<std::int32_t> drawn = j["result"]["reachable"];
  EXPECT_EQ(j["result"]["reachable_count"].get<std::int64_t>(), static_cast<std::int64_t>(expected.size()));
  EXPECT_EQ(std::set<std::int32_t>(drawn.begin(), drawn.end()), expected);
  EXPECT_EQ(drawn.size(), expected.size()) << "the set lists a node twice";
  EXPECT_TRUE(j["result"]["lanes_agree"].get<bool>());
  const json& cpu = j["lanes"][0];
  EXPECT_EQ(cpu["engine"], "bitset");
  ASSERT_EQ(cpu["status"], "done") << cpu.dump();
  EXPECT_EQ(cpu["reachable_count"].get<double>(), static_cast<double>(expected.size()));
  EXPECT_DOUBLE_EQ(cpu["updates"].get<double>(), std::pow(static_cast<double>(g.n), 3));
  // The strongly-connected-components engine is an independent way to the same matrix.
  EXPECT_EQ(cpu["fingerprint"], closure_fingerprint(g, "scc"));
  expect_closure_gpu_lane(j["lanes"][1]);
  if (j["lanes"][1]["status"] == "done") EXPECT_EQ(j["lanes"][1]["fingerprint"], cpu["fingerprint"]);
}

TEST_F(DemoTest, ReachRaceOnTheConnectomeMatchesBfs) {
  const unsigned seed = std::random_device{}() % 100000 + 1;
  SCOPED_TRACE("--seed " + std::to_string(seed));
  const fs::path out = dir_ / "reach.json", shot = dir_ / "reach.png";
  const DemoRun r = run("--race reach --graph '" + connectome_file() + "' --headless --out '" + out.string() +
                        "' --screenshot '" + shot.string() + "' --size 1100x700 --seed " + std::to_string(seed));
  ASSERT_EQ(r.status, 0) << r.errors;
  const pathscope::Graph g = pathscope::load_graph(connectome_file()).graph;
  const json j = read_json(out);
  expect_reach_matches(j, g);
  // The default start reaches something: a node without out-arcs would make an empty picture.
  EXPECT_GT(g.out_degree(j["question"]["from"]["index"].get<std::int32_t>()), 0);
  ASSERT_EQ(j["lanes"].size(), 3u);
  // 280 neurons: small enough for the textbook baseline, which must agree bit for bit.
  const json& textbook = j["lanes"][2];
  EXPECT_EQ(textbook["engine"], "textbook");
  ASSERT_EQ(textbook["status"], "done") << textbook.dump();
  EXPECT_EQ(textbook["fingerprint"], j["lanes"][0]["fingerprint"]);
  EXPECT_NEAR(j["naive_cpu_speedup"]["factor"].get<double>(),
              textbook["seconds"].get<double>() / j["lanes"][0]["seconds"].get<double>(), 1e-9);

  const Image image = read_png(shot);
  ASSERT_EQ(image.width, 1100);
  ASSERT_EQ(image.height, 700);
  int leftmost = 0;
  // Every reached neuron is a disc of at least 3.5 px radius in the highlight colour.
  EXPECT_GT(count_path_pixels(image, &leftmost), 5 * static_cast<std::int64_t>(j["result"]["reachable_count"]))
      << "the reachable set is missing from the PNG";
  EXPECT_GE(leftmost, 440);
}

TEST_F(DemoTest, ReachRaceOnALargerGraphSkipsTheTextbookLane) {
  std::mt19937 rng(std::random_device{}());
  const int n = 3001 + static_cast<int>(rng() % 300);
  const std::string spec = "random:n=" + std::to_string(n) + ",deg=1,seed=" + std::to_string(rng() % 1000 + 1);
  const pathscope::Graph g = pathscope::load_graph(spec).graph;
  std::int32_t start = static_cast<std::int32_t>(rng() % n);
  SCOPED_TRACE(spec + " start index " + std::to_string(start));
  const fs::path out = dir_ / "reach.json";
  const DemoRun r = run("--race reach --headless --graph '" + spec + "' --out '" + out.string() + "' --from " +
                        std::to_string(g.display_id(start)) + " --size 800x600");
  ASSERT_EQ(r.status, 0) << r.errors;
  const json j = read_json(out);
  EXPECT_EQ(j["question"]["from"]["index"], start);
  expect_reach_matches(j, g);
  const json& textbook = j["lanes"][2];
  EXPECT_EQ(textbook["status"], "skipped");
  EXPECT_EQ(textbook["reason"].get<std::string>().rfind("skipped: " + std::to_string(n) + " nodes", 0), 0u)
      << textbook.dump();
  EXPECT_TRUE(j["naive_cpu_speedup"].is_null());
}

struct Survivor {
  std::int64_t row_i, row_j;
  double rho;
};

// Every survivor of the CPU engine, by table rows, run here on the same input.
class CollectSink final : public pathscope::PairSink {
 public:
  void begin(const pathscope::RowCatalog& rows) override { rows_ = &rows; }
  void consume(const pathscope::CorrelationPair* pairs, std::size_t count) override {
    for (std::size_t k = 0; k < count; ++k) {
      all.push_back({rows_->table_row[pairs[k].i], rows_->table_row[pairs[k].j], pairs[k].rho});
    }
  }
  std::vector<Survivor> all;

 private:
  const pathscope::RowCatalog* rows_ = nullptr;
};

std::vector<Survivor> cpu_survivors(const std::string& spec, const std::string& method, double cutoff) {
  auto source = pathscope::open_table(spec);
  pathscope::CorrelateOptions options;
  options.method = pathscope::parse_correlation_method(method);
  options.min_abs_rho = cutoff;
  CollectSink sink;
  const auto result = pathscope::make_correlation_engine("cpu")->run(*source, options, &sink, {});
  EXPECT_EQ(result.survivors, sink.all.size());
  return sink.all;
}

// The drawn network holds exactly the strongest survivors (ties at the weakest drawn |rho| aside),
// each with the engine's rho, and its hub is a best-connected node.
void expect_network_matches(const json& j, const std::vector<Survivor>& survivors) {
  const json& net = j["result"]["network"];
  const std::int64_t max_arcs = j["question"]["max_arcs"];
  ASSERT_EQ(static_cast<std::int64_t>(net["arcs"].size()),
            std::min<std::int64_t>(max_arcs, static_cast<std::int64_t>(survivors.size())));
  std::map<std::pair<std::int64_t, std::int64_t>, double> rho_of;
  for (const Survivor& s : survivors) rho_of[{s.row_i, s.row_j}] = s.rho;
  std::set<std::pair<std::int64_t, std::int64_t>> drawn;
  std::vector<int> partners(net["nodes"].size(), 0);
  double weakest = INFINITY;
  for (const json& arc : net["arcs"]) {
    const std::int32_t a = arc["i"], b = arc["j"];
    std::int64_t ra = net["nodes"][a]["row"], rb = net["nodes"][b]["row"];
    if (ra > rb) std::swap(ra, rb);
    ASSERT_TRUE(rho_of.count({ra, rb})) << "drawn pair " << ra << "," << rb << " is no survivor";
    const double engine_rho = rho_of.at({ra, rb});
    EXPECT_DOUBLE_EQ(arc["rho"].get<double>(), engine_rho);
    drawn.insert({ra, rb});
    weakest = std::min(weakest, std::fabs(arc["rho"].get<double>()));
    ++partners[a], ++partners[b];
  }
  EXPECT_EQ(drawn.size(), net["arcs"].size()) << "a pair is drawn twice";
  std::int64_t left_out = 0;
  for (const Survivor& s : survivors) left_out += std::fabs(s.rho) > weakest && !drawn.count({s.row_i, s.row_j});
  EXPECT_EQ(left_out, 0) << "pairs stronger than the weakest drawn one are left out";
  if (survivors.empty()) return;
  const std::int32_t hub = net["hub"]["node"];
  EXPECT_EQ(partners[hub], *std::max_element(partners.begin(), partners.end()));
  EXPECT_EQ(j["result"]["hub_partners"], partners[hub]);
  EXPECT_EQ(net["hub_set"].size(), static_cast<std::size_t>(partners[hub] + 1));
}

void expect_correlation_gpu_lane(const json& lane) {
  EXPECT_EQ(lane["engine"], "gpu");
  const std::string reason = pathscope::make_correlation_engine("gpu")->unavailable_reason();
  if (reason.empty()) {
    EXPECT_EQ(lane["status"], "done") << lane.dump();
  } else {
    EXPECT_EQ(lane["status"], "unavailable");
    EXPECT_EQ(lane["reason"], reason);
  }
}

TEST_F(DemoTest, CorrelateRaceOnARandomTableMatchesTheCpuEngine) {
  std::mt19937 rng(std::random_device{}());
  const int rows = 200 + static_cast<int>(rng() % 300), cols = 12 + static_cast<int>(rng() % 20);
  const std::string spec = "random-table:rows=" + std::to_string(rows) + ",cols=" + std::to_string(cols) +
                           ",seed=" + std::to_string(rng() % 1000 + 1);
  SCOPED_TRACE(spec);
  // Low enough that a random table has a few hundred survivors at these sizes, and no value a
  // coefficient can take exactly here (1 - 6S/(m^3 - m) never equals it for m < 40): pairs at
  // exactly the cut-off are where the exact and the double-precision engines part ways.
  const double cutoff = 0.5513;
  const fs::path out = dir_ / "corr.json", shot = dir_ / "corr.png";
  const DemoRun r = run("--race correlate --headless --graph '" + spec + "' --min-abs-rho " + std::to_string(cutoff) +
                        " --out '" + out.string() + "' --screenshot '" + shot.string() + "' --size 1000x700");
  ASSERT_EQ(r.status, 0) << r.errors;
  const json j = read_json(out);
  EXPECT_EQ(j["problem"], "correlate");
  EXPECT_EQ(j["table"]["rows"], rows);
  EXPECT_EQ(j["table"]["columns"], cols);
  const double asked = j["question"]["min_abs_rho"];
  const std::vector<Survivor> survivors = cpu_survivors(spec, "spearman", asked);
  ASSERT_FALSE(survivors.empty()) << "pick a lower cut-off: the test needs a network";
  EXPECT_EQ(j["result"]["survivors"].get<std::uint64_t>(), survivors.size());
  ASSERT_EQ(j["lanes"].size(), 3u);
  EXPECT_EQ(j["lanes"][0]["engine"], "cpu");
  EXPECT_EQ(j["lanes"][0]["survivors"].get<double>(), static_cast<double>(survivors.size()));
  EXPECT_EQ(j["lanes"][0]["pairs_tested"].get<double>(), rows * (rows - 1) / 2.0);
  expect_correlation_gpu_lane(j["lanes"][1]);
  // A few hundred rows: the naive lane runs the whole table and must find the same pairs.
  const json& naive = j["lanes"][2];
  EXPECT_EQ(naive["engine"], "cpu-rerank");
  ASSERT_EQ(naive["status"], "done") << naive.dump();
  EXPECT_EQ(naive["fingerprint"], j["lanes"][0]["fingerprint"]);
  EXPECT_TRUE(j["result"]["lanes_agree"].get<bool>());
  expect_network_matches(j, survivors);

  const Image image = read_png(shot);
  ASSERT_EQ(image.width, 1000);
  int leftmost = 0;
  // Each partner is a disc of at least 3.5 px radius; the hub itself lies under its marker.
  EXPECT_GT(count_path_pixels(image, &leftmost), 3 * static_cast<std::int64_t>(j["result"]["network"]["hub_set"].size()))
      << "the hub and its partners are missing from the PNG";
  EXPECT_GE(leftmost, 440);
}

TEST_F(DemoTest, CorrelateRaceOnTheYeastTableDrawsTheStrongestPairsByName) {
  const fs::path out = dir_ / "corr.json";
  const DemoRun r = run("--race correlate --headless --graph '" + yeast_file() + "' --method pearson --min-abs-rho 0.9 --out '" +
                        out.string() + "' --size 900x600");
  ASSERT_EQ(r.status, 0) << r.errors;
  const json j = read_json(out);
  const std::vector<Survivor> survivors = cpu_survivors(yeast_file(), "pearson", 0.9);
  EXPECT_EQ(j["result"]["survivors"].get<std::uint64_t>(), survivors.size());
  // More survivors than the view draws, so the choice of the strongest is put to the test.
  EXPECT_GT(static_cast<std::int64_t>(survivors.size()), j["question"]["max_arcs"].get<std::int64_t>());
  EXPECT_EQ(j["table"]["rows"], 1705);  // SOURCES.md: 1,705 genes x 50 samples
  EXPECT_EQ(j["table"]["columns"], 50);
  expect_network_matches(j, survivors);
  // Row names are the genes' systematic names, as in the file's first field.
  const pathscope::Table table = [] {
    auto source = pathscope::open_table(yeast_file());
    return pathscope::read_whole_table(*source);
  }();
  for (const json& node : j["result"]["network"]["nodes"]) {
    EXPECT_EQ(node["label"], table.row_names.at(node["row"].get<std::size_t>()));
  }
}

TEST_F(DemoTest, BadReachAndCorrelateInputFailsWithAMessage) {
  const fs::path out = dir_ / "bad.json";
  DemoRun r = run("--race reach --headless --graph '" + connectome_file() + "' --from NO_SUCH_NEURON --out '" + out.string() + "'");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.errors.find("NO_SUCH_NEURON"), std::string::npos) << r.errors;
  r = run("--race correlate --headless --graph '" + (dir_ / "missing.tsv").string() + "' --out '" + out.string() + "'");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.errors.find("missing.tsv"), std::string::npos) << r.errors;
  r = run("--race closure --headless --out '" + out.string() + "'");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.errors.find("apsp, tsp, reach, correlate"), std::string::npos) << r.errors;
  EXPECT_FALSE(fs::exists(out));
}

}  // namespace
