// Compressed input: every format's sample reads to the same graph from its plain, gzip, zstd,
// xz and bzip2 forms (compressed here with zlib, libzstd, liblzma and libbz2 themselves), by
// extension and by magic number alone; damaged, truncated and mislabelled files are refused
// naming the file, zero padding after the data is not damage, content that inflates past its
// limit is refused, and a cancelled load stops.
#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <atomic>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <random>

#include "fresh_seed.hpp"
#include "gzip_text.hpp"
#include "pathscope/io/file_formats.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/io/measurement_table.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/job.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using namespace readtest;
namespace fs = std::filesystem;

namespace {

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

using test_support::gzip;

// With the content checksum the zstd tool writes by default: without one, a damaged frame can
// decode to other text, which no reader can tell.
std::string zstd(const std::string& text, int level = 3) {
  std::string out(ZSTD_compressBound(text.size()), '\0');
  ZSTD_CCtx* context = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, level);
  ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1);
  const std::size_t size = ZSTD_compress2(context, out.data(), out.size(), text.data(), text.size());
  ZSTD_freeCCtx(context);
  EXPECT_FALSE(ZSTD_isError(size));
  out.resize(size);
  return out;
}

// As `xz` writes it (CRC64 check).
std::string xz(const std::string& text) {
  std::string out(lzma_stream_buffer_bound(text.size()), '\0');
  std::size_t size = 0;
  EXPECT_EQ(lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, nullptr, reinterpret_cast<const std::uint8_t*>(text.data()),
                                    text.size(), reinterpret_cast<std::uint8_t*>(out.data()), &size, out.size()),
            LZMA_OK);
  out.resize(size);
  return out;
}

std::string bzip2(const std::string& text) {
  unsigned size = static_cast<unsigned>(text.size() + text.size() / 100 + 600);
  std::string out(size, '\0');
  EXPECT_EQ(BZ2_bzBuffToBuffCompress(out.data(), &size, const_cast<char*>(text.data()),
                                     static_cast<unsigned>(text.size()), 9, 0, 0),
            BZ_OK);
  out.resize(size);
  return out;
}

// Each compressor by the suffix its tool gives.
std::string pack_as(const std::string& suffix, const std::string& text) {
  if (suffix == ".gz") return gzip(text);
  if (suffix == ".zst") return zstd(text);
  if (suffix == ".xz") return xz(text);
  if (suffix == ".bz2") return bzip2(text);
  ADD_FAILURE() << "no compressor for " << suffix;
  return text;
}
const char* const kSuffixes[] = {".gz", ".zst", ".xz", ".bz2"};

// Equal, or both NaN (a node without a position).
bool same_floats(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!(a[i] == b[i] || (std::isnan(a[i]) && std::isnan(b[i])))) return false;
  }
  return true;
}

// Everything a reader puts into a Graph, compared field by field.
void expect_same_graph(const Graph& a, const Graph& b, const std::string& what) {
  EXPECT_EQ(a.n, b.n) << what;
  EXPECT_EQ(a.directed, b.directed) << what;
  EXPECT_EQ(a.offsets, b.offsets) << what;
  EXPECT_EQ(a.heads, b.heads) << what;
  EXPECT_EQ(a.weights, b.weights) << what;
  EXPECT_EQ(a.ids, b.ids) << what;
  EXPECT_EQ(a.names, b.names) << what;
  EXPECT_EQ(a.coord_dims, b.coord_dims) << what;
  EXPECT_TRUE(same_floats(a.coords, b.coords)) << what;
  EXPECT_EQ(a.self_loops.size(), b.self_loops.size()) << what;
}

