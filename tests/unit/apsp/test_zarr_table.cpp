// Zarr tables (zarr_table.hpp, zarr_matrix_writer.hpp) read back through SavedTable: random
// matrices of every distance type and awkward sizes (n = 1, n below one chunk, n not a multiple
// of the chunk), chunks written in random order by several threads at once, or rows given to
// the sink in random blocks; every cell and row must equal the matrix written (the reference),
// and the sink's checksum the .npy writer's. Damaged folders are refused naming the folder and
// the chunk.
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <thread>
#include <vector>

#include "fresh_seed.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/npy_writer.hpp"
#include "pathscope/apsp/saved_table.hpp"
#include "pathscope/apsp/zarr_matrix_writer.hpp"
#include "pathscope/apsp/zarr_table.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/runtime/error.hpp"
#include "random_graphs.hpp"
#include "reader_checks.hpp"

using namespace pathscope;

namespace {

constexpr DistType kTypes[] = {DistType::Hop16, DistType::Int32, DistType::Int64, DistType::Float32};

// n x n raw cells of `dist`, about one in five unreachable.
std::vector<unsigned char> random_matrix(std::int64_t n, DistType dist, SplitMix64& rng) {
  const std::size_t bytes = dist_type_bytes(dist);
  std::vector<unsigned char> cells(static_cast<std::size_t>(n * n) * bytes);
  for (std::size_t k = 0; k < static_cast<std::size_t>(n * n); ++k) {
    const bool unreachable = rng.below(5) == 0;
    const std::uint32_t x = rng.below(60000);
    unsigned char* at = cells.data() + k * bytes;
    switch (dist) {
      case DistType::Hop16: {
        const std::uint16_t v = unreachable ? kUnreachableU16 : static_cast<std::uint16_t>(x);
        std::memcpy(at, &v, 2);
        break;
      }
      case DistType::Int32: {
        const std::int32_t v = unreachable ? kUnreachableI32 : static_cast<std::int32_t>(x) - 30000;
        std::memcpy(at, &v, 4);
        break;
      }
      case DistType::Int64: {
        const std::int64_t v = unreachable ? kUnreachableI64 : (std::int64_t{1} << 40) + x;
        std::memcpy(at, &v, 8);
        break;
      }
      case DistType::Float32: {
        const float v = unreachable ? kUnreachableF32 : static_cast<float>(x) / 7.0f;
        std::memcpy(at, &v, 4);
        break;
      }
    }
  }
  return cells;
}

void expect_same_table(const SavedTable& table, const std::vector<unsigned char>& cells, std::int64_t n, DistType dist) {
  ASSERT_EQ(table.n(), n);
  ASSERT_EQ(table.type(), dist);
  const std::size_t row_bytes = static_cast<std::size_t>(n) * dist_type_bytes(dist);
  for (std::int64_t u = 0; u < n; ++u) {
    const unsigned char* want = cells.data() + static_cast<std::size_t>(u) * row_bytes;
    ASSERT_EQ(std::memcmp(table.row_data(u), want, row_bytes), 0) << "row " << u;
    for (std::int64_t v = 0; v < n; v += 1 + n / 7) {
      EXPECT_EQ(table.cell(u, v), saved_cell_value(dist, want, v)) << u << "," << v;
      unsigned char raw[8];
      table.copy_cell(u, v, raw);
      EXPECT_EQ(std::memcmp(raw, want + static_cast<std::size_t>(v) * dist_type_bytes(dist), dist_type_bytes(dist)), 0);
    }
  }
}

// Every chunk of the layout written by `writers` threads, each taking chunks from a shuffled list.
void write_chunks_at_once(const std::string& folder, const ZarrTableLayout& layout, const std::vector<unsigned char>& cells,
                          int writers, SplitMix64& rng) {
  const std::int64_t grid = layout.chunks_per_side();
  std::vector<std::pair<std::int64_t, std::int64_t>> order;
  for (std::int64_t i = 0; i < grid; ++i)
    for (std::int64_t j = 0; j < grid; ++j) order.emplace_back(i, j);
  for (std::size_t k = order.size(); k > 1; --k) std::swap(order[k - 1], order[rng.below(static_cast<std::uint32_t>(k))]);
  const std::size_t value = dist_type_bytes(layout.dist), row_bytes = static_cast<std::size_t>(layout.n) * value;
  std::vector<std::thread> threads;
  for (int w = 0; w < writers; ++w)
    threads.emplace_back([&, w] {
      for (std::size_t k = static_cast<std::size_t>(w); k < order.size(); k += static_cast<std::size_t>(writers)) {
        const auto [i, j] = order[k];
        const std::size_t at = static_cast<std::size_t>(i * layout.chunk) * row_bytes + static_cast<std::size_t>(j * layout.chunk) * value;
        write_zarr_chunk(folder, layout, i, j, cells.data() + at, row_bytes);
      }
    });
  for (auto& t : threads) t.join();
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

void overwrite(const std::string& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out << text;
}

// A finished 2-chunk-a-side int32 table of n = 5 nodes (chunk side 3), plain or zstd.
std::string small_table(const readtest::TempDir& dir, const std::string& name, int zstd, std::vector<unsigned char>* cells = nullptr) {
  SplitMix64 rng(7);
  const auto layout = zarr_matrix_layout(5, DistType::Int32, 3, zstd);
  const auto matrix = random_matrix(5, DistType::Int32, rng);
  const std::string folder = dir.file(name);
  begin_zarr_table(folder, layout);
  write_chunks_at_once(folder, layout, matrix, 1, rng);
  finish_zarr_table(folder, layout);
  if (cells) *cells = matrix;
  return folder;
}

}  // namespace

TEST(ZarrTable, ChunksWrittenByThreadsInRandomOrderReadBackAsWritten) {
  const std::uint64_t seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  readtest::TempDir dir;
  int made = 0;
  for (const DistType dist : kTypes) {
    // n = 1; n below one chunk; n not a multiple of the chunk; a random one.
    const std::int64_t chunk = 2 + rng.below(9);
    const std::int64_t sizes[] = {1, chunk - 1, chunk * (2 + rng.below(3)) + 1 + rng.below(static_cast<std::uint32_t>(chunk - 1)),
                                  1 + rng.below(70)};
    for (const std::int64_t n : sizes) {
      const int zstd = rng.below(2) ? 1 + static_cast<int>(rng.below(5)) : 0;
      const auto layout = zarr_matrix_layout(n, dist, chunk, zstd);
      ASSERT_LE(layout.chunk, std::max<std::int64_t>(n, 1));
      const auto cells = random_matrix(n, dist, rng);
      const std::string folder = dir.file("t" + std::to_string(made++) + ".zarr");
      begin_zarr_table(folder, layout);
      write_chunks_at_once(folder, layout, cells, 1 + static_cast<int>(rng.below(4)), rng);
      finish_zarr_table(folder, layout);
      SCOPED_TRACE(std::string(dist_type_name(dist)) + " n=" + std::to_string(n) + " chunk=" + std::to_string(layout.chunk) +
                   " zstd=" + std::to_string(zstd));
      expect_same_table(SavedTable(folder), cells, n, dist);
    }
  }
}

// As the ranks of a several-GPU run will: one process begins and finishes, several processes
// write disjoint sets of chunks at the same time (each its temporaries under its own pid).
TEST(ZarrTable, ChunksWrittenBySeveralProcessesAtOnce) {
  const std::uint64_t seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  readtest::TempDir dir;
  const DistType dist = kTypes[rng.below(4)];
  const std::int64_t n = 20 + rng.below(60);
  const auto layout = zarr_matrix_layout(n, dist, 3 + rng.below(12), static_cast<int>(rng.below(2)) * 2);
  const auto cells = random_matrix(n, dist, rng);
  const std::string folder = dir.file("ranks.zarr");
  begin_zarr_table(folder, layout);
  const int ranks = 2 + static_cast<int>(rng.below(3));
  const std::int64_t grid = layout.chunks_per_side();
  const std::size_t value = dist_type_bytes(dist), row_bytes = static_cast<std::size_t>(n) * value;
  std::vector<pid_t> children;
  for (int rank = 0; rank < ranks; ++rank) {
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      int code = 0;
      try {
        for (std::int64_t k = rank; k < grid * grid; k += ranks) {
          const std::int64_t i = k / grid, j = k % grid;
          write_zarr_chunk(folder, layout, i, j,
                           cells.data() + static_cast<std::size_t>(i * layout.chunk) * row_bytes + static_cast<std::size_t>(j * layout.chunk) * value,
                           row_bytes);
        }
      } catch (...) {
        code = 1;
      }
      ::_exit(code);
    }
    children.push_back(pid);
  }
  for (const pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  finish_zarr_table(folder, layout);
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos) << entry.path();
  expect_same_table(SavedTable(folder), cells, n, dist);
}

