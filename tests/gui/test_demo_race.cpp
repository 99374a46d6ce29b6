// Runs pathscope-demo headless (through EGL; test_demo_headless.cpp takes the display away) and checks
// what it wrote against the engines: the JSON's path against an independent Dijkstra, its
// matrix checksum against another engine, and the PNG for the renderer's highlight colour.
#include <gtest/gtest.h>
#include <stb_image.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>
#include <sys/wait.h>
#include <unistd.h>

#include "demo_binary_test.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/checksum.hpp"
#include "pathscope/apsp/gpu.hpp"
#include "pathscope/apsp/single_source.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/paths/path.hpp"
#include "pathscope/tsp/tsp.hpp"
#include "pathscope_render/renderer.hpp"
#include "shared_data.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string rome_file() { return test_support::shared_data_file("rome99.gr"); }

using namespace demo_test;

TEST_F(DemoTest, RomeRaceMatchesDijkstraAndAnotherEngine) {
  const unsigned seed = std::random_device{}() % 100000 + 1;
  const int width = 1200 + static_cast<int>(seed % 97), height = 700 + static_cast<int>(seed % 61);
  SCOPED_TRACE("--seed " + std::to_string(seed) + " --size " + std::to_string(width) + "x" + std::to_string(height));
  const fs::path out = dir_ / "run.json", shot = dir_ / "shot.png";
  const DemoRun r = run("--race apsp --graph '" + rome_file() + "' --headless --out '" + out.string() + "' --screenshot '" +
                        shot.string() + "' --size " + std::to_string(width) + "x" + std::to_string(height) +
                        " --seed " + std::to_string(seed));
  ASSERT_EQ(r.status, 0) << r.errors;

  const pathscope::Graph g = pathscope::load_graph(rome_file()).graph;
  const json j = read_json(out);
  EXPECT_EQ(j["problem"], "apsp");
  EXPECT_EQ(j["graph"]["n"], g.n);
  EXPECT_EQ(j["graph"]["arcs"], g.arc_count());
  EXPECT_EQ(j["graph"]["n"], 3353);  // the published counts of rome99
  EXPECT_EQ(j["graph"]["arcs"], 8859);  // 8,870 arc lines less 11 parallel duplicates (SOURCES.md)

  const std::int32_t s = j["question"]["source"]["index"], t = j["question"]["target"]["index"];
  // The default question is a random source and the node farthest from it.
  const std::vector<double> from_s = pathscope::single_source_distances(g, s);
  double farthest = 0;
  for (double d : from_s) farthest = std::isfinite(d) ? std::max(farthest, d) : farthest;
  EXPECT_EQ(from_s[t], farthest);

  expect_reported_path(j, g, s, t);
  EXPECT_EQ(j["result"]["hops"], j["result"]["path"].size() - 1);
  EXPECT_TRUE(j["result"]["lanes_agree"].get<bool>());

  // The GPU state the panel showed before the race, in the core's one wording.
  const pathscope::GpuInfo gpu = pathscope::gpu_info();
  EXPECT_EQ(j["gpu"]["available"].get<bool>(), gpu.available);
  EXPECT_EQ(j["gpu"]["reason"], gpu.reason);
  ASSERT_EQ(j["lanes"].size(), 3u);
  const json& cpu = j["lanes"][0];
  EXPECT_EQ(cpu["engine"], "blocked");
  EXPECT_EQ(cpu["status"], "done");
  EXPECT_GT(cpu["seconds"].get<double>(), 0);
  EXPECT_DOUBLE_EQ(cpu["updates"].get<double>(), std::pow(3353.0, 3));
  // Dijkstra from every node is an independent way to the same matrix.
  pathscope::ApspOptions options;
  const pathscope::ApspResult sparse = pathscope::make_apsp_engine("sparse")->run(g, options, {});
  EXPECT_EQ(cpu["fingerprint"], "checksum " + pathscope::checksum_hex(pathscope::matrix_checksum(sparse)));
  expect_gpu_lane(j["lanes"][1], "gpu-blocked");
  expect_gpu_lane(j["lanes"][2], "gpu-naive");
  if (j["lanes"][1]["status"] == "done") {
    EXPECT_EQ(j["lanes"][1]["fingerprint"], cpu["fingerprint"]);
    EXPECT_NEAR(j["speedup"]["factor"].get<double>(),
                cpu["seconds"].get<double>() / std::min(j["lanes"][1]["seconds"].get<double>(),
                                                        j["lanes"][2].value("seconds", double{INFINITY})), 1e-9);
  } else {
    EXPECT_TRUE(j["speedup"].is_null());
  }

  const Image image = read_png(shot);
  ASSERT_EQ(image.width, width);
  ASSERT_EQ(image.height, height);
  int leftmost = 0;
  const std::int64_t amber = count_path_pixels(image, &leftmost);
  // The farthest node by road can sit close by in the force layout (seed 45262 at 1260x700:
  // 244 px apart, 777 path pixels), so no fixed count holds for every seed. The path joins the
  // markers, so its colour shows over their gap at least; node discs and outlines along it leave
  // about 2 such pixels per pixel of length.
  // The farthest node by road can also sit right beside the source in the layout: then the
  // markers touch, the gap is 0, and the path must still show (it leaves and comes back).
  const double gap = marker_gap_px(image);
  ASSERT_GE(gap, 0) << "the source or target marker is missing from the PNG";
  EXPECT_GT(amber, gap) << "the highlighted path is missing from the PNG (markers " << gap << " px apart)";
  // Only the map draws that colour, and the map lies right of the 440 px side panel.
  EXPECT_GE(leftmost, 440);
}

