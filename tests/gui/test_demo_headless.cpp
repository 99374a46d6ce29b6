// pathscope-demo --headless with no X display at all (the GPU machine has none): the context
// must come from EGL, and the frame and figures must still be right. Also the fallback: with
// EGL offering no vendor, the demo says so and uses a hidden GLFW window where X exists.
#include <set>
#include <string>

#include "demo_binary_test.hpp"
#include "pathscope/apsp/checksum.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/paths/path.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

using namespace demo_test;

// A bundled sample, found from this file's place in the source tree.
const std::string kGridCity =
    (fs::path(PATHSCOPE_TEST_DATA).parent_path().parent_path() / "resources/samples/grid-city.gr").string();
// No display of any kind; the demo tells which EGL platform gave its context.
const std::string kNoDisplay = "env -u DISPLAY -u WAYLAND_DISPLAY PATHSCOPE_DEMO_GL_VERBOSE=1 ";
// glvnd then finds no EGL vendor at all, as on a machine without any EGL driver.
const std::string kNoEglVendor = "env __EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent/egl_vendor.json ";

std::int64_t distinct_colours(const Image& image) {
  std::set<std::uint32_t> colours;
  for (std::size_t i = 0; i + 2 < image.rgb.size(); i += 3) {
    colours.insert(image.rgb[i] << 16 | image.rgb[i + 1] << 8 | image.rgb[i + 2]);
  }
  return static_cast<std::int64_t>(colours.size());
}

TEST_F(DemoTest, RaceWithoutAnyDisplayDrawsThroughEgl) {
  const unsigned seed = std::random_device{}() % 100000 + 1;
  const int width = 1000 + static_cast<int>(seed % 89), height = 640 + static_cast<int>(seed % 53);
  SCOPED_TRACE("--seed " + std::to_string(seed) + " --size " + std::to_string(width) + "x" + std::to_string(height));
  const fs::path out = dir_ / "run.json", shot = dir_ / "shot.png";
  const DemoRun r = run("--race apsp --graph '" + kGridCity + "' --headless --out '" + out.string() +
                            "' --screenshot '" + shot.string() + "' --size " + std::to_string(width) + "x" +
                            std::to_string(height) + " --seed " + std::to_string(seed),
                        kNoDisplay);
  ASSERT_EQ(r.status, 0) << r.errors;
  EXPECT_NE(r.errors.find("pathscope-demo: EGL: using "), std::string::npos) << r.errors;
  EXPECT_EQ(r.errors.find("falling back"), std::string::npos) << r.errors;

  const pathscope::Graph g = pathscope::load_graph(kGridCity).graph;
  const json j = read_json(out);
  EXPECT_EQ(j["graph"]["n"], g.n);
  EXPECT_EQ(j["graph"]["arcs"], g.arc_count());
  const std::int32_t s = j["question"]["source"]["index"], t = j["question"]["target"]["index"];
  expect_reported_path(j, g, s, t);

  ASSERT_EQ(j["lanes"].size(), 3u);
  EXPECT_EQ(j["lanes"][0]["status"], "done");
  pathscope::ApspOptions options;
  const pathscope::ApspResult sparse = pathscope::make_apsp_engine("sparse")->run(g, options, {});
  EXPECT_EQ(j["lanes"][0]["fingerprint"], "checksum " + pathscope::checksum_hex(pathscope::matrix_checksum(sparse)));
  expect_gpu_lane(j["lanes"][1], "gpu-blocked");
  expect_gpu_lane(j["lanes"][2], "gpu-naive");

  const Image image = read_png(shot);
  ASSERT_EQ(image.width, width);
  ASSERT_EQ(image.height, height);
  // Not a blank or single-colour frame: the panel's text and the map's streets are there.
  EXPECT_GT(distinct_colours(image), 50);
  int leftmost = 0;
  // As in test_demo_race.cpp: the path's colour shows at least over the markers' gap.
  const double gap = marker_gap_px(image);
  ASSERT_GT(gap, 0) << "the source or target marker is missing from the PNG";
  EXPECT_GT(count_path_pixels(image, &leftmost), gap) << "the highlighted path is missing from the PNG";
  EXPECT_GE(leftmost, 440);  // only the map, right of the side panel, draws the highlight
}

TEST_F(DemoTest, WithoutEglOrDisplayItFailsSayingWhy) {
  const fs::path out = dir_ / "run.json";
  const DemoRun r = run("--headless --graph random:n=60,deg=3,seed=4 --out '" + out.string() + "'",
                        kNoDisplay + kNoEglVendor);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.errors.find("EGL gave no OpenGL 3.3 context"), std::string::npos) << r.errors;
  EXPECT_NE(r.errors.find("cannot start GLFW"), std::string::npos) << r.errors;
  EXPECT_FALSE(fs::exists(out));
}

TEST_F(DemoTest, WithoutEglItFallsBackToAHiddenGlfwWindow) {
  // ctest runs this under an X display (run-with-display.sh), which the fallback needs.
  ASSERT_NE(std::getenv("DISPLAY"), nullptr);
  std::mt19937 rng(std::random_device{}());
  const int n = 80 + static_cast<int>(rng() % 120);
  const std::string spec = "random:n=" + std::to_string(n) + ",deg=4,seed=" + std::to_string(rng() % 1000 + 1);
  SCOPED_TRACE(spec);
  const fs::path out = dir_ / "run.json", shot = dir_ / "shot.png";
  const DemoRun r = run("--headless --graph '" + spec + "' --out '" + out.string() + "' --screenshot '" +
                            shot.string() + "' --size 800x600",
                        kNoEglVendor);
  ASSERT_EQ(r.status, 0) << r.errors;
  EXPECT_NE(r.errors.find("falling back to a hidden GLFW window"), std::string::npos) << r.errors;
  const pathscope::Graph g = pathscope::load_graph(spec).graph;
  const json j = read_json(out);
  const std::int32_t s = j["question"]["source"]["index"], t = j["question"]["target"]["index"];
  const pathscope::Path reference = pathscope::path_single_source(g, s, t);
  ASSERT_EQ(j["result"]["reachable"].get<bool>(), reference.reachable);
  if (reference.reachable) EXPECT_EQ(j["result"]["distance"].get<double>(), reference.distance);
  const Image image = read_png(shot);
  EXPECT_EQ(image.width, 800);
  EXPECT_GT(distinct_colours(image), 50);
}

}  // namespace