TEST(ZarrTable, SinkTakesRowBlocksInAnyOrderAndHashesAsTheNpyWriter) {
  const std::uint64_t seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  readtest::TempDir dir;
  for (const DistType dist : kTypes) {
    const std::int64_t n = 1 + rng.below(90), chunk = 1 + rng.below(40);
    const auto cells = random_matrix(n, dist, rng);
    const std::size_t row_bytes = static_cast<std::size_t>(n) * dist_type_bytes(dist);
    // Row blocks of random heights, given in a shuffled order; some given twice.
    std::vector<std::pair<std::int64_t, std::int64_t>> blocks;
    for (std::int64_t r = 0; r < n;) {
      const std::int64_t rows = std::min<std::int64_t>(n - r, 1 + rng.below(13));
      blocks.emplace_back(r, rows);
      r += rows;
    }
    for (std::size_t k = blocks.size(); k > 1; --k) std::swap(blocks[k - 1], blocks[rng.below(static_cast<std::uint32_t>(k))]);
    const std::string folder = dir.file(std::string(dist_type_name(dist)) + ".zarr");
    ZarrMatrixWriter zarr(folder, zarr_matrix_layout(n, dist, chunk, static_cast<int>(rng.below(3))));
    NpyMatrixWriter npy(dir.file(std::string(dist_type_name(dist)) + ".npy"), static_cast<std::int32_t>(n), dist);
    for (const auto& [row0, rows] : blocks) {
      zarr.put_rows(row0, rows, cells.data() + static_cast<std::size_t>(row0) * row_bytes);
      npy.put_rows(row0, rows, cells.data() + static_cast<std::size_t>(row0) * row_bytes);
    }
    EXPECT_FALSE(std::filesystem::exists(folder + "/.zarray")) << "metadata before commit";
    zarr.commit();
    npy.commit();
    EXPECT_EQ(zarr.checksum(), npy.checksum());
    SCOPED_TRACE(std::string(dist_type_name(dist)) + " n=" + std::to_string(n) + " chunk=" + std::to_string(chunk));
    expect_same_table(SavedTable(folder), cells, n, dist);
    const SavedTable from_npy(dir.file(std::string(dist_type_name(dist)) + ".npy"));
    for (std::int64_t u = 0; u < n; ++u) ASSERT_EQ(std::memcmp(from_npy.row_data(u), SavedTable(folder).row_data(u), row_bytes), 0);
  }
}

