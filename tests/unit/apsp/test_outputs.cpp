// Writers and small utilities: .npy layout as NumPy defines it, atomic files, sizes, checksums.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "pathscope/apsp/checksum.hpp"
#include "pathscope/apsp/npy_writer.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/memory_budget.hpp"

using namespace pathscope;
namespace fs = std::filesystem;

namespace {
std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}
fs::path temp_dir() {
  auto d = fs::temp_directory_path() / ("pathscope-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                                        "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
  fs::create_directories(d);
  return d;
}
}  // namespace

TEST(Npy, HeaderAndDataFollowTheFormat) {
  ApspResult r;
  r.n = 3;
  r.dist = DistType::Int32;
  r.d32 = {0, 5, kUnreachableI32, -2, 0, 7, 1, 2, 0};
  const auto path = temp_dir() / "d.npy";
  write_npy(path.string(), r);
  const auto bytes = read_all(path);
  ASSERT_GE(bytes.size(), 10u);
  EXPECT_EQ(bytes.substr(0, 6), "\x93NUMPY");
  const std::size_t header_len = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
  EXPECT_EQ((10 + header_len) % 64, 0u);
  const auto header = bytes.substr(10, header_len);
  EXPECT_NE(header.find("'descr': '<i4'"), std::string::npos);
  EXPECT_NE(header.find("'shape': (3, 3)"), std::string::npos);
  EXPECT_EQ(header.back(), '\n');
  ASSERT_EQ(bytes.size(), 10 + header_len + 9 * 4);
  std::int32_t values[9];
  std::memcpy(values, bytes.data() + 10 + header_len, sizeof values);
  for (int i = 0; i < 9; ++i) EXPECT_EQ(values[i], r.d32[i]);
  for (const auto& entry : fs::directory_iterator(path.parent_path()))
    EXPECT_EQ(entry.path().filename(), "d.npy") << "temporary file left behind";
}

TEST(AtomicFile, NothingUnderTheRealNameUntilCommit) {
  const auto path = temp_dir() / "out.txt";
  {
    AtomicFile f(path.string());
    f.write("half");
    EXPECT_FALSE(fs::exists(path));
  }  // destroyed without commit: as if the job was cancelled
  EXPECT_FALSE(fs::exists(path));
  EXPECT_TRUE(fs::is_empty(path.parent_path()));
  AtomicFile f(path.string());
  f.write("whole");
  f.commit();
  EXPECT_EQ(read_all(path), "whole");
  EXPECT_THROW(AtomicFile("/nonexistent-dir/x"), Error);
}

TEST(MemoryBudget, ParsesAndFormatsSizes) {
  EXPECT_EQ(parse_bytes("2GiB"), 2ull << 30);
  EXPECT_EQ(parse_bytes("512 MiB"), 512ull << 20);
  EXPECT_EQ(parse_bytes("1.5G"), 3ull << 29);
  EXPECT_EQ(parse_bytes("1000000"), 1000000u);
  EXPECT_THROW(parse_bytes("lots"), Error);
  EXPECT_THROW(parse_bytes("3 parsecs"), Error);
  EXPECT_EQ(format_bytes(17), "17 B");
  EXPECT_EQ(format_bytes(3ull << 30), "3.00 GiB");
  EXPECT_EQ(apsp_result_bytes(30000, DistType::Int32, false), 3600000000ull);
  EXPECT_EQ(apsp_result_bytes(1000, DistType::Hop16, true), 6000000ull);
  EXPECT_THROW(require_within_budget(2000, 1000, "x"), OverBudget);
  EXPECT_NO_THROW(require_within_budget(1000, 1000, "x"));
}

TEST(Checksum, DependsOnDistancesOnly) {
  ApspResult a;
  a.n = 2;
  a.dist = DistType::Int32;
  a.d32 = {0, 3, kUnreachableI32, 0};
  ApspResult h;
  h.n = 2;
  h.dist = DistType::Hop16;
  h.d16 = {0, 3, kUnreachableU16, 0};
  ApspResult f;
  f.n = 2;
  f.dist = DistType::Float32;
  f.df = {0, 3, kUnreachableF32, 0};
  EXPECT_EQ(matrix_checksum(a), matrix_checksum(h));
  EXPECT_EQ(matrix_checksum(a), matrix_checksum(f));
  a.d32[1] = 4;
  EXPECT_NE(matrix_checksum(a), matrix_checksum(h));
  f.df[1] = 3.5f;
  EXPECT_NE(matrix_checksum(f), matrix_checksum(h));
  EXPECT_EQ(checksum_hex(0xABCull), "0000000000000abc");
}
