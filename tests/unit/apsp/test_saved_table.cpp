// A saved all-pairs table answers only for the graph it was computed on: NpyMatrixWriter puts
// the graph's fingerprint beside the table ("D.npy.fingerprint"), and SavedTable refuses the
// table for a graph of the same node count that differs in one cost, one arc, one node id or
// one self-loop. A table without a fingerprint (older versions, other programs) is still
// opened, with a warning; a damaged fingerprint file is refused naming its line; a header
// whose size product wraps around 64 bits is refused. Distances are checked against
// Bellman-Ford in double (random_graphs.hpp).
#include <fcntl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "fresh_seed.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/matrix_sink.hpp"
#include "pathscope/apsp/npy_writer.hpp"
#include "pathscope/apsp/saved_table.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/runtime/error.hpp"
#include "random_graphs.hpp"
#include "reader_checks.hpp"

using namespace pathscope;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

void save_table(const Graph& g, const std::string& file) {
  ApspOptions options;
  options.dist = DistType::Int32;
  const ApspResult result = make_apsp_engine("textbook")->run(g, options, {});
  NpyMatrixWriter writer(file, g, DistType::Int32);
  put_result_rows(result, writer);
  writer.commit();
}

// g rebuilt arc by arc (self-loops kept), with `change` applied to each (tail, head, cost) first.
template <typename Change>
Graph rebuilt(const Graph& g, Change change) {
  GraphBuilder b(g.n);
  for (std::int32_t u = 0; u < g.n; ++u)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      std::int32_t head = g.heads[a];
      double cost = g.weights[a];
      change(u, a, head, cost);
      b.add_arc(u, head, cost);
    }
  for (const auto& loop : g.self_loops) b.add_arc(loop.node, loop.node, loop.weight);
  LoadReport report;
  Graph out = b.build(true, report);
  out.ids = g.ids;
  return out;
}

Graph random_graph(std::uint64_t seed) {
  pathscope::testing::GraphRecipe recipe;
  recipe.n = 20 + static_cast<std::int32_t>(seed % 30);
  recipe.seed = seed;
  recipe.mean_degree = 3;
  return pathscope::testing::make_graph(recipe);
}

}  // namespace

TEST(SavedTable, AnsweredForItsOwnGraphAndRefusedForAnyOtherOfTheSameSize) {
  const std::uint64_t seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  readtest::TempDir dir;
  const Graph g = random_graph(seed);
  ASSERT_GT(g.arc_count(), 0);
  const std::string file = dir.file("D.npy");
  save_table(g, file);
  ASSERT_TRUE(std::filesystem::exists(file + ".fingerprint"));
  const SavedTable table(file);
  EXPECT_TRUE(table.has_fingerprint());
  EXPECT_NO_THROW(table.check_matches(g, "g.gr"));
  EXPECT_EQ(table.unchecked_warning("g.gr"), "");
  for (std::int32_t s = 0; s < g.n; ++s) {
    const auto want = pathscope::testing::reference_distances(g, s);
    for (std::int32_t t = 0; t < g.n; ++t) ASSERT_EQ(table.cell(s, t), want[t]) << s << " -> " << t;
  }

  // The same graph built again is the same graph.
  EXPECT_NO_THROW(table.check_matches(rebuilt(g, [](auto, auto, auto&, auto&) {}), "again.gr"));

  const std::int64_t chosen = static_cast<std::int64_t>(rng.below(static_cast<std::uint32_t>(g.arc_count())));
  std::vector<std::pair<std::string, Graph>> others;
  others.emplace_back("one cost + 1", rebuilt(g, [&](auto, std::int64_t a, auto&, double& cost) {
                        if (a == chosen) cost += 1;
                      }));
  others.emplace_back("one arc moved", rebuilt(g, [&](std::int32_t u, std::int64_t a, std::int32_t& head, auto&) {
                        if (a == chosen) head = (head + 1) % g.n == u ? (head + 2) % g.n : (head + 1) % g.n;
                      }));
  Graph renamed = g;
  renamed.ids.resize(static_cast<std::size_t>(g.n));
  for (std::int32_t u = 0; u < g.n; ++u) renamed.ids[u] = u + 1;  // the same arcs under 1-based ids
  others.emplace_back("other ids", std::move(renamed));
  Graph looped = g;
  looped.self_loops.clear();  // no loops where g has some, one where it has none
  if (g.self_loops.empty()) looped.self_loops.push_back({static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(g.n))), 5});
  others.emplace_back("a self-loop", std::move(looped));
  for (const auto& [what, other] : others) {
    ASSERT_EQ(other.n, g.n);
    try {
      table.check_matches(other, "other.gr");
      ADD_FAILURE() << what << ": accepted (seed " << seed << ")";
    } catch (const Error& e) {
      EXPECT_TRUE(contains(e.what(), file)) << e.what();
      EXPECT_TRUE(contains(e.what(), "another graph than other.gr")) << e.what();
    }
  }
}