// The ranks of a job each fill their share of one table (rank 0 first, as it begins the
// table); a row outside a share is refused; the table is whole only after rank 0 finishes it,
// and then reads back as written.
TEST(ZarrTable, SharesOfSeveralRanksMakeOneTable) {
  const std::uint64_t seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  readtest::TempDir dir;
  for (const DistType dist : kTypes) {
    const std::int64_t n = 1 + rng.below(120), chunk = 1 + rng.below(30);
    const int ranks = 2 + static_cast<int>(rng.below(4));
    SCOPED_TRACE(std::string(dist_type_name(dist)) + " n=" + std::to_string(n) + " chunk=" + std::to_string(chunk) +
                 " ranks=" + std::to_string(ranks) + " seed=" + std::to_string(seed));
    const auto cells = random_matrix(n, dist, rng);
    const std::size_t row_bytes = static_cast<std::size_t>(n) * dist_type_bytes(dist);
    const std::string folder = dir.file(std::string(dist_type_name(dist)) + "-shared.zarr");
    const auto layout = zarr_matrix_layout(n, dist, chunk, static_cast<int>(rng.below(3)));
    std::int64_t rows_given = 0;
    for (int rank = 0; rank < ranks; ++rank) {
      const RowShare share{rank, ranks, layout.chunk};
      ZarrMatrixWriter writer(folder, layout, share);
      EXPECT_EQ(writer.row_band(), layout.chunk);
      for (std::int64_t row = 0; row < n; ++row)
        if (!share.owns(row)) {
          EXPECT_TRUE(contains(error_of([&] { writer.put_rows(row, 1, cells.data() + row * row_bytes); }),
                               "belong to rank " + std::to_string((row / layout.chunk) % ranks)));
          break;
        }
      for (const RowRange& range : share.ranges(n)) {
        writer.put_rows(range.first, range.count, cells.data() + static_cast<std::size_t>(range.first) * row_bytes);
        rows_given += range.count;
      }
      writer.commit();
      EXPECT_FALSE(std::filesystem::exists(folder + "/.zarray")) << "a share's commit wrote the metadata";
    }
    EXPECT_EQ(rows_given, n);  // the shares cover every row once
    finish_zarr_table(folder, layout);
    expect_same_table(SavedTable(folder), cells, n, dist);
  }
}