// Every good sample in tests/data/readers that is a graph on its own (with its side files).
std::vector<fs::path> graph_samples() {
  std::vector<fs::path> samples;
  for (const auto& folder : fs::directory_iterator(data(""))) {
    if (!folder.is_directory() || folder.path().filename() == "node_table") continue;
    for (const auto& entry : fs::directory_iterator(folder.path())) {
      const std::string name = entry.path().filename().string();
      if (name.starts_with("good_") && is_graph_file_name(name) ) samples.push_back(entry.path());
      if (name == "good_noheader.tsv") samples.push_back(entry.path());
    }
  }
  std::sort(samples.begin(), samples.end());
  return samples;
}

ParseError parse_error_of(const std::string& path, const LoadOptions& options = {}) {
  try {
    load_graph(path, options);
  } catch (const ParseError& e) {
    return e;
  } catch (const Error& e) {
    ADD_FAILURE() << path << ": an Error without a line: " << e.what();
    return ParseError(path, -1, e.what());
  }
  ADD_FAILURE() << path << " loaded";
  return ParseError(path, -1, "loaded");
}

std::string error_of(const std::string& path) {
  try {
    load_graph(path);
  } catch (const Error& e) {
    return e.what();
  }
  ADD_FAILURE() << path << " loaded";
  return {};
}

// A large edge table, so the content runs past the sample the content tests look at.
std::string big_edge_table(std::mt19937_64& rng, int rows) {
  std::string text = "source,target,weight\n";
  std::uniform_int_distribution<int> node(0, 20000), weight(1, 1000);
  for (int i = 0; i < rows; ++i) {
    text += "n" + std::to_string(node(rng)) + ",n" + std::to_string(node(rng)) + "," + std::to_string(weight(rng)) + "\n";
  }
  return text;
}

}  // namespace

TEST(ReadCompressed, EverySampleReadsAlikePlainAndInEveryCompression) {
  TempDir dir;
  const auto samples = graph_samples();
  ASSERT_GE(samples.size(), 15u);
  int checked = 0;
  for (const fs::path& sample : samples) {
    const LoadedGraph plain = load_graph(sample.string());
    const std::string text = read_all(sample.string());
    const std::string stem = sample.parent_path().filename().string() + "_" + sample.filename().string();
    // A side file (.co, .xyz) goes along, compressed the same way.
    std::vector<fs::path> sides;
    for (const char* ext : {".co", ".xyz"}) {
      fs::path side = sample;
      side.replace_extension(ext);
      if (fs::exists(side)) sides.push_back(side);
    }
    for (const std::string suffix : kSuffixes) {
      const auto pack = [&](const std::string& t) { return pack_as(suffix, t); };
      const std::string path = dir.file(stem + suffix);
      write_text(path, pack(text));
      for (const fs::path& side : sides) {
        fs::path target = dir.file(stem);
        target.replace_extension(side.extension());
        write_text(target.string() + suffix, pack(read_all(side.string())));
      }
      const LoadedGraph loaded = load_graph(path);
      EXPECT_EQ(loaded.report.format, plain.report.format) << path;
      expect_same_graph(loaded.graph, plain.graph, path);
      ++checked;
    }
    // Known by magic number alone, whatever the name (the extension still names the content).
    for (const std::string suffix : kSuffixes) {
      const std::string unnamed = dir.file("magic" + suffix.substr(1) + "_" + stem);
      write_text(unnamed, pack_as(suffix, text));
      if (sides.empty()) expect_same_graph(load_graph(unnamed).graph, plain.graph, unnamed);
    }
  }
  EXPECT_EQ(checked, static_cast<int>(4 * samples.size()));
}

