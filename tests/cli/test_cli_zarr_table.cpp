// `apsp --out D.zarr` against `apsp --out D.npy` of the same graph: `table` (a row, a cell) and
// `path-lengths --table` print the same answers from either, at a random chunk side, plain or
// zstd; the options that make no sense together are refused before anything is computed.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli_binary.hpp"
#include "fresh_seed.hpp"
#include "pathscope/io/load.hpp"
#include "scratch_folder.hpp"

using namespace pathscope;

namespace {

// The answer without what names the table's file or times the run.
nlohmann::json answer_of(const std::string& out) {
  auto doc = nlohmann::json::parse(out);
  for (const char* key : {"table", "method", "seconds", "timing"}) doc.erase(key);
  return doc;
}

}  // namespace

TEST(CliZarrTable, TableAndPathLengthsAnswerAsFromTheNpy) {
  const std::uint64_t seed = test_support::fresh_seed() % 100000;
  const std::int32_t n = 300 + static_cast<std::int32_t>(seed % 157);
  const std::string spec = "connectome:n=" + std::to_string(n) + ",seed=" + std::to_string(seed) + ",types=9";
  const std::vector<std::string> input = {spec, "--cost-rule", "hops"};
  const auto args = [&](std::vector<std::string> head, std::vector<std::string> tail) {
    head.insert(head.end(), input.begin(), input.end());
    head.insert(head.end(), tail.begin(), tail.end());
    return head;
  };
  LoadOptions options;
  options.cost_rule = EdgeCostRule::Hops;
  const Graph g = load_graph(spec, options).graph;
  test_support::ScratchFolder folder;
  const std::string npy = folder.file("D.npy"), zarr = folder.file("D.zarr");
  const std::string chunk = std::to_string(17 + seed % 120), zstd = std::to_string(seed % 2 ? 3 : 0);
  const std::string dist = seed % 3 == 0 ? "int64" : "int32";  // hop16 is computed by the GPU engine only
  const auto to_npy = test_support::run_cli(args({"apsp"}, {"--dist", dist, "--out", npy, "--json"}));
  ASSERT_TRUE(to_npy.exited && to_npy.code == 0) << to_npy.describe();
  const auto to_zarr = test_support::run_cli(args({"apsp"}, {"--dist", dist, "--out", zarr, "--chunk", chunk, "--zstd", zstd, "--json"}));
  ASSERT_TRUE(to_zarr.exited && to_zarr.code == 0) << to_zarr.describe();
  EXPECT_EQ(nlohmann::json::parse(to_npy.out)["checksum"], nlohmann::json::parse(to_zarr.out)["checksum"]);
  ASSERT_TRUE(std::filesystem::exists(zarr + "/.zarray"));
  ASSERT_TRUE(std::filesystem::exists(zarr + "/0.0"));

  const std::string a = g.names[seed % g.n], b = g.names[(seed * 7 + 3) % g.n];
  for (const auto& tail : std::vector<std::vector<std::string>>{{"--row", a}, {"--cell", a, b, "--json"}, {"--row", b, "--json"}}) {
    const auto from_npy = test_support::run_cli(args({"table", npy}, tail));
    const auto from_zarr = test_support::run_cli(args({"table", zarr}, tail));
    ASSERT_TRUE(from_npy.exited && from_npy.code == 0) << from_npy.describe();
    ASSERT_TRUE(from_zarr.exited && from_zarr.code == 0) << from_zarr.describe();
    if (tail.back() == "--json")
      EXPECT_EQ(answer_of(from_npy.out), answer_of(from_zarr.out)) << tail[0];
    else
      EXPECT_EQ(from_npy.out, from_zarr.out);
  }
  const std::vector<std::string> groups = {"--from", "top:3", "--to", "all", "--json"};
  auto with = [&](const std::string& table) {
    auto tail = groups;
    tail.insert(tail.end(), {"--table", table});
    return test_support::run_cli(args({"path-lengths"}, tail));
  };
  const auto lengths_npy = with(npy), lengths_zarr = with(zarr);
  ASSERT_TRUE(lengths_npy.exited && lengths_npy.code == 0) << lengths_npy.describe();
  ASSERT_TRUE(lengths_zarr.exited && lengths_zarr.code == 0) << lengths_zarr.describe();
  EXPECT_EQ(answer_of(lengths_npy.out), answer_of(lengths_zarr.out));
}

TEST(CliZarrTable, OptionsThatDisagreeAreRefusedBeforeAnyWork) {
  test_support::ScratchFolder folder;
  const std::string graph = "random:n=20,deg=3,seed=1";
  for (const auto& tail : std::vector<std::vector<std::string>>{
           {"--out", folder.file("D.zarr"), "--output-format", "npy"},
           {"--out", folder.file("D.npy"), "--output-format", "zarr"},
           {"--out", folder.file("D.npy"), "--zstd", "3"},
           {"--out", folder.file("D.npy"), "--chunk", "8"},
           {"--out", "-", "--output-format", "zarr"},
           {"--output-format", "zarr"},
           {"--out", folder.file("D.zarr"), "--zstd", "99"}}) {
    std::vector<std::string> arguments = {"apsp", graph};
    arguments.insert(arguments.end(), tail.begin(), tail.end());
    const auto run = test_support::run_cli(arguments);
    EXPECT_TRUE(run.exited && run.code == 2) << run.describe();
    EXPECT_FALSE(std::filesystem::exists(folder.file("D.zarr"))) << run.describe();
  }
  // --output-format zarr decides for a name with neither ending.
  const auto named = test_support::run_cli({"apsp", graph, "--out", folder.file("table"), "--output-format", "zarr"});
  ASSERT_TRUE(named.exited && named.code == 0) << named.describe();
  EXPECT_TRUE(std::filesystem::exists(folder.file("table") + "/.zarray"));
}
