// The real road network of Rome (DIMACS 9, n = 3,353): every fast engine gives the same
// matrix, in int32 and float, and sampled rows match the Bellman-Ford reference of
// tests/support/random_graphs.hpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/checksum.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/paths/path.hpp"
#include "random_graphs.hpp"
#include "shared_data.hpp"

namespace pathscope {
namespace {

const Graph& rome() {
  static const Graph g = load_graph(test_support::shared_data_file("rome99.gr")).graph;
  return g;
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
    const auto reference = testing::reference_distances(g, s);
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