TEST(ZarrTable, ShareMissingItsRowsIsNamedAndAWrongBandRefused) {
  readtest::TempDir dir;
  const auto layout = zarr_matrix_layout(10, DistType::Int32, 3, 0);
  EXPECT_TRUE(contains(error_of([&] { ZarrMatrixWriter(dir.file("a.zarr"), layout, RowShare{0, 2, 4}); }),
                       "chunk side 3"));
  ZarrMatrixWriter first(dir.file("b.zarr"), layout, RowShare{0, 2, 3});
  ZarrMatrixWriter second(dir.file("b.zarr"), layout, RowShare{1, 2, 3});
  const std::vector<std::int32_t> rows(30, 1);
  second.put_rows(3, 3, rows.data());
  // Rank 1 owns chunk rows 1 and 3 (rows 3-5 and 9): row 9 was never given.
  EXPECT_TRUE(contains(error_of([&] { second.commit(); }), "1 of its 10 rows were never computed by rank 1"));
}

TEST(ZarrTable, GraphTableIsMatchedToItsGraphByFingerprint) {
  const std::uint64_t seed = test_support::fresh_seed();
  readtest::TempDir dir;
  pathscope::testing::GraphRecipe recipe;
  recipe.n = 10 + static_cast<std::int32_t>(seed % 40);
  recipe.seed = seed;
  const Graph g = pathscope::testing::make_graph(recipe);
  ApspOptions options;
  options.dist = DistType::Int32;
  const ApspResult result = make_apsp_engine("textbook")->run(g, options, {});
  const std::string folder = dir.file("D.zarr");
  ZarrMatrixWriter writer(folder, zarr_table_layout(g, DistType::Int32, 1 + static_cast<std::int64_t>(seed % 9), 0));
  put_result_rows(result, writer);
  writer.commit();
  const SavedTable table(folder);
  EXPECT_TRUE(table.has_fingerprint());
  EXPECT_NO_THROW(table.check_matches(g, "g"));
  for (std::int32_t u = 0; u < g.n; ++u)
    for (std::int32_t v = 0; v < g.n; ++v) ASSERT_EQ(table.cell(u, v), result.distance(u, v));
  // The same graph but one cost.
  ASSERT_GT(g.arc_count(), 0);
  Graph other = g;
  other.weights[seed % other.weights.size()] += 1;
  EXPECT_TRUE(contains(error_of([&] { table.check_matches(other, "other.csv"); }), "another graph than other.csv"));
  // Named by its metadata file, as the explorer's file dialog picks it.
  EXPECT_EQ(SavedTable(folder + "/.zarray").path(), folder);
}

