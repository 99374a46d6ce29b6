#pragma once
// What the demo's tests share: running the real pathscope-demo binary in a private folder, and
// reading back what it wrote (JSON, PNG) to check against the engines.
#include <gtest/gtest.h>
#include <stb_image.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <sys/wait.h>
#include <unistd.h>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/gpu.hpp"
#include "pathscope/graph/graph.hpp"
#include "pathscope/paths/path.hpp"
#include "pathscope_render/renderer.hpp"

namespace demo_test {

struct DemoRun {
  int status = -1;
  std::string errors;
};

class DemoTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("pathscope-demo-test-" + std::to_string(std::random_device{}()) + "-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    // A private layout cache, so each run starts from the same state as on a fresh CI machine.
    ::setenv("XDG_CACHE_HOME", (dir_ / "cache").c_str(), 1);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // `prefix` goes before the binary, e.g. "env -u DISPLAY " to take the X display away.
  DemoRun run(const std::string& arguments, const std::string& prefix = "") {
    const std::filesystem::path errors = dir_ / "stderr.txt";
    const std::string command =
        prefix + "'" + PATHSCOPE_DEMO + "' " + arguments + " 2>'" + errors.string() + "'";
    DemoRun r;
    const int raw = std::system(command.c_str());
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    std::ifstream in(errors);
    std::stringstream text;
    text << in.rdbuf();
    r.errors = text.str();
    return r;
  }

  std::filesystem::path dir_;
};

inline nlohmann::json read_json(const std::filesystem::path& p) {
  std::ifstream in(p);
  return nlohmann::json::parse(in);
}

struct Image {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgb;
};

inline Image read_png(const std::filesystem::path& p) {
  Image image;
  int channels = 0;
  unsigned char* data = stbi_load(p.c_str(), &image.width, &image.height, &channels, 3);
  if (!data) return image;
  image.rgb.assign(data, data + static_cast<std::size_t>(image.width) * image.height * 3);
  stbi_image_free(data);
  return image;
}

// Pixels exactly in the highlight colour, and the leftmost column holding one.
inline std::int64_t count_path_pixels(const Image& image, int* leftmost) {
  const pathscope::render::Rgb8 amber = pathscope::render::to_rgb8(pathscope::render::Style{}.path);
  std::int64_t count = 0;
  *leftmost = image.width;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const std::uint8_t* p = &image.rgb[(static_cast<std::size_t>(y) * image.width + x) * 3];
      if (p[0] == amber.r && p[1] == amber.g && p[2] == amber.b) ++count, *leftmost = std::min(*leftmost, x);
    }
  }
  return count;
}

// How far apart the source and target markers sit in the PNG, less the part of the path their
// discs (and white rims) cover: the least screen length over which a drawn path must show its
// colour. Each centre is the centroid of the marker's exact colour, its radius the one of a
// disc of that area; -1 when a marker is missing.
inline double marker_gap_px(const Image& image) {
  const pathscope::render::Style style;
  double x[2] = {0, 0}, y[2] = {0, 0}, count[2] = {0, 0};
  const pathscope::render::Rgb8 colours[2] = {pathscope::render::to_rgb8(style.source_marker),
                                               pathscope::render::to_rgb8(style.target_marker)};
  for (int py = 0; py < image.height; ++py) {
    for (int px = 0; px < image.width; ++px) {
      const std::uint8_t* p = &image.rgb[(static_cast<std::size_t>(py) * image.width + px) * 3];
      for (int m = 0; m < 2; ++m) {
        // Within one step: the driver may round a channel at .5 the other way (0.3 * 255).
        const bool near = std::abs(p[0] - colours[m].r) <= 1 && std::abs(p[1] - colours[m].g) <= 1 &&
                          std::abs(p[2] - colours[m].b) <= 1;
        if (near) x[m] += px, y[m] += py, ++count[m];
      }
    }
  }
  if (count[0] == 0 || count[1] == 0) return -1;
  const double rim = 2.5;  // the renderer's marker border
  const double radii = std::sqrt(count[0] / M_PI) + std::sqrt(count[1] / M_PI) + 2 * rim;
  return std::max(0.0, std::hypot(x[0] / count[0] - x[1] / count[1], y[0] / count[0] - y[1] / count[1]) - radii);
}

// The path walks real arcs from source to target and its arc costs add up to the distance.
inline void expect_walkable(const pathscope::Graph& g, const std::vector<std::int32_t>& nodes, double distance) {
  double sum = 0;
  for (std::size_t i = 0; i + 1 < nodes.size(); ++i) {
    double cheapest = INFINITY;
    for (std::int64_t a = g.offsets[nodes[i]]; a < g.offsets[nodes[i] + 1]; ++a) {
      if (g.heads[a] == nodes[i + 1]) cheapest = std::min(cheapest, g.weights[a]);
    }
    ASSERT_TRUE(std::isfinite(cheapest)) << "no arc " << nodes[i] << " -> " << nodes[i + 1];
    sum += cheapest;
  }
  EXPECT_DOUBLE_EQ(sum, distance);
}

// The report's path from s to t is a real shortest path: its distance is a single-source
// search's, and it walks real arcs from s to t.
inline void expect_reported_path(const nlohmann::json& report, const pathscope::Graph& g, std::int32_t s,
                                 std::int32_t t) {
  const pathscope::Path reference = pathscope::path_single_source(g, s, t);
  ASSERT_TRUE(report["result"]["reachable"].get<bool>());
  EXPECT_EQ(report["result"]["distance"].get<double>(), reference.distance);
  const std::vector<std::int32_t> nodes = report["result"]["path"];
  ASSERT_GE(nodes.size(), 2u);
  EXPECT_EQ(nodes.front(), s);
  EXPECT_EQ(nodes.back(), t);
  expect_walkable(g, nodes, reference.distance);
}

// A GPU lane finished, or never started with exactly the reason its engine gives here.
inline void expect_gpu_lane(const nlohmann::json& lane, const char* engine) {
  EXPECT_EQ(lane["engine"], engine);
  const std::string reason = pathscope::make_apsp_engine(engine)->unavailable_reason();
  if (reason.empty()) {
    EXPECT_EQ(lane["status"], "done") << lane.dump();
  } else {
    EXPECT_EQ(lane["status"], "unavailable");
    EXPECT_EQ(lane["reason"], reason);
    EXPECT_FALSE(pathscope::gpu_info().available);
  }
}

}  // namespace demo_test
