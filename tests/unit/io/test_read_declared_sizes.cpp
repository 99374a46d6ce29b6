// Tiny files that declare huge sizes: loading must stay fast and small, whether the file is
// refused or read. Memory is the growth of the process's peak resident size (getrusage), so
// these tests allocate nothing big themselves.
#include <sys/resource.h>

#include <chrono>
#include <functional>

#include "pathscope/io/load.hpp"
#include "pathscope/runtime/error.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using namespace readtest;

namespace {

std::int64_t peak_rss_bytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<std::int64_t>(usage.ru_maxrss) * 1024;  // Linux reports KiB
}

// Loads `text` saved as `name` and checks the cost; returns the error message, or "" when
// the file loaded.
std::string load_bounded(const std::string& name, const std::string& text, LoadOptions options = {}) {
  TempDir dir;
  write_text(dir.file(name), text);
  const std::int64_t rss_before = peak_rss_bytes();
  const auto start = std::chrono::steady_clock::now();
  std::string message;
  try {
    load_graph(dir.file(name), options);
  } catch (const Error& e) {
    message = e.what();
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 0.5) << name;
  EXPECT_LT(peak_rss_bytes() - rss_before, std::int64_t{200} << 20) << name;
  return message;
}

void expect_refused(const std::string& name, const std::string& text, const std::string& fragment) {
  const std::string message = load_bounded(name, text);
  EXPECT_NE(message.find(fragment), std::string::npos) << name << ": " << message;
}

}  // namespace

TEST(ReadDeclaredSizes, DimacsHeaderBeyondTheFileIsRefused) {
  expect_refused("huge.gr", "p sp 100000000 1\na 1 2 3\n", "declares 100000000 nodes, but the file has only 25 bytes");
  expect_refused("huge_arcs.gr", "p sp 100000000 1000000000\n", "declares 100000000 nodes");
}

TEST(ReadDeclaredSizes, IsolatedNodesWithinTheTrustedCountStillLoad) {
  TempDir dir;
  write_text(dir.file("isolated.gr"), "p sp 5000 1\na 1 2 3\n");
  const LoadedGraph loaded = load_graph(dir.file("isolated.gr"));
  EXPECT_EQ(loaded.graph.n, 5000);
  EXPECT_EQ(loaded.graph.heads.size(), 1u);
}

TEST(ReadDeclaredSizes, MetisHeaderBeyondTheFileIsRefused) {
  expect_refused("huge.graph", "100000000 1\n2\n1\n", "declares 100000000 nodes");
}

TEST(ReadDeclaredSizes, MatrixMarketSizeLineBeyondTheFileIsRefused) {
  expect_refused("huge.mtx", "%%MatrixMarket matrix coordinate real general\n100000000 100000000 1\n1 2 3\n",
                 "declares 100000000 nodes");
}

TEST(ReadDeclaredSizes, TsplibExplicitWeightsBeyondTheFileAreRefused) {
  expect_refused("huge.tsp",
                 "NAME: huge\nTYPE: TSP\nDIMENSION: 40000\nEDGE_WEIGHT_TYPE: EXPLICIT\n"
                 "EDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n0 1\nEOF\n",
                 "declares 1600000000 weights");
}

TEST(ReadDeclaredSizes, TsplibCoordinatesBeyondTheFileFailFast) {
  expect_refused("huge_coords.tsp",
                 "NAME: huge\nTYPE: TSP\nDIMENSION: 40000\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\nEOF\n",
                 "NODE_COORD_SECTION ended after 1 of 40000 nodes");
}

TEST(ReadDeclaredSizes, DenseAndJsonHaveNoDeclaredSizeToTrust) {
  // A dense matrix's size is the width of its first row, and node-link JSON lists its nodes:
  // a short file can only mean a small graph.
  LoadOptions dense;
  dense.format = "dense";
  const std::string wide = load_bounded("wide.txt", "0 1 2 3 4 5 6 7\n", dense);
  EXPECT_NE(wide.find("1 rows but 8 columns"), std::string::npos) << wide;
  const std::string message = load_bounded("small.json", R"({"nodes": [{"id": 100000000}], "links": []})");
  EXPECT_EQ(message, "");
}
