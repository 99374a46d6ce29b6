// What error messages show of a file: raw bytes escaped, and a section cut short named with
// how far it got.
#include "pathscope/io/load.hpp"
#include "pathscope/runtime/error.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using namespace readtest;

namespace {

std::string load_error(const std::string& path, const LoadOptions& options = {}) {
  try {
    load_graph(path, options);
  } catch (const Error& e) {
    return e.what();
  }
  ADD_FAILURE() << path << " loaded";
  return "";
}

bool printable_ascii(const std::string& text) {
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7f) return false;
  }
  return true;
}

}  // namespace

TEST(ReadMessages, BinaryBytesAreShownEscaped) {
  TempDir dir;
  write_text(dir.file("binary.gr"), "p sp 3 1\na 1 2 \xff\xfe\x01\x9b[31m\n");
  const std::string message = load_error(dir.file("binary.gr"));
  EXPECT_TRUE(printable_ascii(message)) << message;
  EXPECT_NE(message.find("'\\xff\\xfe\\x01\\x9b[31m'"), std::string::npos) << message;

  write_text(dir.file("binary.mtx"), "%%MatrixMarket matrix coordinate \xc3\xa9t\x07 general\n");
  const std::string mtx = load_error(dir.file("binary.mtx"));
  EXPECT_TRUE(printable_ascii(mtx)) << mtx;
  EXPECT_NE(mtx.find("\\xc3\\xa9t\\x07"), std::string::npos) << mtx;
}

TEST(ReadMessages, TruncatedTsplibSaysHowManyNodesAreMissing) {
  TempDir dir;
  std::string text = "NAME: cut\nTYPE: TSP\nDIMENSION: 10\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n";
  for (int i = 1; i <= 7; ++i) text += std::to_string(i) + " " + std::to_string(i * 3) + " " + std::to_string(i * 5) + "\n";
  write_text(dir.file("cut.tsp"), text + "EOF\n");
  expect_parse_error([&] { load_graph(dir.file("cut.tsp")); }, dir.file("cut.tsp"), 13,
                     "NODE_COORD_SECTION ended after 7 of 10 nodes");
  write_text(dir.file("cut_no_eof.tsp"), text);
  expect_parse_error([&] { load_graph(dir.file("cut_no_eof.tsp")); }, dir.file("cut_no_eof.tsp"), 12,
                     "file ends inside NODE_COORD_SECTION after 7 of 10 nodes");
}

TEST(ReadMessages, TruncatedTsplibWeightsSayHowManyAreMissing) {
  TempDir dir;
  write_text(dir.file("cut_weights.tsp"),
             "NAME: cut\nTYPE: TSP\nDIMENSION: 4\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: UPPER_ROW\n"
             "EDGE_WEIGHT_SECTION\n1 2 3\n4 5\nEOF\n");
  expect_parse_error([&] { load_graph(dir.file("cut_weights.tsp")); }, dir.file("cut_weights.tsp"), 9,
                     "EDGE_WEIGHT_SECTION ended after 5 of the 6 weights");
}