TEST_F(DemoTest, GeneratedGraphWithChosenPair) {
  std::mt19937 rng(std::random_device{}());
  const int n = 150 + static_cast<int>(rng() % 200);
  const std::string spec = "random:n=" + std::to_string(n) + ",deg=4,seed=" + std::to_string(rng() % 1000 + 1);
  const pathscope::Graph g = pathscope::load_graph(spec).graph;
  const std::int32_t s = static_cast<std::int32_t>(rng() % n), t = static_cast<std::int32_t>(rng() % n);
  SCOPED_TRACE(spec + " source index " + std::to_string(s) + " target index " + std::to_string(t));
  const fs::path out = dir_ / "run.json";
  const DemoRun r = run("--headless --graph '" + spec + "' --out '" + out.string() + "' --source " +
                        std::to_string(g.display_id(s)) + " --target " + std::to_string(g.display_id(t)) +
                        " --size 901x677 --cpu-engine textbook");
  ASSERT_EQ(r.status, 0) << r.errors;
  const json j = read_json(out);
  EXPECT_EQ(j["graph"]["n"], g.n);
  EXPECT_EQ(j["graph"]["arcs"], g.arc_count());
  EXPECT_EQ(j["lanes"][0]["engine"], "textbook");
  EXPECT_EQ(j["question"]["source"]["index"], s);
  EXPECT_EQ(j["question"]["target"]["index"], t);
  const pathscope::Path reference = pathscope::path_single_source(g, s, t);
  ASSERT_EQ(j["result"]["reachable"].get<bool>(), reference.reachable);
  if (reference.reachable) {
    EXPECT_EQ(j["result"]["distance"].get<double>(), reference.distance);
    expect_walkable(g, j["result"]["path"].get<std::vector<std::int32_t>>(), reference.distance);
  }
}

TEST_F(DemoTest, RomeTourIsTheBruteForceOptimum) {
  std::mt19937 rng(std::random_device{}());
  const int k = 5 + static_cast<int>(rng() % 4);
  const unsigned seed = rng() % 100000 + 1;
  SCOPED_TRACE("--stops " + std::to_string(k) + " --seed " + std::to_string(seed));
  const fs::path out = dir_ / "tour.json", shot = dir_ / "tour.png";
  const DemoRun r = run("--race tsp --stops " + std::to_string(k) + " --seed " + std::to_string(seed) + " --graph '" +
                        rome_file() + "' --headless --out '" + out.string() + "' --screenshot '" + shot.string() +
                        "' --size 1333x757");
  ASSERT_EQ(r.status, 0) << r.errors;
  const pathscope::Graph g = pathscope::load_graph(rome_file()).graph;
  const json j = read_json(out);
  EXPECT_EQ(j["problem"], "tsp");
  ASSERT_EQ(j["question"]["stops"].size(), static_cast<std::size_t>(k));
  std::vector<std::int32_t> stops;
  for (const json& stop : j["question"]["stops"]) stops.push_back(stop["index"]);

  // Every order of the stops after the first, over Dijkstra distances: the optimum by brute force.
  std::vector<std::vector<double>> d;
  for (std::int32_t u : stops) d.push_back(pathscope::single_source_distances(g, u));
  std::vector<int> order(k - 1);
  std::iota(order.begin(), order.end(), 1);
  double best = INFINITY;
  do {
    double length = d[0][stops[order.front()]] + d[order.back()][stops[0]];
    for (int i = 0; i + 1 < k - 1; ++i) length += d[order[i]][stops[order[i + 1]]];
    best = std::min(best, length);
  } while (std::next_permutation(order.begin(), order.end()));
  EXPECT_EQ(j["result"]["length"].get<double>(), best);

  // The drawn route is a real closed walk through every stop with exactly that length.
  std::vector<std::int32_t> route = j["result"]["path"];
  ASSERT_TRUE(j["result"]["closed"].get<bool>());
  ASSERT_FALSE(route.empty());
  EXPECT_EQ(route.front(), stops.front());
  for (std::int32_t stop : stops) EXPECT_NE(std::find(route.begin(), route.end(), stop), route.end()) << stop;
  route.push_back(route.front());
  expect_walkable(g, route, best);

  EXPECT_EQ(j["lanes"][0]["engine"], "held-karp");
  EXPECT_EQ(j["lanes"][0]["status"], "done");
  const std::string reason = pathscope::make_tsp_engine("gpu-held-karp")->unavailable_reason();
  EXPECT_EQ(j["lanes"][1]["status"], reason.empty() ? "done" : "unavailable");
  if (!reason.empty()) {
    EXPECT_EQ(j["lanes"][1]["reason"], reason);
  }

  const Image image = read_png(shot);
  ASSERT_EQ(image.width, 1333);
  int leftmost = 0;
  EXPECT_GT(count_path_pixels(image, &leftmost), 1000) << "the tour is missing from the PNG";
  EXPECT_GE(leftmost, 440);
}