TEST(ZarrTable, DamagedFoldersAreRefusedNamingFolderAndChunk) {
  readtest::TempDir dir;
  {
    const std::string folder = small_table(dir, "missing.zarr", 0);
    std::filesystem::remove(folder + "/1.0");
    const SavedTable table(folder);
    const std::string why = error_of([&] { table.cell(4, 0); });
    EXPECT_TRUE(contains(why, folder) && contains(why, "chunk 1.0 is missing")) << why;
    EXPECT_NO_THROW(table.cell(0, 0));  // only the chunks a question touches are opened
  }
  {
    const std::string folder = small_table(dir, "short.zarr", 0);
    std::filesystem::resize_file(folder + "/0.1", 10);
    const std::string why = error_of([&] { SavedTable(folder).row_data(0); });
    EXPECT_TRUE(contains(why, folder) && contains(why, "chunk 0.1 holds 10 bytes") && contains(why, "36")) << why;
  }
  {
    const std::string folder = small_table(dir, "garbage.zarr", 3);
    overwrite(folder + "/1.1", "not zstd at all");
    const std::string why = error_of([&] { SavedTable(folder).cell(4, 4); });
    EXPECT_TRUE(contains(why, folder) && contains(why, "chunk 1.1")) << why;
  }
  {
    const std::string folder = small_table(dir, "incomplete.zarr", 0);
    std::filesystem::remove(folder + "/.zarray");
    const std::string why = error_of([&] { SavedTable{folder}; });
    EXPECT_TRUE(contains(why, folder) && contains(why, "without .zarray")) << why;
  }
  const auto refused_zarray = [&](const std::string& name, const std::string& from, const std::string& to, const std::string& says) {
    const std::string folder = small_table(dir, name, 0);
    std::ifstream in(folder + "/.zarray");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_TRUE(contains(text, from)) << text;
    text.replace(text.find(from), from.size(), to);
    overwrite(folder + "/.zarray", text);
    const std::string why = error_of([&] { SavedTable{folder}; });
    EXPECT_TRUE(contains(why, folder + "/.zarray") && contains(why, says)) << why;
  };
  refused_zarray("f8.zarr", "\"<i4\"", "\"<f8\"", "are not all-pairs distances");
  refused_zarray("blosc.zarr", "\"compressor\": null", "\"compressor\": {\"id\": \"blosc\"}", "not one pathscope reads");
  refused_zarray("fortran.zarr", "\"C\"", "\"F\"", "order must be \"C\"");
  refused_zarray("v3.zarr", "\"zarr_format\": 2", "\"zarr_format\": 3", "zarr_format must be 2");
  refused_zarray("oblong.zarr", "5,\n        5\n    ],\n    \"zarr_format\"", "5,\n        6\n    ],\n    \"zarr_format\"", "square");
  refused_zarray("json.zarr", "{", "[", "");
  {
    const std::string folder = small_table(dir, "attrs.zarr", 0);
    overwrite(folder + "/.zattrs", R"({"pathscope": {"content": "all-pairs distances", "nodes": 6, "dist": "int32"}})");
    const std::string why = error_of([&] { SavedTable{folder}; });
    EXPECT_TRUE(contains(why, "6-node int32") && contains(why, "do not belong together")) << why;
  }
  {
    // Another program's attributes: opened, with the warning that only the size was checked.
    const std::string folder = small_table(dir, "foreign.zarr", 0);
    overwrite(folder + "/.zattrs", R"({"written_by": "someone"})");
    const SavedTable table(folder);
    EXPECT_FALSE(table.has_fingerprint());
    EXPECT_TRUE(contains(table.unchecked_warning("g"), ".zattrs"));
  }
}

TEST(ZarrTable, WriterRefusesWhatWouldLoseDataOrLeaveAHole) {
  readtest::TempDir dir;
  const auto layout = zarr_matrix_layout(5, DistType::Hop16, 2, 0);
  const std::string folder = dir.file("hole.zarr");
  begin_zarr_table(folder, layout);
  std::vector<std::uint16_t> cells(25, 1);
  write_zarr_chunk(folder, layout, 0, 0, cells.data(), 10);
  std::string why = error_of([&] { finish_zarr_table(folder, layout); });
  EXPECT_TRUE(contains(why, folder) && contains(why, "chunk 0.1 and 7 more of its 9 were never written")) << why;
  EXPECT_FALSE(std::filesystem::exists(folder + "/.zarray"));
  why = error_of([&] { write_zarr_chunk(folder, layout, 3, 0, cells.data(), 10); });
  EXPECT_TRUE(contains(why, "3 x 3 chunks")) << why;
  // A folder of someone else's files is never emptied.
  const std::string theirs = dir.file("theirs");
  std::filesystem::create_directories(theirs);
  overwrite(theirs + "/notes.txt", "keep me");
  why = error_of([&] { begin_zarr_table(theirs, layout); });
  EXPECT_TRUE(contains(why, "notes.txt") && std::filesystem::exists(theirs + "/notes.txt")) << why;
  // An earlier table is replaced: its chunks beyond the new grid go too.
  const std::string earlier = small_table(dir, "earlier.zarr", 0);
  ZarrMatrixWriter writer(earlier, zarr_matrix_layout(1, DistType::Hop16, 1, 0));
  EXPECT_FALSE(std::filesystem::exists(earlier + "/.zarray"));
  EXPECT_FALSE(std::filesystem::exists(earlier + "/1.1"));
  const std::uint16_t one = 3;
  writer.put_rows(0, 1, &one);
  writer.commit();
  EXPECT_EQ(SavedTable(earlier).cell(0, 0), 3);
  // A sink missing rows says how many.
  ZarrMatrixWriter partial(dir.file("partial.zarr"), zarr_matrix_layout(5, DistType::Hop16, 2, 0));
  partial.put_rows(0, 2, cells.data());
  why = error_of([&] { partial.commit(); });
  EXPECT_TRUE(contains(why, "3 of its 5 rows were never computed")) << why;
}
