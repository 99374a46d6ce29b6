// The real road network of Rome (DIMACS 9, n = 3,353): every fast engine gives the same
// matrix, in int32 and float, and sampled rows match a Dijkstra written here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/checksum.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/paths/path.hpp"
#include "shared_data.hpp"

namespace pathscope {
namespace {

const Graph& rome() {
  static const Graph g = load_graph(test_support::shared_data_file("rome99.gr")).graph;
  return g;
}

// Textbook Dijkstra with std::priority_queue, independent of the engines' queues.
std::vector<double> dijkstra_reference(const Graph& g, std::int32_t s) {
  std::vector<double> d(g.n, std::numeric_limits<double>::infinity());
  using Item = std::pair<double, std::int32_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
  d[s] = 0;
  queue.push({0, s});
  while (!queue.empty()) {
    const auto [du, u] = queue.top();
    queue.pop();
    if (du > d[u]) continue;
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (du + g.weights[a] < d[g.heads[a]]) {
        d[g.heads[a]] = du + g.weights[a];
        queue.push({d[g.heads[a]], g.heads[a]});
      }
  }
  return d;
}

TEST(Rome99, FastEnginesGiveTheSameMatrix) {
  const Graph& g = rome();
  ASSERT_EQ(g.n, 3353);
  ASSERT_EQ(g.arc_count(), 8870 - 11);
  EXPECT_EQ(auto_engine_choice(g), "sparse");
  std::vector<ApspResult> results;
  for (const DistType dist : {DistType::Int32, DistType::Float32})
    for (const char* engine : {"blocked", "sparse", "auto"}) {
      ApspOptions o;
      o.dist = dist;
      results.push_back(make_apsp_engine(engine)->run(g, o, JobContext{}));
    }
  // Whole-number costs: float holds every distance exactly, so all six checksums agree.
  for (const auto& r : results)
    EXPECT_EQ(matrix_checksum(r), matrix_checksum(results[0])) << r.timing.engine << " " << dist_type_name(r.dist);
  EXPECT_EQ(results[0].d32, results[1].d32);
  EXPECT_EQ(results[3].df, results[4].df);

  const ApspResult& blocked = results[0];
  // The graph is strongly connected (SOURCES.md): every pair is reachable.
  EXPECT_EQ(std::count(blocked.d32.begin(), blocked.d32.end(), kUnreachableI32), 0);
  for (std::int32_t s = 0; s < g.n; s += 97) {
    const auto reference = dijkstra_reference(g, s);
    for (std::int32_t t = 0; t < g.n; ++t) ASSERT_EQ(blocked.distance(s, t), reference[t]) << s << " " << t;
    for (std::int32_t t = 5; t < g.n; t += 331) {
      const Path p = path_from_apsp(g, blocked, s, t);
      EXPECT_EQ(p.distance, reference[t]);
      EXPECT_EQ(path_single_source(g, s, t).distance, reference[t]);
    }
  }
}

}  // namespace
}  // namespace pathscope