TEST_F(DemoTest, BadInputFailsWithTheFileAndLine) {
  const fs::path bad = dir_ / "broken.gr";
  std::ofstream(bad) << "p sp 3 2\na 1 2 5\na 1 x 5\n";
  const DemoRun r = run("--headless --graph '" + bad.string() + "' --out '" + (dir_ / "run.json").string() + "'");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.errors.find(bad.string() + ":3"), std::string::npos) << r.errors;
  EXPECT_FALSE(fs::exists(dir_ / "run.json"));

  const DemoRun missing = run("--headless --graph '" + (dir_ / "absent.gr").string() + "'");
  EXPECT_NE(missing.status, 0);
  EXPECT_NE(missing.errors.find("absent.gr"), std::string::npos) << missing.errors;

  const DemoRun unknown_node = run("--headless --graph random:n=40,deg=3,seed=2 --source 999999");
  EXPECT_NE(unknown_node.status, 0);
  EXPECT_NE(unknown_node.errors.find("999999"), std::string::npos) << unknown_node.errors;
}

// `--bench-frames N --race P` times the frames drawn while the race's lanes run: a race longer
// than the frames asked for is cancelled after them (every frame counted, the race still
// running), and one that ends first cuts the count short. The figures are the benchmark's own
// (no threshold here: the frame rate is a measurement, written in docs/rendering.md).
TEST_F(DemoTest, FrameBenchWhileRacingCountsOnlyFramesDrawnDuringTheRace) {
  const unsigned seed = std::random_device{}() % 1000 + 1;
  SCOPED_TRACE("seed " + std::to_string(seed));
  const fs::path long_out = dir_ / "long.json", short_out = dir_ / "short.json";
  // All pairs over 7,000 nodes takes minutes on a CPU: far longer than 12 frames.
  const DemoRun long_race = run("--race apsp --graph random:n=" + std::to_string(7000 + seed) + ",deg=3,seed=" +
                                std::to_string(seed) + ",geometric --headless --size 640x400 --bench-frames 12 >'" +
                                long_out.string() + "'");
  ASSERT_EQ(long_race.status, 0) << long_race.errors;
  const json l = read_json(long_out);
  EXPECT_EQ(l["race"], "apsp");
  EXPECT_EQ(l["frames"], 12);
  EXPECT_EQ(l["race_outlasted_frames"], true);
  EXPECT_GT(l["frames_per_second"].get<double>(), 0);
  EXPECT_GT(l["median_ms"].get<double>(), 0);
  EXPECT_EQ(l["nodes"], 7000 + seed);

  // A reach race on 60 nodes is over in milliseconds: nowhere near 100,000 frames.
  const DemoRun short_race = run("--race reach --graph random:n=60,deg=3,seed=" + std::to_string(seed) +
                                 " --headless --size 320x240 --bench-frames 100000 >'" + short_out.string() + "'");
  ASSERT_EQ(short_race.status, 0) << short_race.errors;
  const json sh = read_json(short_out);
  EXPECT_EQ(sh["race"], "reach");
  EXPECT_LT(sh["frames"].get<int>(), 100000);
  EXPECT_EQ(sh["race_outlasted_frames"], false);
}

}  // namespace
