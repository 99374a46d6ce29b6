// pathscope-demo's command line as a person meets it: --version, a --help that names only
// options the demo accepts, numbers outside their documented range refused with exit 2 and the
// range, and a headless race that runs long saying how far it got.
#include <map>
#include <regex>
#include <set>
#include <string>

#include "demo_binary_test.hpp"
#include "pathscope/runtime/version.hpp"

namespace fs = std::filesystem;

namespace {

using namespace demo_test;

std::string read_text(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A value each option accepts; a new option needs one here, so that the test below runs it.
const std::map<std::string, std::string> kSampleValues = {
    {"--race", "apsp"},        {"--graph", "random:n=10,deg=2,seed=1"}, {"--out", "x.json"},
    {"--screenshot", "x.png"}, {"--size", "640x480"},                    {"--source", "1"},
    {"--from", "1"},           {"--target", "2"},                        {"--seed", "7"},
    {"--stops", "5"},          {"--cpu-engine", "blocked"},              {"--method", "pearson"},
    {"--min-abs-rho", "0.5"},  {"--bench-frames", "10"},                 {"--ui-scale", "1.5"},
    {"--input-format", "dimacs"}, {"--weight-attribute", "length"},        {"--min-synapses", "3"}};
const std::set<std::string> kFlags = {"--help", "--headless", "--version"};

TEST_F(DemoTest, VersionIsTheProjectVersion) {
  const fs::path out = dir_ / "out.txt";
  const DemoRun r = run("--version >'" + out.string() + "'", "env -u DISPLAY ");
  ASSERT_EQ(r.status, 0) << r.errors;
  EXPECT_EQ(read_text(out), std::string("pathscope-demo ") + pathscope::pathscope_version() + "\n");
}

// Every "--name" anywhere in the help (the list, the formats, the footer) is accepted: given
// with a value it takes, and --help, the help comes out with exit 0.
TEST_F(DemoTest, HelpNamesOnlyAcceptedOptions) {
  const fs::path out = dir_ / "help.txt";
  const DemoRun help = run("--help >'" + out.string() + "'", "env -u DISPLAY ");
  ASSERT_EQ(help.status, 0) << help.errors;
  const std::string text = read_text(out);
  std::set<std::string> named;
  const std::regex option(R"((^|[^\w-])(--[a-z][a-z-]*))");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), option); it != std::sregex_iterator(); ++it) {
    named.insert((*it)[2]);
  }
  ASSERT_GT(named.size(), 15u) << text;
  for (const std::string& name : named) {
    const auto sample = kSampleValues.find(name);
    ASSERT_TRUE(sample != kSampleValues.end() || kFlags.count(name)) << name << " is in --help: give it a sample value here";
    const std::string value = sample == kSampleValues.end() ? "" : " '" + sample->second + "'";
    const DemoRun r = run(name + value + " --help >/dev/null", "env -u DISPLAY ");
    EXPECT_EQ(r.status, 0) << name << value << ": " << r.errors;
  }
  const std::string unknown = "--no-such-option-" + std::to_string(std::random_device{}() % 100000);
  const DemoRun r = run(unknown, "env -u DISPLAY ");
  EXPECT_EQ(r.status, 2) << r.errors;
  EXPECT_NE(r.errors.find(unknown), std::string::npos) << r.errors;
}

// Out of range, by a fresh margin each run: exit 2 before any window or race, and the message
// names the range the help gives.
TEST_F(DemoTest, NumbersOutsideTheirRangeAreRefused) {
  std::mt19937 rng(std::random_device{}());
  auto pick = [&rng](int low, int high) { return std::uniform_int_distribution<int>(low, high)(rng); };
  const struct {
    std::string arguments, range;
  } cases[] = {
      {"--stops 30", "2..24"},
      {"--stops " + std::to_string(pick(25, 100000)), "2..24"},
      {"--stops " + std::to_string(pick(-1000, 1)), "2..24"},
      {"--bench-frames " + std::to_string(pick(-10, 0)), "1..100000"},
      {"--min-abs-rho 1." + std::to_string(pick(1, 999)), "0..1"},
      {"--ui-scale " + std::to_string(pick(5, 100)), "0.5..4"},
      {"--size " + std::to_string(pick(1, 63)) + "x600", "64..8192"},
      {"--size 800x" + std::to_string(pick(8193, 99999)), "64..8192"},
  };
  for (const auto& c : cases) {
    const DemoRun r = run(c.arguments + " --headless --race tsp", "env -u DISPLAY ");
    EXPECT_EQ(r.status, 2) << c.arguments << ": " << r.errors;
    EXPECT_NE(r.errors.find(c.range), std::string::npos) << c.arguments << ": " << r.errors;
  }
}

// A headless race that lasts: a progress line every few seconds on stderr (what races, how far
// each lane is, the time so far), the times rising, and none once it has ended.
TEST_F(DemoTest, LongHeadlessRaceSaysHowFarItGot) {
  const unsigned seed = std::random_device{}() % 100000 + 1;
  const fs::path out = dir_ / "run.json";
  const DemoRun r = run("--race apsp --graph random:n=1200,deg=8,seed=" + std::to_string(seed) +
                            " --cpu-engine textbook --headless --out '" + out.string() + "'",
                        "env -u DISPLAY -u WAYLAND_DISPLAY ");
  ASSERT_EQ(r.status, 0) << r.errors;
  const nlohmann::json j = read_json(out);
  double longest = 0;
  for (const auto& lane : j["lanes"]) {
    if (lane.contains("seconds") && lane["seconds"].is_number()) longest = std::max(longest, lane["seconds"].get<double>());
  }
  const std::regex line(R"(pathscope-demo: apsp race on random:n=1200,deg=8,seed=\d+, ([0-9.]+) s: CPU \(textbook\) (\d+%|done [0-9.]+ s))");
  std::vector<double> times;
  for (auto it = std::sregex_iterator(r.errors.begin(), r.errors.end(), line); it != std::sregex_iterator(); ++it) {
    times.push_back(std::stod((*it)[1]));
  }
  // Lines come every 2 s while a lane runs: a race of `longest` seconds has about longest / 2.
  if (longest >= 3.0) {
    EXPECT_GE(times.size(), 1u) << "a " << longest << " s race said nothing: " << r.errors;
  }
  EXPECT_LE(times.size(), static_cast<std::size_t>(longest / 2.0) + 1) << r.errors;
  for (std::size_t i = 1; i < times.size(); ++i) EXPECT_GT(times[i], times[i - 1]) << r.errors;
  for (double t : times) EXPECT_LE(t, longest + 1.0) << r.errors;
}

}  // namespace
