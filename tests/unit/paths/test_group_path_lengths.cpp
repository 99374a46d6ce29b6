// Saved all-pairs tables read back in place, and type-to-type path lengths from a table and
// by breadth-first search, against brute force: a BFS (or Bellman-Ford) per pair of members.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>

#include "fresh_seed.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/npy_writer.hpp"
#include "pathscope/apsp/saved_table.hpp"
#include "pathscope/paths/group_path_lengths.hpp"
#include "pathscope/runtime/error.hpp"
#include "random_graphs.hpp"
#include "reader_checks.hpp"

using namespace pathscope;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Hop counts from s by a plain queue over an adjacency list, independent of the core.
std::vector<double> reference_hops(const Graph& g, std::int32_t s) {
  std::vector<double> hops(g.n, kInf);
  std::vector<std::int32_t> queue{s};
  hops[s] = 0;
  for (std::size_t i = 0; i < queue.size(); ++i)
    for (std::int64_t a = g.offsets[queue[i]]; a < g.offsets[queue[i] + 1]; ++a)
      if (hops[g.heads[a]] == kInf) {
        hops[g.heads[a]] = hops[queue[i]] + 1;
        queue.push_back(g.heads[a]);
      }
  return hops;
}

// Random groups of random sizes (some empty, some sharing nodes with other groups).
std::vector<NodeGroup> random_groups(SplitMix64& rng, std::int32_t n, int count, const char* prefix) {
  std::vector<NodeGroup> groups(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    groups[i].name = prefix + std::to_string(i);
    const auto size = rng.below(6);
    for (std::uint32_t k = 0; k < size; ++k)
      groups[i].nodes.push_back(static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(n))));
    std::sort(groups[i].nodes.begin(), groups[i].nodes.end());
    groups[i].nodes.erase(std::unique(groups[i].nodes.begin(), groups[i].nodes.end()), groups[i].nodes.end());
  }
  return groups;
}

// The brute-force answer for one cell from a full distance matrix.
GroupPairLengths reference_cell(const std::vector<std::vector<double>>& d, const NodeGroup& from, const NodeGroup& to) {
  GroupPairLengths cell;
  std::vector<double> values;
  for (const auto u : from.nodes)
    for (const auto v : to.nodes) {
      if (u == v) continue;
      ++cell.pairs;
      if (d[u][v] != kInf) values.push_back(d[u][v]);
    }
  cell.reachable = static_cast<std::int64_t>(values.size());
  cell.min = cell.median = kInf;
  if (values.empty()) return cell;
  std::sort(values.begin(), values.end());
  cell.min = values.front();
  const std::size_t m = values.size();
  cell.median = m % 2 ? values[m / 2] : (values[m / 2 - 1] + values[m / 2]) / 2;
  return cell;
}

void expect_matrix(const GroupPathLengths& got, const std::vector<std::vector<double>>& d,
                   const std::vector<NodeGroup>& from, const std::vector<NodeGroup>& to) {
  ASSERT_EQ(got.cells.size(), from.size() * to.size());
  for (std::size_t s = 0; s < from.size(); ++s)
    for (std::size_t t = 0; t < to.size(); ++t) {
      const auto want = reference_cell(d, from[s], to[t]);
      const auto& cell = got.at(s, t);
      EXPECT_EQ(cell.pairs, want.pairs) << from[s].name << " -> " << to[t].name;
      EXPECT_EQ(cell.reachable, want.reachable) << from[s].name << " -> " << to[t].name;
      EXPECT_EQ(cell.min, want.min) << from[s].name << " -> " << to[t].name;
      EXPECT_EQ(cell.median, want.median) << from[s].name << " -> " << to[t].name;
    }
}

// The CPU engines compute no hop16 (only the GPU does): a hop graph's int32 result, narrowed.
ApspResult all_pairs(const Graph& g, DistType type) {
  ApspOptions options;
  options.dist = type == DistType::Hop16 ? DistType::Int32 : type;
  ApspResult result = make_apsp_engine("textbook")->run(g, options, {});
  if (type != DistType::Hop16) return result;
  result.dist = DistType::Hop16;
  for (const auto d : result.d32) result.d16.push_back(d == kUnreachableI32 ? kUnreachableU16 : static_cast<std::uint16_t>(d));
  result.d32.clear();
  return result;
}

}  // namespace

