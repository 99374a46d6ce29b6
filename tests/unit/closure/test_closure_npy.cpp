// The .npy file of a closure: a header numpy accepts and the packed rows byte for byte.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "closure_graphs.hpp"
#include "pathscope/closure/closure.hpp"

using namespace pathscope;

TEST(ClosureNpy, HeaderAndWordsAsDocumented) {
  for (std::int32_t n : {1, 64, 65, 200}) {
    const auto g = closure_test::dag_of_cycles(n, 31 + n);
    const BitMatrix r = make_closure_engine("scc")->run(g, {}, {}).reach;
    const auto path = std::filesystem::temp_directory_path() / ("closure_npy_test_" + std::to_string(n) + ".npy");
    write_closure_npy(path.string(), r);
    std::ifstream in(path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::filesystem::remove(path);

    ASSERT_GE(bytes.size(), 10u);
    EXPECT_EQ(bytes.substr(0, 6), "\x93NUMPY");
    const std::size_t header_len = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
    const std::size_t data_start = 10 + header_len;
    EXPECT_EQ(data_start % 64, 0u);
    const std::string header = bytes.substr(10, header_len);
    const std::string shape = "(" + std::to_string(n) + ", " + std::to_string((n + 63) / 64) + ")";
    EXPECT_NE(header.find("'descr': '<u8'"), std::string::npos) << header;
    EXPECT_NE(header.find("'shape': " + shape), std::string::npos) << header;
    EXPECT_EQ(header.back(), '\n');
    ASSERT_EQ(bytes.size(), data_start + static_cast<std::size_t>(n) * ((n + 63) / 64) * 8);

    // Bit j of row i, read the way numpy users would: word j/64 of row i, bit j%64.
    const auto reference = closure_test::reference_closure(g);
    for (std::int32_t i = 0; i < n; ++i)
      for (std::int32_t j = 0; j < n; ++j) {
        std::uint64_t word;
        std::memcpy(&word, bytes.data() + data_start + (static_cast<std::size_t>(i) * ((n + 63) / 64) + j / 64) * 8, 8);
        ASSERT_EQ((word >> (j % 64)) & 1u, static_cast<std::uint64_t>(reference[static_cast<std::size_t>(i) * n + j]))
            << i << "," << j;
      }
  }
}

TEST(ClosureNpy, UnwritableFolderIsAClearError) {
  const BitMatrix r(3);
  EXPECT_THROW(write_closure_npy("/nonexistent-folder/closure.npy", r), Error);
}