TEST(ReadCompressed, ContentPastTheSampleAndConcatenatedMembersReadAlike) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  TempDir dir;
  // 1.2 to 1.7 MB of text: past the first MiB the content tests see.
  const std::string table = big_edge_table(rng, 70000 + static_cast<int>(rng() % 20000));
  write_text(dir.file("plain.csv"), table);
  const LoadedGraph plain = load_graph(dir.file("plain.csv"));
  // Two gzip members, as `cat a.gz b.gz` makes: gzip reads them as one file.
  const std::size_t cut = table.find('\n', table.size() / 3) + 1;
  write_text(dir.file("two.csv.gz"), gzip(table.substr(0, cut), 1) + gzip(table.substr(cut), 9));
  write_text(dir.file("one.csv.zst"), zstd(table, 1 + static_cast<int>(rng() % 5)));
  write_text(dir.file("noname"), gzip(table));
  // xz and bzip2 streams concatenated the same way (pxz, pbzip2 and `cat` make them).
  write_text(dir.file("two.csv.xz"), xz(table.substr(0, cut)) + xz(table.substr(cut)));
  write_text(dir.file("two.csv.bz2"), bzip2(table.substr(0, cut)) + bzip2(table.substr(cut)));
  for (const std::string name : {"two.csv.gz", "one.csv.zst", "noname", "two.csv.xz", "two.csv.bz2"}) {
    expect_same_graph(load_graph(dir.file(name)).graph, plain.graph, name + " seed " + std::to_string(seed));
  }

  // A dense matrix larger than the sample is still recognised as one.
  const int n = 500 + static_cast<int>(rng() % 60);
  std::string matrix;
  std::uniform_int_distribution<int> cost(0, 9999);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) matrix += std::to_string(i == j ? 0 : cost(rng)) + (j + 1 < n ? " " : "\n");
  }
  ASSERT_GT(matrix.size(), std::size_t{1} << 20);
  write_text(dir.file("m.txt"), matrix);
  write_text(dir.file("m.txt.zst"), zstd(matrix));
  const LoadedGraph dense = load_graph(dir.file("m.txt"));
  EXPECT_EQ(dense.report.format, "dense");
  EXPECT_EQ(dense.graph.n, n);
  const LoadedGraph packed = load_graph(dir.file("m.txt.zst"));
  EXPECT_EQ(packed.report.format, "dense");
  expect_same_graph(packed.graph, dense.graph, "m.txt.zst");
}

TEST(ReadCompressed, NodeTablesAndNumericTablesToo) {
  TempDir dir;
  LoadOptions plain_options, gz_options;
  plain_options.node_table = data("node_table/good_positions.csv");
  const std::string text = read_all(plain_options.node_table);
  gz_options.node_table = dir.file("positions.csv.gz");
  write_text(gz_options.node_table, gzip(text));
  const std::string graph = data("edge_table/good_header.csv");
  expect_same_graph(load_graph(graph, gz_options).graph, load_graph(graph, plain_options).graph, "node table");

  std::mt19937_64 rng(test_support::fresh_seed());
  std::string table = "id\ta\tb\tc\n";
  for (int r = 0; r < 50; ++r) {
    table += "r" + std::to_string(r);
    for (int c = 0; c < 3; ++c) table += "\t" + std::to_string(rng() % 1000);
    table += "\n";
  }
  write_text(dir.file("t.tsv"), table);
  write_text(dir.file("t.tsv.zst"), zstd(table));
  auto plain = open_table(dir.file("t.tsv"));
  auto packed = open_table(dir.file("t.tsv.zst"));
  const Table a = read_whole_table(*plain), b = read_whole_table(*packed);
  EXPECT_EQ(a.rows, 50);
  EXPECT_EQ(a.rows, b.rows);
  EXPECT_EQ(a.values, b.values);
  EXPECT_EQ(a.row_names, b.row_names);
}

TEST(ReadCompressed, ALineErrorNamesTheSameLineInsideACompressedFile) {
  TempDir dir;
  for (const char* bad : {"edge_table/bad_weight.csv", "dimacs/bad_not_a_number.gr", "json/bad_weight.json"}) {
    const ParseError plain = parse_error_of(data(bad));
    const std::string path = dir.file(fs::path(bad).filename().string() + ".gz");
    write_text(path, gzip(read_all(data(bad))));
    const ParseError packed = parse_error_of(path);
    EXPECT_EQ(packed.file(), path);
    EXPECT_EQ(packed.line(), plain.line()) << bad;
  }
}

