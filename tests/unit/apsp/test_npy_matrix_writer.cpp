// The .npy matrix written while it is computed (NpyMatrixWriter): rows handed over in any
// order, in blocks of any size, some twice, give the same file byte for byte as the matrix
// laid out by hand after the NumPy preamble, and the same checksum as the whole matrix; a
// cancel, an error or missing rows leave no file and no temporary behind.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <numeric>
#include <random>

#include "fresh_seed.hpp"
#include "pathscope/apsp/checksum.hpp"
#include "pathscope/apsp/npy_writer.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"
#include "random_graphs.hpp"

using namespace pathscope;
namespace fs = std::filesystem;

namespace {

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

fs::path fresh_dir() {
  const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
  auto d = fs::temp_directory_path() /
           ("pathscope-npy-" + std::to_string(::getpid()) + "-" + test->test_suite_name() + "-" + test->name());
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

std::vector<std::string> entries(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

const void* cells(const ApspResult& r) {
  switch (r.dist) {
    case DistType::Int32: return r.d32.data();
    case DistType::Int64: return r.d64.data();
    case DistType::Float32: return r.df.data();
    case DistType::Hop16: return r.d16.data();
  }
  return nullptr;
}

// The file as NumPy lays it out: the preamble, then the cells in C order, written here by
// hand from the result's memory.
std::string expected_file(const ApspResult& r) {
  const std::size_t bytes = std::size_t(r.n) * std::size_t(r.n) * dist_type_bytes(r.dist);
  return npy_preamble(npy_descr(r.dist), r.n, r.n) + std::string(static_cast<const char*>(cells(r)), bytes);
}

ApspResult computed(std::int32_t n, DistType dist, std::uint64_t seed) {
  pathscope::testing::GraphRecipe recipe;
  recipe.n = n;
  recipe.seed = seed;
  recipe.mean_degree = 3;
  recipe.components = n > 10 ? 3 : 1;  // unreachable cells too
  recipe.sink_share = 0.1;
  recipe.max_weight = dist == DistType::Hop16 ? 1 : 50;
  Graph g = pathscope::testing::make_graph(recipe);
  ApspOptions options;
  options.dist = dist == DistType::Hop16 ? DistType::Int32 : dist;  // no CPU engine computes hop16
  options.threads = 2;
  ApspResult r = make_apsp_engine("blocked")->run(g, options, JobContext());
  if (dist == DistType::Hop16) {
    for (const std::int32_t v : r.d32)
      r.d16.push_back(v == kUnreachableI32 ? kUnreachableU16 : static_cast<std::uint16_t>(v));
    r.d32.clear();
    r.dist = DistType::Hop16;
  }
  return r;
}

// Rows of r handed to the writer in shuffled blocks of random sizes; with `again`, a few
// blocks are first given with wrong cells and then again with the right ones.
void put_shuffled(const ApspResult& r, MatrixSink& sink, std::mt19937_64& rng, bool again = true) {
  const std::size_t row_bytes = sink.row_bytes();
  std::vector<std::pair<std::int64_t, std::int64_t>> blocks;
  for (std::int64_t row0 = 0; row0 < r.n;) {
    const std::int64_t rows = std::min<std::int64_t>(r.n - row0, 1 + std::int64_t(rng() % 37));
    blocks.emplace_back(row0, rows);
    row0 += rows;
  }
  std::shuffle(blocks.begin(), blocks.end(), rng);
  const char* base = static_cast<const char*>(cells(r));
  for (const auto& [row0, rows] : blocks) {
    if (again && rng() % 4 == 0) {
      const std::string junk(std::size_t(rows) * row_bytes, '\x5A');
      sink.put_rows(row0, rows, junk.data());
    }
    sink.put_rows(row0, rows, base + std::size_t(row0) * row_bytes);
  }
}

const DistType kTypes[] = {DistType::Int32, DistType::Int64, DistType::Float32, DistType::Hop16};

}  // namespace

TEST(NpyMatrixWriter, RowsInAnyOrderGiveTheSameFileAndChecksum) {
  const std::uint64_t seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  const fs::path dir = fresh_dir();
  for (const std::int32_t n : {1, 2, 7, 63, 130, 517}) {
    for (const DistType dist : kTypes) {
      SCOPED_TRACE("n=" + std::to_string(n) + " " + dist_type_name(dist));
      const ApspResult r = computed(n, dist, seed + std::uint64_t(n));
      const std::string want = expected_file(r);
      const fs::path whole = dir / "whole.npy", shuffled = dir / "shuffled.npy";
      write_npy(whole.string(), r);
      EXPECT_EQ(read_all(whole), want);
      NpyMatrixWriter writer(shuffled.string(), n, dist);
      put_shuffled(r, writer, rng);
      writer.commit();
      EXPECT_EQ(read_all(shuffled), want);
      EXPECT_EQ(writer.checksum(), matrix_checksum(r));
      EXPECT_EQ(entries(dir), (std::vector<std::string>{"shuffled.npy", "whole.npy"}));
    }
  }
  fs::remove_all(dir);
}

TEST(NpyMatrixWriter, ChecksumSeesEveryCellAndOnlyTheDistances) {
  const std::uint64_t seed = test_support::fresh_seed();
  const ApspResult r = computed(97, DistType::Int32, seed);
  ApspResult wide = r;
  wide.dist = DistType::Int64;
  wide.d32.clear();
  for (const std::int32_t v : r.d32) wide.d64.push_back(v == kUnreachableI32 ? kUnreachableI64 : v);
  EXPECT_EQ(matrix_checksum(r), matrix_checksum(wide));
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < 20; ++trial) {
    ApspResult changed = r;
    const std::size_t cell = rng() % changed.d32.size();
    changed.d32[cell] = changed.d32[cell] == 0 ? 1 : 0;
    EXPECT_NE(matrix_checksum(changed), matrix_checksum(r)) << "cell " << cell;
  }
  // Two rows swapped: same cells, other places.
  ApspResult swapped = r;
  std::swap_ranges(swapped.d32.begin(), swapped.d32.begin() + 97, swapped.d32.begin() + 97);
  if (swapped.d32 != r.d32) EXPECT_NE(matrix_checksum(swapped), matrix_checksum(r));
}

TEST(NpyMatrixWriter, PwriteModeWritesTheSameFile) {
  const std::uint64_t seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  const fs::path dir = fresh_dir();
  ::setenv("PATHSCOPE_NPY_WRITE", "pwrite", 1);
  for (const DistType dist : kTypes) {
    const ApspResult r = computed(301, dist, seed);
    NpyMatrixWriter writer((dir / "p.npy").string(), r.n, dist);
    put_shuffled(r, writer, rng);
    writer.commit();
    EXPECT_EQ(read_all(dir / "p.npy"), expected_file(r)) << dist_type_name(dist);
    EXPECT_EQ(writer.checksum(), matrix_checksum(r));
  }
  ::unsetenv("PATHSCOPE_NPY_WRITE");
  EXPECT_EQ(entries(dir), (std::vector<std::string>{"p.npy"}));
  fs::remove_all(dir);
}

TEST(NpyMatrixWriter, DeviceTargetGetsRowsInOrder) {
  const std::uint64_t seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  const ApspResult r = computed(211, DistType::Hop16, seed);
  NpyMatrixWriter writer("/dev/null", r.n, r.dist);
  put_shuffled(r, writer, rng, false);  // blocks that come early wait for their turn
  writer.commit();
  EXPECT_EQ(writer.checksum(), matrix_checksum(r));
}

TEST(NpyMatrixWriter, CancelLeavesNothingBehind) {
  const std::uint64_t seed = test_support::fresh_seed();
  const fs::path dir = fresh_dir();
  const ApspResult r = computed(150, DistType::Int32, seed);
  std::atomic<bool> cancel{false};
  cancel_writes_on(&cancel);
  {
    NpyMatrixWriter writer((dir / "c.npy").string(), r.n, r.dist);
    writer.put_rows(0, 40, r.d32.data());
    EXPECT_EQ(entries(dir).size(), 1u);  // the temporary, at full size
    cancel = true;
    EXPECT_THROW(writer.put_rows(40, 40, r.d32.data() + 40 * 150), Cancelled);
  }
  EXPECT_TRUE(entries(dir).empty());
  {
    cancel = false;
    NpyMatrixWriter writer((dir / "c.npy").string(), r.n, r.dist);
    put_result_rows(r, writer);
    cancel = true;  // after the last row, before the rename: nothing new appears
    EXPECT_THROW(writer.commit(), Cancelled);
  }
  EXPECT_TRUE(entries(dir).empty());
  cancel_writes_on(nullptr);
  fs::remove_all(dir);
}

TEST(NpyMatrixWriter, ErrorsLeaveNothingBehind) {
  const std::uint64_t seed = test_support::fresh_seed();
  const fs::path dir = fresh_dir();
  const ApspResult r = computed(90, DistType::Float32, seed);
  {
    NpyMatrixWriter writer((dir / "m.npy").string(), r.n, r.dist);
    writer.put_rows(0, 89, r.df.data());
    EXPECT_THROW(writer.commit(), Error);  // the last row never came
    EXPECT_THROW(writer.put_rows(85, 10, r.df.data()), Error);  // past the last row
  }
  EXPECT_TRUE(entries(dir).empty());
  // A result of another size or type than the output was made for.
  {
    NpyMatrixWriter writer((dir / "m.npy").string(), r.n + 1, r.dist);
    EXPECT_THROW(put_result_rows(r, writer), Error);
  }
  EXPECT_TRUE(entries(dir).empty());
  EXPECT_THROW(NpyMatrixWriter((dir / "no-such-folder" / "m.npy").string(), 4, DistType::Int32), Error);
  EXPECT_THROW(NpyMatrixWriter(dir.string(), 4, DistType::Int32), Error);  // a folder
  // A device that takes nothing: the failure is an error at the latest when committing.
  EXPECT_THROW(
      {
        NpyMatrixWriter writer("/dev/full", r.n, r.dist);
        put_result_rows(r, writer);
        writer.commit();
      },
      Error);
  EXPECT_TRUE(entries(dir).empty());
  fs::remove_all(dir);
}