TEST(SavedTable, CellsAndRowsEqualTheComputedDistancesInEveryType) {
  const std::uint64_t seed = test_support::fresh_seed();
  readtest::TempDir dir;
  for (const DistType type : {DistType::Hop16, DistType::Int32, DistType::Int64, DistType::Float32}) {
    pathscope::testing::GraphRecipe recipe;
    recipe.n = 37 + static_cast<std::int32_t>(seed % 23);
    recipe.seed = seed + static_cast<std::uint64_t>(type);
    recipe.mean_degree = 2;
    recipe.components = 2;
    recipe.max_weight = type == DistType::Hop16 ? 1 : 50;
    Graph g = pathscope::testing::make_graph(recipe);
    const ApspResult result = all_pairs(g, type);
    const std::string path = dir.file(std::string(dist_type_name(type)) + ".npy");
    write_npy(path, result);
    const SavedTable table(path);
    EXPECT_EQ(table.n(), g.n);
    EXPECT_EQ(table.type(), type);
    table.check_matches(g, "graph");
    std::vector<double> row;
    for (std::int32_t u = 0; u < g.n; ++u) {
      const auto hops = reference_hops(g, u);
      table.row(u, row);
      for (std::int32_t v = 0; v < g.n; ++v) {
        EXPECT_EQ(row[v], result.distance(u, v));
        EXPECT_EQ(table.cell(u, v), result.distance(u, v));
        EXPECT_EQ(row[v] == kInf, hops[v] == kInf);  // unreachable read back as unreachable
      }
    }
    Graph other = make_empty_graph(g.n + 1);
    EXPECT_THROW(table.check_matches(other, "other"), Error);
  }
}

TEST(SavedTable, RefusesFilesThatAreNotSquareDistanceTables) {
  readtest::TempDir dir;
  const auto write = [&](const std::string& name, const std::string& bytes) {
    readtest::write_text(dir.file(name), bytes);
    return dir.file(name);
  };
  const std::string good = npy_preamble("<i4", 2, 2) + std::string(16, '\0');
  EXPECT_NO_THROW(SavedTable(write("good.npy", good)));
  const auto refused = [&](const std::string& name, const std::string& bytes, const std::string& words) {
    try {
      SavedTable table(write(name, bytes));
      ADD_FAILURE() << name << " was accepted";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << e.what();
    }
  };
  refused("short.npy", good.substr(0, good.size() - 1), "cut short");
  refused("long.npy", good + "x", "bytes after it");
  refused("magic.npy", "PK\x03\x04 not numpy at all", "magic");
  refused("bool.npy", npy_preamble("|b1", 2, 2) + std::string(4, '\0'), "not all-pairs distances");
  refused("big-endian.npy", npy_preamble(">i4", 2, 2) + std::string(16, '\0'), "not all-pairs distances");
  refused("oblong.npy", npy_preamble("<i4", 2, 3) + std::string(24, '\0'), "square");
  refused("header.npy", std::string("\x93NUMPY\x01\x00\xff\xff", 10) + "{", "header");
  refused("empty.npy", "", "magic");
  EXPECT_THROW(SavedTable(dir.file("missing.npy")), Error);
}

TEST(GroupPathLengths, TableAndSearchesAgreeWithBruteForce) {
  const std::uint64_t seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  readtest::TempDir dir;
  for (int round = 0; round < 6; ++round) {
    pathscope::testing::GraphRecipe recipe;
    recipe.n = 20 + static_cast<std::int32_t>(rng.below(60));
    recipe.seed = rng.next();
    recipe.mean_degree = 1 + rng.below(3);
    recipe.components = 1 + static_cast<std::int32_t>(rng.below(2));
    recipe.sink_share = 0.1;
    const bool hops = round % 2 == 0;
    recipe.max_weight = hops ? 1 : 20;
    const Graph g = pathscope::testing::make_graph(recipe);
    const auto from = random_groups(rng, g.n, 1 + static_cast<int>(rng.below(7)), "S");
    const auto to = random_groups(rng, g.n, 1 + static_cast<int>(rng.below(7)), "T");
    std::vector<std::vector<double>> hop_matrix, cost_matrix;
    for (std::int32_t u = 0; u < g.n; ++u) {
      hop_matrix.push_back(reference_hops(g, u));
      cost_matrix.push_back(pathscope::testing::reference_distances(g, u));
    }
    EngineResources resources;
    resources.threads = 1 + static_cast<int>(rng.below(4));
    expect_matrix(group_path_lengths(g, from, to, resources), hop_matrix, from, to);

    const std::string path = dir.file("round" + std::to_string(round) + ".npy");
    write_npy(path, all_pairs(g, hops ? DistType::Hop16 : DistType::Int32));
    const SavedTable table(path);
    const auto from_table = group_path_lengths(table, from, to, resources);
    EXPECT_EQ(from_table.unit, hops ? "hops" : "cost");
    expect_matrix(from_table, hops ? hop_matrix : cost_matrix, from, to);
  }
}