// Tables written before fingerprints existed keep working, with a warning saying what could
// not be checked; only their node count is compared.
TEST(SavedTable, ATableWithoutFingerprintIsOpenedWithAWarning) {
  const std::uint64_t seed = test_support::fresh_seed();
  readtest::TempDir dir;
  const Graph g = random_graph(seed);
  const std::string file = dir.file("old.npy");
  save_table(g, file);
  std::filesystem::remove(file + ".fingerprint");
  const SavedTable table(file);
  EXPECT_FALSE(table.has_fingerprint());
  const Graph other = rebuilt(g, [](auto, auto, auto&, double& cost) { cost += 1; });
  EXPECT_NO_THROW(table.check_matches(other, "other.gr"));
  const std::string warning = table.unchecked_warning("other.gr");
  EXPECT_TRUE(contains(warning, file + ".fingerprint")) << warning;
  EXPECT_TRUE(contains(warning, "other.gr")) << warning;
  EXPECT_THROW(table.check_matches(make_empty_graph(g.n + 1), "bigger.gr"), Error);
}

TEST(SavedTable, ADamagedOrForeignFingerprintIsRefusedNamingItsLine) {
  const std::uint64_t seed = test_support::fresh_seed();
  readtest::TempDir dir;
  const Graph g = random_graph(seed);
  const std::string file = dir.file("D.npy");
  save_table(g, file);
  const std::string fingerprint = file + ".fingerprint";
  std::ifstream in(fingerprint);
  std::string first, nodes, dist, graph;
  std::getline(in, first);
  std::getline(in, nodes);
  std::getline(in, dist);
  std::getline(in, graph);
  in.close();
  const auto refused = [&](const std::string& text, const std::string& expected) {
    std::ofstream(fingerprint, std::ios::trunc) << text;
    try {
      SavedTable table(file);
      ADD_FAILURE() << "accepted:\n" << text;
    } catch (const Error& e) {
      EXPECT_TRUE(contains(e.what(), expected)) << e.what();
    }
  };
  refused(first + "\n" + nodes + "\n" + dist + "\ngraph sha256 xyz\n", fingerprint + ":4:");
  refused(first + "\n" + nodes + "\nwhat \x01\n", fingerprint + ":3:");
  refused("not a fingerprint\n", fingerprint + ":1:");
  refused(first + "\n" + nodes + "\n", fingerprint + ":2:");
  refused(first + "\n" + nodes + "\ndist float\n" + graph + "\n", "do not belong together");
  refused(first + "\nnodes " + std::to_string(g.n + 1) + "\n" + dist + "\n" + graph + "\n", "do not belong together");
  refused(std::string(5000, 'x'), fingerprint + ":0:");
  std::ofstream(fingerprint, std::ios::trunc) << first << "\n" << nodes << "\n" << dist << "\n" << graph << "\n";
  EXPECT_NO_THROW(SavedTable table(file));
}

// A run that stops before commit leaves neither the table nor its fingerprint.
TEST(SavedTable, AnUncommittedTableLeavesNoFingerprint) {
  readtest::TempDir dir;
  const Graph g = random_graph(test_support::fresh_seed());
  const std::string file = dir.file("D.npy");
  { NpyMatrixWriter writer(file, g, DistType::Int32); }
  EXPECT_FALSE(std::filesystem::exists(file));
  EXPECT_FALSE(std::filesystem::exists(file + ".fingerprint"));
}

// n = 1,518,500,250 int64 cells: n * n * 8 is 290,948,384 modulo 2^64. A (sparse) file of
// exactly that many bytes after the header must not pass for that table.
TEST(SavedTable, AHeaderWhoseSizeWrapsAroundSixtyFourBitsIsRefused) {
  readtest::TempDir dir;
  const std::string file = dir.file("wrap.npy");
  const std::int64_t n = 1'518'500'250;
  const std::string header = npy_preamble("<i8", n, n);
  {
    std::ofstream out(file, std::ios::binary);
    out << header;
  }
  const int fd = ::open(file.c_str(), O_WRONLY);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::ftruncate(fd, static_cast<off_t>(header.size() + 290'948'384)), 0);
  ::close(fd);
  try {
    SavedTable table(file);
    ADD_FAILURE() << "a " << n << " x " << n << " table accepted from a file of " << header.size() + 290'948'384
                  << " bytes";
  } catch (const Error& e) {
    EXPECT_TRUE(contains(e.what(), file)) << e.what();
  }
}
