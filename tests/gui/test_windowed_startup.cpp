// The demo and the explorer started in real windows as a person starts them (the binaries, no
// test hooks): with no arguments, with an empty file, and with rome99. Each comes up and shows
// what it should (the graph and its node count in the title, or an error naming the file), stays
// up, and exits 0 when its window is closed. The node counts are read from the files' own
// DIMACS headers. The demo used to draw its first frame before any graph existed and crash.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "pathscope_render/renderer.hpp"
#include "shared_data.hpp"
#include "windowed_program.hpp"

namespace {

using test_support::ProgramEnd;
using test_support::ShownWindow;
using test_support::WindowedProgram;
using test_support::XDisplay;

// A first layout of rome99 on a busy two-core machine takes seconds; this is a hang's limit.
constexpr double kShowSeconds = 300;
constexpr double kCloseSeconds = 60;

// N of the "p sp N M" line: what the file says it holds, read without pathscope's reader.
long long dimacs_node_count(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("p sp ", 0) == 0) return std::stoll(line.substr(5));
  }
  return -1;
}

// The number before " nodes" in a title, whatever the locale groups its digits with.
long long node_count_in(const std::string& title) {
  std::smatch m;
  if (!std::regex_search(title, m, std::regex("([0-9][0-9,.']*) nodes"))) return -1;
  std::string digits;
  for (const char c : m[1].str()) {
    if (c >= '0' && c <= '9') digits += c;
  }
  return std::stoll(digits);
}

bool printable(const std::string& text) {
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 && c != '\n' && c != '\t') return false;
  }
  return true;
}

class WindowedStartup : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(x_.open()) << "no X display: run under Xvfb (tests/gui/run-with-display.sh does)";
    home_ = std::filesystem::temp_directory_path() /
            ("pathscope-startup-" + std::to_string(::getpid()) + "-" + std::to_string(std::random_device{}()));
    std::filesystem::create_directories(home_);
    empty_ = (home_ / "empty.gr").string();
    std::ofstream{empty_};
  }
  void TearDown() override {
    std::error_code ignored;
    std::filesystem::remove_all(home_, ignored);
  }

  static std::string report(WindowedProgram& program) {
    const bool running = program.running();
    return std::string(running ? "still running" : program.end()->describe()) + "\nstderr: " + program.errors();
  }

  // A crash just after the first frames must not pass for a clean start: the program stays up
  // a moment, with the same number of windows.
  void expect_stays_up(WindowedProgram& program, std::size_t windows) {
    std::this_thread::sleep_for(std::chrono::seconds(1));
    ASSERT_TRUE(program.running()) << report(program);
    EXPECT_EQ(x_.windows_of(program.pid()).size(), windows);
  }

  // Closes the program's windows as their close buttons would, newest (a message box) first,
  // and expects exit 0.
  void expect_closes_cleanly(WindowedProgram& program, const std::string& main_title_prefix) {
    for (const auto& window : x_.windows_of(program.pid())) {
      if (window.title.rfind(main_title_prefix, 0) != 0) x_.request_close(window.id);
    }
    auto only_main = program.wait_for_windows(x_, [](const auto& w) { return w.size() == 1; }, kCloseSeconds);
    ASSERT_TRUE(only_main) << report(program);
    x_.request_close(only_main->front().id);
    const ProgramEnd end = program.wait_for_end(kCloseSeconds);
    EXPECT_TRUE(end.exited && end.code == 0) << end.describe() << "\nstderr: " << program.errors();
  }

  // The share of the window's pixels right of `left` that are not the stage's background.
  double drawn_share(const ShownWindow& window, int left) {
    const auto pixels = x_.rgb(window);
    if (pixels.empty()) return 0;
    const auto background = pathscope::render::to_rgb8(pathscope::render::Style{}.background);
    long long drawn = 0, all = 0;
    for (int y = 0; y < window.height; ++y) {
      for (int x = left; x < window.width; ++x, ++all) {
        const unsigned char* p = &pixels[(static_cast<std::size_t>(y) * window.width + x) * 3];
        if (std::abs(p[0] - background.r) + std::abs(p[1] - background.g) + std::abs(p[2] - background.b) > 12) ++drawn;
      }
    }
    return all ? static_cast<double>(drawn) / static_cast<double>(all) : 0;
  }

  // The demo with `arguments` shows a graph: its title names the file and its node count, and
  // the stage right of the panel shows it.
  void expect_demo_shows_graph(const std::vector<std::string>& arguments, const std::filesystem::path& file) {
    WindowedProgram demo(PATHSCOPE_DEMO, arguments, home_ / "run");
    ASSERT_TRUE(demo.started());
    const std::string want = "pathscope demo — " + file.filename().string() + ", ";
    auto shown = demo.wait_for_windows(
        x_, [&](const auto& w) { return w.size() == 1 && w[0].title.rfind(want, 0) == 0; }, kShowSeconds);
    ASSERT_TRUE(shown) << report(demo);
    EXPECT_EQ(node_count_in(shown->front().title), dimacs_node_count(file)) << shown->front().title;
    // The frame after the title's: poll until the stage shows the graph.
    double share = 0;
    for (int attempt = 0; attempt < 100 && share < 0.002; ++attempt) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      share = drawn_share(shown->front(), shown->front().width / 2);
    }
    EXPECT_GE(share, 0.002) << "the stage right of the panel shows nothing";
    expect_stays_up(demo, 1);
    expect_closes_cleanly(demo, "pathscope demo");
  }

  XDisplay x_;
  std::filesystem::path home_;
  std::string empty_;
};

