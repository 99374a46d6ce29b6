#pragma once
// Shared by the reader tests: temporary files, an independent reference for what a reader
// must produce (arcs by label, cheapest of parallel arcs, no self-loops), and a check that
// bad input fails with the right file and line.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "pathscope/graph/graph.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/runtime/error.hpp"
#include "shared_data.hpp"

namespace readtest {

// Small inputs kept in the repository (tests/data/readers).
inline std::string data(const std::string& relative) {
  return std::string(PATHSCOPE_TEST_DATA) + "/readers/" + relative;
}
using test_support::shared_data_file;

class TempDir {
 public:
  TempDir() {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("pathscope-readers-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

inline void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  ASSERT_TRUE(out.good()) << path;
}

// Node u by its name, and a node attribute column by its name; a missing one fails the test.
inline std::int32_t node_named(const pathscope::Graph& g, const std::string& name) {
  const auto u = g.find_node(name);
  EXPECT_TRUE(u.has_value()) << name;
  return u.value_or(0);
}

inline const pathscope::AttributeColumn& column(const pathscope::Graph& g, const std::string& name) {
  const pathscope::AttributeColumn* c = g.node_attributes.find(name);
  EXPECT_NE(c, nullptr) << name;
  static const pathscope::AttributeColumn none;
  return c ? *c : none;
}

using ArcMap = std::map<std::pair<std::string, std::string>, double>;

// What a graph holds, keyed by node labels so files with different node orders compare.
inline ArcMap arcs_by_label(const pathscope::Graph& g) {
  ArcMap arcs;
  for (std::int32_t u = 0; u < g.n; ++u) {
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const auto inserted = arcs.emplace(std::make_pair(g.label(u), g.label(g.heads[a])), g.weights[a]).second;
      EXPECT_TRUE(inserted) << "parallel arc left in the graph: " << g.label(u) << "->" << g.label(g.heads[a]);
    }
  }
  return arcs;
}

// The load policy, written independently of GraphBuilder: self-loops off the arcs (counted), the
// cheapest of parallel arcs kept.
class ReferenceArcs {
 public:
  void add(const std::string& u, const std::string& v, double w) {
    ++listed_;
    if (u == v) {
      ++self_loops_;
      return;
    }
    auto [it, fresh] = arcs_.emplace(std::make_pair(u, v), w);
    if (!fresh) {
      ++parallel_;
      it->second = std::min(it->second, w);
    }
  }
  void add_edge(const std::string& u, const std::string& v, double w) {
    add(u, v, w);
    add(v, u, w);
  }
  const ArcMap& arcs() const { return arcs_; }
  std::int64_t self_loops() const { return self_loops_; }
  std::int64_t parallel() const { return parallel_; }

 private:
  ArcMap arcs_;
  std::int64_t self_loops_ = 0, parallel_ = 0, listed_ = 0;
};

// Runs f and checks it throws a ParseError naming `file` and `line` with `fragment` in it.
inline void expect_parse_error(const std::function<void()>& f, const std::string& file, std::int64_t line,
                               const std::string& fragment) {
  try {
    f();
    ADD_FAILURE() << "no error for " << file << " (expected line " << line << ": " << fragment << ")";
  } catch (const pathscope::ParseError& e) {
    const std::string what = e.what();
    EXPECT_EQ(e.file(), file) << what;
    EXPECT_EQ(e.line(), line) << what;
    EXPECT_NE(what.find(file + ":" + std::to_string(line) + ":"), std::string::npos) << what;
    EXPECT_NE(what.find(fragment), std::string::npos) << what << "\n(expected to contain: " << fragment << ")";
  }
}

struct RandomArc {
  std::int64_t u, v;  // 0-based
  std::int64_t w;
};

// Arcs drawn on purpose with self-loops and repeated pairs, which every reader must handle.
inline std::vector<RandomArc> random_arcs(pathscope::SplitMix64& rng, std::int32_t n, std::int64_t m,
                                          std::int64_t wmin, std::int64_t wmax) {
  std::vector<RandomArc> arcs;
  for (std::int64_t i = 0; i < m; ++i) {
    RandomArc a{rng.below(static_cast<std::uint32_t>(n)), rng.below(static_cast<std::uint32_t>(n)),
                wmin + static_cast<std::int64_t>(rng.below(static_cast<std::uint32_t>(wmax - wmin + 1)))};
    arcs.push_back(a);
    if (i % 7 == 3) arcs.push_back({a.u, a.v, wmin + static_cast<std::int64_t>(rng.below(static_cast<std::uint32_t>(wmax - wmin + 1)))});
  }
  return arcs;
}

inline const std::vector<std::int32_t>& awkward_sizes() {
  static const std::vector<std::int32_t> sizes = {1, 2, 63, 65, 257};
  return sizes;
}

}  // namespace readtest
