// Every reader takes time in proportion to its input: each format is generated at three sizes,
// s, 10s and 100s, and read; the least CPU time of a few runs (this thread's, so a loaded
// machine's other work does not count) may grow at most 1.2 times as fast as the input (times
// the log of the graph builder's sort).
#include <time.h>

#include <cmath>
#include <fstream>
#include <filesystem>
#include <functional>

#include "pathscope/load.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using namespace readtest;

namespace {

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// Writes a file (and its sibling, where the format has one) with about `units` units of work
// under `stem`; returns the main file's path and the work it holds: lines or entries for the
// formats read line by line, arcs for TSPLIB's complete graph.
struct Generated {
  std::string path;
  double work = 0;
};
using Generator = std::function<Generated(const TempDir& dir, const std::string& stem, std::int64_t units)>;

struct Buffer {  // builds large files without an ostream per number
  std::string text;
  Buffer& operator<<(std::int64_t v) {
    text += std::to_string(v);
    return *this;
  }
  Buffer& operator<<(std::string_view piece) {
    text += piece;
    return *this;
  }
  void save(const std::string& path) const {
    std::ofstream out(path, std::ios::binary);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    ASSERT_TRUE(out.good()) << path;
  }
};

// Node u's neighbours in a 4-regular undirected ring with chords: the same from both ends.
std::int64_t neighbour(std::int64_t u, int k, std::int64_t n) {
  static constexpr std::int64_t kStep[4] = {1, -1, 7, -7};
  return ((u + kStep[k]) % n + n) % n;
}

Generated dimacs(const TempDir& dir, const std::string& stem, std::int64_t n) {
  Buffer gr, co;
  gr.text = "p sp " + std::to_string(n) + " " + std::to_string(4 * n) + "\n";
  co.text = "p aux sp co " + std::to_string(n) + "\n";
  for (std::int64_t u = 0; u < n; ++u) {
    for (int k = 0; k < 4; ++k) {
      gr << "a " << u + 1 << " " << neighbour(u, k, n) + 1 << " " << 1 + (u * 31 + k) % 997 << "\n";
    }
    co << "v " << u + 1 << " " << u * 13 % 100003 << " " << u * 17 % 99991 << "\n";
  }
  gr.save(dir.file(stem + ".gr"));
  co.save(dir.file(stem + ".co"));
  return {dir.file(stem + ".gr"), static_cast<double>(gr.text.size() + co.text.size())};
}

// A Codex export: each pair over two neuropil rows (summed by the reader), 64-bit root ids,
// and the classification table beside it, joined by id.
Generated codex(const TempDir& dir, const std::string& stem, std::int64_t n) {
  std::filesystem::create_directories(dir.file(stem));
  Buffer connections, classification;
  connections.text = "pre_root_id,post_root_id,neuropil,syn_count,nt_type\n";
  classification.text = "root_id,flow,super_class,class,sub_class,cell_type,hemibrain_type,hemilineage,side,nerve\n";
  const std::int64_t base = 720575940000000000;
  for (std::int64_t u = 0; u < n; ++u) {
    for (int k = 0; k < 4; ++k)
      for (const char* neuropil : {"AL_L", "LH_R"})
        connections << base + u << "," << base + neighbour(u, k, n) << "," << neuropil << "," << 3 + (u + k) % 5 << ",ACH\n";
    classification << base + u << ",intrinsic,central,,,T" << u % 300 << ",,,left,\n";
  }
  connections.save(dir.file(stem + "/connections.csv"));
  classification.save(dir.file(stem + "/classification.csv"));
  return {dir.file(stem + "/connections.csv"), static_cast<double>(connections.text.size() + classification.text.size())};
}

Generated metis(const TempDir& dir, const std::string& stem, std::int64_t n) {
  Buffer graph, xyz;
  graph.text = std::to_string(n) + " " + std::to_string(2 * n) + "\n";
  for (std::int64_t u = 0; u < n; ++u) {
    for (int k = 0; k < 4; ++k) graph << (k ? " " : "") << neighbour(u, k, n) + 1;
    graph << "\n";
    xyz << u % 1000 << " " << u / 1000 << " 0\n";
  }
  graph.save(dir.file(stem + ".graph"));
  xyz.save(dir.file(stem + ".xyz"));
  return {dir.file(stem + ".graph"), static_cast<double>(graph.text.size() + xyz.text.size())};
}

Generated edge_csv(const TempDir& dir, const std::string& stem, std::int64_t n) {
  Buffer csv;
  csv.text = "source,target,weight\n";
  for (std::int64_t u = 0; u < n; ++u) {
    for (int k = 0; k < 4; k += 2) {
      csv << u << "," << neighbour(u, k, n) << "," << 1 + u % 50 << "\n";
    }
  }
  csv.save(dir.file(stem + ".csv"));
  return {dir.file(stem + ".csv"), static_cast<double>(csv.text.size())};
}

Generated node_link_json(const TempDir& dir, const std::string& stem, std::int64_t n) {
  Buffer json;
  json.text = "{\"directed\": false, \"multigraph\": false, \"graph\": {}, \"nodes\": [";
  for (std::int64_t u = 0; u < n; ++u) {
    json << (u ? ", {\"id\": " : "{\"id\": ");
    json << u << ", \"x\": " << u % 1000 << ".5, \"y\": " << u / 1000 << ".25}";
  }
  json << "], \"links\": [";
  for (std::int64_t u = 0; u < n; ++u) {
    for (int k = 0; k < 4; k += 2) {
      json << (u || k ? ", {\"source\": " : "{\"source\": ");
      json << u << ", \"target\": " << neighbour(u, k, n) << ", \"weight\": " << 1 + u % 9 << "}";
    }
  }
  json << "]}\n";
  json.save(dir.file(stem + ".json"));
  return {dir.file(stem + ".json"), static_cast<double>(json.text.size())};
}

Generated matrix_market(const TempDir& dir, const std::string& stem, std::int64_t n) {
  Buffer mtx;
  mtx.text = "%%MatrixMarket matrix coordinate real general\n" + std::to_string(n) + " " + std::to_string(n) + " " +
             std::to_string(4 * n) + "\n";
  for (std::int64_t u = 0; u < n; ++u) {
    for (int k = 0; k < 4; ++k) {
      mtx << u + 1 << " " << neighbour(u, k, n) + 1 << " " << 1 + u % 13 << ".5\n";
    }
  }
  mtx.save(dir.file(stem + ".mtx"));
  return {dir.file(stem + ".mtx"), static_cast<double>(mtx.text.size())};
}

// `units` is the number of arcs of the complete graph wanted.
Generated tsplib(const TempDir& dir, const std::string& stem, std::int64_t units) {
  const auto k = static_cast<std::int64_t>(std::llround(std::sqrt(static_cast<double>(units))));
  Buffer tsp;
  tsp.text = "NAME: linear\nTYPE: TSP\nDIMENSION: " + std::to_string(k) + "\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n";
  for (std::int64_t i = 1; i <= k; ++i) {
    tsp << i << " " << i * 37 % 10007 << " " << i * 91 % 10009 << "\n";
  }
  tsp << "EOF\n";
  tsp.save(dir.file(stem + ".tsp"));
  return {dir.file(stem + ".tsp"), static_cast<double>(k * (k - 1))};
}

// `units` is the number of matrix entries wanted.
Generated dense(const TempDir& dir, const std::string& stem, std::int64_t units) {
  const auto k = static_cast<std::int64_t>(std::llround(std::sqrt(static_cast<double>(units))));
  Buffer txt;
  for (std::int64_t i = 0; i < k; ++i) {
    for (std::int64_t j = 0; j < k; ++j) {
      if (j) txt << " ";
      // Sparse, as connection matrices are: most entries say "no arc".
      if ((i * 7 + j * 3) % 10 == 0) {
        txt << 1 + (i + j) % 9;
      } else {
        txt << "0";
      }
    }
    txt << "\n";
  }
  txt.save(dir.file(stem + ".txt"));
  return {dir.file(stem + ".txt"), static_cast<double>(txt.text.size())};
}

double least_cpu_seconds(const std::string& path, int runs) {
  double best = INFINITY;
  for (int r = 0; r < runs; ++r) {
    const double start = thread_cpu_seconds();
    const LoadedGraph loaded = load_graph(path);
    best = std::min(best, thread_cpu_seconds() - start);
    EXPECT_GT(loaded.graph.n, 0);
  }
  return best;
}

void expect_linear(const std::string& format, const Generator& generate, std::int64_t s) {
#ifdef __SANITIZE_ADDRESS__
  GTEST_SKIP() << "load-time ratios mean nothing under AddressSanitizer's allocator; the Release run checks them";
#endif
  TempDir dir;
  double base_time = 0, base_work = 0;
  for (const std::int64_t factor : {1, 10, 100}) {
    const Generated file = generate(dir, format + std::to_string(factor), s * factor);
    const double seconds = least_cpu_seconds(file.path, 3);
    std::filesystem::remove(file.path);
    if (factor == 1) {
      base_time = seconds, base_work = file.work;
      continue;
    }
    // GraphBuilder sorts the arcs, m log m: the allowance grows by that log, which still tells a
    // linear reader from a quadratic one (100 times the input, 10,000 times the time).
    const double work_ratio = file.work / base_work * std::log2(file.work) / std::log2(base_work);
    EXPECT_LE(seconds / base_time, 1.2 * work_ratio)
        << format << ": " << base_time << " s for " << base_work << " units, " << seconds << " s for " << file.work;
  }
  EXPECT_GE(base_time, 0.001) << format << ": the smallest size is too small to time";
}

}  // namespace

TEST(ReadLinearTime, Dimacs) { expect_linear("dimacs", dimacs, 8000); }
TEST(ReadLinearTime, CodexWithClassification) { expect_linear("codex", codex, 1500); }
TEST(ReadLinearTime, Metis) { expect_linear("metis", metis, 12000); }
TEST(ReadLinearTime, EdgeCsv) { expect_linear("edges", edge_csv, 10000); }
TEST(ReadLinearTime, NodeLinkJsonWithCoordinates) { expect_linear("json", node_link_json, 1500); }
TEST(ReadLinearTime, MatrixMarket) { expect_linear("mtx", matrix_market, 12000); }
TEST(ReadLinearTime, TsplibEuc2d) { expect_linear("tsp", tsplib, 160000); }
TEST(ReadLinearTime, DenseMatrix) { expect_linear("dense", dense, 160000); }