TEST(ReadCompressed, TruncatedAndDamagedStreamsAreRefusedNamingTheFile) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  TempDir dir;
  const std::string table = big_edge_table(rng, 3000);
  for (const std::string suffix : kSuffixes) {
    const std::string whole = pack_as(suffix, table);
    // Cut anywhere, even one byte short (inside the gzip trailer's checksum): never a
    // shorter graph read as if complete.
    std::vector<std::size_t> cuts = {whole.size() - 1, whole.size() / 2, 10};
    for (int i = 0; i < 5; ++i) cuts.push_back(5 + rng() % (whole.size() - 6));
    for (const std::size_t cut : cuts) {
      const std::string path = dir.file("cut" + std::to_string(cut) + ".csv" + suffix);
      write_text(path, whole.substr(0, cut));
      const ParseError e = parse_error_of(path);
      EXPECT_EQ(e.file(), path) << "seed " << seed;
      EXPECT_GE(e.line(), 1);
      const std::string message = e.what();
      EXPECT_TRUE(message.find("truncated") != std::string::npos || message.find("corrupt") != std::string::npos)
          << message;
    }
    // A damaged byte past the header: corrupt data or a failed checksum, never a silent read.
    for (int i = 0; i < 5; ++i) {
      std::string damaged = whole;
      const std::size_t at = 20 + rng() % (whole.size() - 30);
      damaged[at] = static_cast<char>(damaged[at] ^ (1 + rng() % 255));
      const std::string path = dir.file("damaged" + std::to_string(i) + ".csv" + suffix);
      write_text(path, damaged);
      try {
        const LoadedGraph g = load_graph(path);
        ADD_FAILURE() << path << " loaded although byte " << at << " was changed, seed " << seed;
      } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
      }
    }
  }
  // Trailing data that is not another member, nor zero padding.
  for (const std::string suffix : kSuffixes) {
    const std::string path = dir.file("trailing.csv" + suffix);
    write_text(path, pack_as(suffix, table) + std::string(1 + rng() % 600, '\0') + "garbage after the end");
    EXPECT_NE(std::string(parse_error_of(path).what()).find("damaged"), std::string::npos) << suffix;
  }
}

// tar and some archivers pad a compressed file with zero bytes to a block size; gzip(1), xz(1)
// and bzip2(1) read such a file whole, and so does every reader here.
TEST(ReadCompressed, ZeroPaddingAfterTheDataIsAccepted) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  TempDir dir;
  const std::string table = big_edge_table(rng, 2000 + static_cast<int>(rng() % 2000));
  write_text(dir.file("plain.csv"), table);
  const LoadedGraph plain = load_graph(dir.file("plain.csv"));
  for (const std::string suffix : kSuffixes) {
    // xz pads its own streams to 4 bytes: a multiple of 4 is what an xz file may hold.
    const std::size_t zeros = 4 * (1 + rng() % 5000);
    const std::string path = dir.file("padded.csv" + suffix);
    write_text(path, pack_as(suffix, table) + std::string(zeros, '\0'));
    expect_same_graph(load_graph(path).graph, plain.graph, path + " with " + std::to_string(zeros) +
                                                               " zero bytes, seed " + std::to_string(seed));
  }
}