TEST_F(WindowedStartup, DemoWithoutArgumentsShowsTheFirstBundledSample) {
  // The samples in the order the demo offers them; the first graph is what it opens.
  std::vector<std::filesystem::path> samples;
  for (const auto& entry : std::filesystem::directory_iterator(PATHSCOPE_SAMPLES)) {
    if (entry.path().extension() == ".gr") samples.push_back(entry.path());
  }
  ASSERT_FALSE(samples.empty());
  std::sort(samples.begin(), samples.end());
  expect_demo_shows_graph({}, samples.front());
}

TEST_F(WindowedStartup, DemoWithRome99ShowsIt) {
  const std::string rome = test_support::shared_data_file("rome99.gr");
  expect_demo_shows_graph({"--graph", rome}, rome);
}

TEST_F(WindowedStartup, DemoWithAnEmptyFileSaysWhyAndStaysUp) {
  WindowedProgram demo(PATHSCOPE_DEMO, {"--graph", empty_}, home_ / "run");
  ASSERT_TRUE(demo.started());
  auto shown = demo.wait_for_windows(
      x_, [](const auto& w) { return w.size() == 1 && w[0].title == "pathscope demo — no dataset"; }, kShowSeconds);
  ASSERT_TRUE(shown) << report(demo);
  const std::string errors = demo.errors();
  EXPECT_NE(errors.find("pathscope-demo: " + empty_ + ":"), std::string::npos) << errors;
  EXPECT_TRUE(printable(errors)) << errors;
  expect_stays_up(demo, 1);
  expect_closes_cleanly(demo, "pathscope demo");
}

TEST_F(WindowedStartup, ExplorerWithoutArgumentsWaitsForAGraph) {
  WindowedProgram explorer(PATHSCOPE_EXPLORER, {}, home_ / "run");
  ASSERT_TRUE(explorer.started());
  auto shown = explorer.wait_for_windows(
      x_, [](const auto& w) { return w.size() == 1 && w[0].title == "pathscope"; }, kShowSeconds);
  ASSERT_TRUE(shown) << report(explorer);
  expect_stays_up(explorer, 1);
  EXPECT_EQ(explorer.errors().find("pathscope:"), std::string::npos) << explorer.errors();
  expect_closes_cleanly(explorer, "pathscope");
}

TEST_F(WindowedStartup, ExplorerWithAnEmptyFileShowsTheErrorAndStaysUp) {
  WindowedProgram explorer(PATHSCOPE_EXPLORER, {empty_}, home_ / "run");
  ASSERT_TRUE(explorer.started());
  // The main window, and over it the error box, titled with the file.
  auto shown = explorer.wait_for_windows(
      x_,
      [](const auto& w) {
        return w.size() == 2 && std::any_of(w.begin(), w.end(), [](const auto& one) {
                 return one.title.find("empty.gr") != std::string::npos;
               });
      },
      kShowSeconds);
  ASSERT_TRUE(shown) << report(explorer);
  // The box's text, as the explorer also writes it to the terminal: the file and what is wrong.
  const std::string errors = explorer.errors();
  EXPECT_NE(errors.find(empty_ + ":"), std::string::npos) << errors;
  EXPECT_TRUE(printable(errors)) << errors;
  expect_stays_up(explorer, 2);
  expect_closes_cleanly(explorer, "pathscope");
}

TEST_F(WindowedStartup, ExplorerWithRome99ShowsIt) {
  const std::string rome = test_support::shared_data_file("rome99.gr");
  WindowedProgram explorer(PATHSCOPE_EXPLORER, {rome}, home_ / "run");
  ASSERT_TRUE(explorer.started());
  auto shown = explorer.wait_for_windows(
      x_, [](const auto& w) { return w.size() == 1 && w[0].title.rfind("rome99.gr · ", 0) == 0; }, kShowSeconds);
  ASSERT_TRUE(shown) << report(explorer);
  EXPECT_EQ(node_count_in(shown->front().title), dimacs_node_count(rome)) << shown->front().title;
  expect_stays_up(explorer, 1);
  expect_closes_cleanly(explorer, "rome99.gr");
  // A person's run remembers the file among the recent ones, in the settings it was given: here
  // the private folder, never the user's.
  std::ifstream settings(home_ / "run" / "config" / "pathscope" / "pathscope.conf");
  std::stringstream text;
  text << settings.rdbuf();
  EXPECT_NE(text.str().find("recent="), std::string::npos) << "no recent files in the private settings";
}

}  // namespace
