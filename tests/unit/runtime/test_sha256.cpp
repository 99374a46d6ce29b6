#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "pathscope/io/random_graph.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/sha256.hpp"
#include "shared_data.hpp"

namespace {

// Digests published in FIPS 180-2, appendix B.
TEST(Sha256, FipsVectors) {
  EXPECT_EQ(pathscope::sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(pathscope::sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(pathscope::sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(pathscope::sha256_hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

// The digest SOURCES.md publishes for the shared rome99.gr.
TEST(Sha256, SharedFileMatchesPublishedDigest) {
  EXPECT_EQ(pathscope::sha256_file_hex(test_support::shared_data_file("rome99.gr")),
            "cbc914b1d02327c2ea788b6f68a332995feadbdc97c1c7890c5e6272152f099d");
}

std::string run_sha256sum(const std::string& path) {
  std::string command = "sha256sum '" + path + "'";
  std::FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return {};
  char buffer[128] = {};
  std::string out = std::fgets(buffer, sizeof buffer, pipe) ? std::string(buffer) : std::string();
  pclose(pipe);
  return out.substr(0, 64);
}

// Lengths around the 55/56/64-byte padding boundaries and across the 64 KiB read chunks,
// checked against coreutils' sha256sum, and fed in uneven pieces to exercise buffering.
TEST(Sha256, RandomFilesAgreeWithSha256sum) {
  pathscope::SplitMix64 rng(20261121);
  const auto dir = std::filesystem::temp_directory_path() / ("sha256-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  for (std::size_t length : {1u, 55u, 56u, 57u, 63u, 64u, 65u, 119u, 120u, 65535u, 65536u, 65537u, 200003u}) {
    std::string data(length, '\0');
    for (auto& c : data) c = static_cast<char>(rng.below(256));
    const auto path = (dir / ("blob" + std::to_string(length))).string();
    std::ofstream(path, std::ios::binary).write(data.data(), static_cast<std::streamsize>(data.size()));
    const std::string expected = run_sha256sum(path);
    ASSERT_EQ(expected.size(), 64u) << "sha256sum did not run";
    EXPECT_EQ(pathscope::sha256_file_hex(path), expected) << length;
    pathscope::Sha256 pieces;
    for (std::size_t at = 0; at < data.size();) {
      const std::size_t take = std::min<std::size_t>(1 + rng.below(97), data.size() - at);
      pieces.update(data.data() + at, take);
      at += take;
    }
    EXPECT_EQ(pieces.hex_digest(), expected) << length;
  }
  std::filesystem::remove_all(dir);
}

TEST(Sha256, MissingFileNamesIt) {
  try {
    pathscope::sha256_file_hex("/nonexistent/graph.gr");
    FAIL() << "no error";
  } catch (const pathscope::Error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/graph.gr"), std::string::npos);
  }
}

}  // namespace