// A gzip bomb (rows repeated far past what real tables shrink to) is refused once it inflates
// past the default limit, naming the file and the option that raises it; the limit raised, it
// loads. A limit given is kept to the byte in every compression.
TEST(ReadCompressed, ContentThatInflatesPastItsLimitIsRefused) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  TempDir dir;
  // One arc, then 72 to 80 MiB of one comment line repeated: above the 64 MiB floor, about
  // 1,000 times its gzip, and quick to read (comments are skipped whole), so the test times the
  // limit, not a parser.
  const int cost = 1 + static_cast<int>(rng() % 1000);
  std::string comment = "c ";
  while (comment.size() < 79) comment += static_cast<char>('a' + rng() % 26);
  comment += "\n";
  std::string block;
  while (block.size() < (std::size_t{1} << 20)) block += comment;
  std::string bomb_text = "p sp 2 1\na 1 2 " + std::to_string(cost) + "\n";
  const std::size_t mib = 72 + rng() % 9;
  for (std::size_t k = 0; k < mib; ++k) bomb_text += block;
  const std::string bomb = dir.file("bomb.gr.gz");
  const std::string packed = gzip(bomb_text);
  write_text(bomb, packed);
  ASSERT_LT(packed.size() * 100, bomb_text.size());
  const ParseError e = parse_error_of(bomb);
  EXPECT_EQ(e.file(), bomb);
  const std::string message = e.what();
  EXPECT_NE(message.find("inflates past"), std::string::npos) << message;
  EXPECT_NE(message.find("--max-decompressed"), std::string::npos) << message;
  LoadOptions raised;
  raised.max_decompressed_bytes = static_cast<std::int64_t>(bomb_text.size());
  const LoadedGraph loaded = load_graph(bomb, raised);
  EXPECT_EQ(loaded.graph.n, 2);
  ASSERT_EQ(loaded.graph.weights.size(), 1u);
  EXPECT_EQ(loaded.graph.weights[0], cost) << "seed " << seed;

  const std::string table = big_edge_table(rng, 20000 + static_cast<int>(rng() % 10000));
  write_text(dir.file("plain.csv"), table);
  const LoadedGraph plain = load_graph(dir.file("plain.csv"));
  for (const std::string suffix : kSuffixes) {
    const std::string path = dir.file("limited.csv" + suffix);
    write_text(path, pack_as(suffix, table));
    LoadOptions exact;
    exact.max_decompressed_bytes = static_cast<std::int64_t>(table.size());
    expect_same_graph(load_graph(path, exact).graph, plain.graph, path);
    LoadOptions short_by_one;
    short_by_one.max_decompressed_bytes = static_cast<std::int64_t>(table.size()) - 1;
    EXPECT_NE(std::string(parse_error_of(path, short_by_one).what()).find("inflates past"), std::string::npos) << path;
  }
}

// A cancel request stops a load between two pieces of input, whatever the reader, and the
// load ends with Cancelled, not with a graph or a reader's error about a cut-off file.
TEST(ReadCompressed, ACancelledLoadStopsWithCancelled) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  TempDir dir;
  const std::string table = big_edge_table(rng, 90000);  // past the first MiB
  for (const std::string name : {"t.csv", "t.csv.gz", "t.csv.xz"}) {
    const std::string path = dir.file(name);
    write_text(path, name == std::string("t.csv") ? table : pack_as(fs::path(name).extension().string(), table));
    std::atomic<bool> cancel{true};
    EXPECT_THROW(load_graph(path, {}, JobContext({}, &cancel)), Cancelled) << name;
    cancel = false;
    EXPECT_NO_THROW(load_graph(path, {}, JobContext({}, &cancel))) << name;
  }
}

TEST(ReadCompressed, ANameThatPromisesCompressionTheContentLacksIsRefused) {
  TempDir dir;
  const std::string text = read_all(data("dimacs/good_small.gr"));
  const std::pair<std::string, std::string> cases[] = {
      {"plain.gr.gz", text}, {"plain.gr.zst", text}, {"gzip.gr.zst", gzip(text)}, {"zstd.gr.gz", zstd(text)},
      {"empty.gr.gz", ""}, {"binary.csv.gz", std::string("\x89PNG\r\n\x1a\n\x00\x00", 10)}};
  for (const auto& [name, content] : cases) {
    const std::string path = dir.file(name);
    write_text(path, content);
    const std::string message = error_of(path);
    EXPECT_NE(message.find(path), std::string::npos) << message;
    EXPECT_NE(message.find("the name says"), std::string::npos) << message;
    for (const char c : message) EXPECT_TRUE(c >= 0x20 && c < 0x7f) << message;
  }
}
