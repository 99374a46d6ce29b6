// Standard input may be compressed: `pathscope-cli info -` on a gzip stream reports what it
// reports for the plain file, and a cut stream is refused naming standard input.
#include <gtest/gtest.h>

#include "cli_binary.hpp"
#include "gzip_text.hpp"
#include "reader_checks.hpp"

namespace {

using readtest::data;

TEST(CliCompressedInput, StandardInputMayBeCompressed) {
  test_support::ScratchFolder dir;
  const std::string sample = data("edge_table/good_header.csv");  // no side file: stdin has none
  const std::string packed_text = test_support::gzip(test_support::read_text(sample));
  const std::string packed = dir.write("in.gz", packed_text);
  test_support::CliRunSetup setup;
  setup.stdin_path = packed;
  const auto from_stdin = test_support::run_cli({"info", "-"}, 30, setup);
  ASSERT_TRUE(from_stdin.exited && from_stdin.code == 0) << from_stdin.describe();
  const auto from_file = test_support::run_cli({"info", sample});
  ASSERT_TRUE(from_file.exited && from_file.code == 0) << from_file.describe();
  // Same report, but for the first line, which names the input.
  const auto body = [](const std::string& s) { return s.substr(s.find('\n')); };
  EXPECT_EQ(body(from_stdin.out), body(from_file.out));
  dir.write("in.gz", packed_text.substr(0, 20));
  const auto cut = test_support::run_cli({"info", "-"}, 30, setup);
  EXPECT_TRUE(cut.exited && cut.code != 0) << cut.describe();
  EXPECT_NE(cut.err.find("standard input"), std::string::npos) << cut.err;
}

}  // namespace
