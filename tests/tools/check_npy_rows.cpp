// Checks rows of a written all-pairs .npy against distances computed here, from scratch: a
// breadth-first search when every arc costs 1, Dijkstra otherwise, sharing no code with the
// engines. For whole-brain tables too large to hold twice: the file is mapped, read-only, and
// only the rows checked are read.
//
//   check_npy_rows GRAPH FILE.npy ROWS SEED [COST_RULE]
// GRAPH is what `pathscope-cli apsp` was given (a file or a generator spec), COST_RULE its
// --cost. Rows 0 and n-1 and ROWS - 2 random rows (from SEED) are checked. Exit 0 when all
// cells agree, 1 otherwise, 2 on bad input.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <queue>
#include <random>
#include <string>
#include <vector>

#include "pathscope/io/load.hpp"
#include "pathscope/runtime/error.hpp"

namespace {

constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::max();

std::vector<std::int64_t> distances_from(const pathscope::Graph& g, std::int32_t s) {
  std::vector<std::int64_t> d(static_cast<std::size_t>(g.n), kNone);
  d[static_cast<std::size_t>(s)] = 0;
  if (g.unit_weights) {
    std::vector<std::int32_t> queue{s};
    for (std::size_t i = 0; i < queue.size(); ++i) {
      const std::int32_t u = queue[i];
      for (std::int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
        const std::int32_t v = g.heads[e];
        if (d[v] == kNone) d[v] = d[u] + 1, queue.push_back(v);
      }
    }
    return d;
  }
  using Item = std::pair<std::int64_t, std::int32_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> heap;
  heap.push({0, s});
  while (!heap.empty()) {
    const auto [du, u] = heap.top();
    heap.pop();
    if (du != d[u]) continue;
    for (std::int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const std::int32_t v = g.heads[e];
      const std::int64_t dv = du + static_cast<std::int64_t>(g.weights[e]);
      if (dv < d[v]) d[v] = dv, heap.push({dv, v});
    }
  }
  return d;
}

struct NpyView {
  std::string descr;
  std::int64_t rows = 0, cols = 0;
  const unsigned char* data = nullptr;
  std::size_t cell = 0;
};

[[noreturn]] void bad(const std::string& what) {
  std::fprintf(stderr, "check_npy_rows: %s\n", what.c_str());
  std::exit(2);
}

NpyView open_npy(const char* path) {
  const int fd = ::open(path, O_RDONLY);
  if (fd < 0) bad(std::string("cannot open ") + path + ": " + std::strerror(errno));
  struct stat st {};
  ::fstat(fd, &st);
  const auto size = static_cast<std::size_t>(st.st_size);
  if (size < 16) bad(std::string(path) + ": too short for .npy");
  void* p = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED) bad(std::string("cannot map ") + path);
  const auto* bytes = static_cast<const unsigned char*>(p);
  if (std::memcmp(bytes, "\x93NUMPY\x01\x00", 8) != 0) bad(std::string(path) + ": not a version 1.0 .npy");
  const std::size_t header_len = bytes[8] | (std::size_t(bytes[9]) << 8);
  const std::string header(reinterpret_cast<const char*>(bytes) + 10, header_len);
  NpyView v;
  const auto descr_at = header.find("'descr': '");
  if (descr_at == std::string::npos) bad("no descr in header: " + header);
  v.descr = header.substr(descr_at + 10, 3);
  if (header.find("'fortran_order': False") == std::string::npos) bad("not C order: " + header);
  if (std::sscanf(header.c_str() + header.find("'shape': (") + 10, "%" SCNd64 ", %" SCNd64, &v.rows, &v.cols) != 2)
    bad("no shape in header: " + header);
  v.cell = v.descr == "<u2" ? 2 : v.descr == "<i4" || v.descr == "<f4" ? 4 : v.descr == "<i8" ? 8 : 0;
  if (v.cell == 0) bad("unknown descr " + v.descr);
  if ((10 + header_len) % 64 != 0) bad("data does not start on a 64-byte boundary");
  if (size != 10 + header_len + std::size_t(v.rows) * std::size_t(v.cols) * v.cell)
    bad(std::string(path) + ": size " + std::to_string(size) + " does not match the shape");
  v.data = bytes + 10 + header_len;
  return v;
}

// The cell as a distance, kNone for the type's "unreachable".
std::int64_t cell_value(const NpyView& v, std::int64_t row, std::int64_t col) {
  const unsigned char* c = v.data + (std::size_t(row) * std::size_t(v.cols) + std::size_t(col)) * v.cell;
  if (v.descr == "<u2") {
    std::uint16_t x;
    std::memcpy(&x, c, 2);
    return x == 0xFFFF ? kNone : x;
  }
  if (v.descr == "<i4") {
    std::int32_t x;
    std::memcpy(&x, c, 4);
    return x == std::numeric_limits<std::int32_t>::max() ? kNone : x;
  }
  if (v.descr == "<i8") {
    std::int64_t x;
    std::memcpy(&x, c, 8);
    return x;
  }
  float x;
  std::memcpy(&x, c, 4);
  return x == std::numeric_limits<float>::infinity() ? kNone : static_cast<std::int64_t>(x);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) bad("usage: check_npy_rows GRAPH FILE.npy ROWS SEED [COST_RULE]");
  try {
    pathscope::LoadOptions options;
    if (argc > 5) options.cost_rule = pathscope::parse_edge_cost_rule(argv[5]);
    const pathscope::Graph g = pathscope::load_graph(argv[1], options).graph;
    const NpyView v = open_npy(argv[2]);
    if (v.rows != g.n || v.cols != g.n)
      bad("the file is " + std::to_string(v.rows) + " x " + std::to_string(v.cols) + ", the graph has " +
          std::to_string(g.n) + " nodes");
    const int count = std::atoi(argv[3]);
    std::mt19937_64 rng(std::strtoull(argv[4], nullptr, 10));
    std::vector<std::int32_t> sources{0, g.n - 1};
    while (static_cast<int>(sources.size()) < count) sources.push_back(static_cast<std::int32_t>(rng() % std::uint64_t(g.n)));
    std::int64_t mismatches = 0, reachable = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : mismatches, reachable)
    for (std::size_t i = 0; i < sources.size(); ++i) {
      const std::int32_t s = sources[i];
      const std::vector<std::int64_t> d = distances_from(g, s);
      for (std::int32_t t = 0; t < g.n; ++t) {
        const std::int64_t got = cell_value(v, s, t);
        reachable += d[t] != kNone;
        if (got != d[t]) {
          if (++mismatches <= 10)
            std::fprintf(stderr, "row %d col %d: file %" PRId64 ", reference %" PRId64 "\n", s, t, got, d[t]);
        }
      }
    }
    std::printf("%s: %zu rows of %d checked against %s: %" PRId64 " cells reachable, %" PRId64 " differ\n", argv[2],
                sources.size(), g.n, g.unit_weights ? "BFS" : "Dijkstra", reachable, mismatches);
    return mismatches == 0 ? 0 : 1;
  } catch (const pathscope::Error& e) {
    bad(e.what());
  }
}
