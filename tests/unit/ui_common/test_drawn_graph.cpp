#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>
#include <limits>
#include <set>
#include <utility>

#include "pathscope/io/graph_builder.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope_ui_common/drawn_graph.hpp"

namespace {

using pathscope::DrawnGraph;
using pathscope::DrawnGraphOptions;
using pathscope::Graph;
using pathscope::JobContext;

Graph random_graph(bool undirected, std::uint64_t seed) {
  pathscope::RandomGraphSpec spec;
  spec.n = 300;
  spec.seed = seed;
  spec.undirected = undirected;
  pathscope::LoadReport report;
  return pathscope::generate_random_graph(spec, report);
}

void expect_all_finite(const DrawnGraph& d, std::int32_t n) {
  ASSERT_EQ(d.positions.size(), static_cast<std::size_t>(n) * 2);
  for (float v : d.positions) ASSERT_TRUE(std::isfinite(v));
}

// A square of coordinates, so no axis is stretched and positions must be the file's.
Graph with_square_coordinates(Graph g, int dims) {
  g.coord_dims = dims;
  g.coords.clear();
  const int side = static_cast<int>(std::ceil(std::sqrt(g.n)));
  for (std::int32_t u = 0; u < g.n; ++u) {
    g.coords.push_back(static_cast<float>(u % side) * 1.5f + 10);
    g.coords.push_back(static_cast<float>(u / side) * 1.5f - 4);
    if (dims == 3) g.coords.push_back(99);
  }
  return g;
}

TEST(DrawnGraph, PositionsComeFromCoordinatesWhenPresent) {
  for (int dims : {2, 3}) {
    const Graph g = with_square_coordinates(random_graph(false, 3), dims);
    const DrawnGraph d = pathscope::draw_graph(g, DrawnGraphOptions{}, JobContext{});
    expect_all_finite(d, g.n);
    for (std::int32_t u = 0; u < g.n; ++u) {
      EXPECT_EQ(d.positions[2 * u], g.coords[static_cast<std::size_t>(u) * dims]);
      EXPECT_EQ(d.positions[2 * u + 1], g.coords[static_cast<std::size_t>(u) * dims + 1]);
    }
    EXPECT_EQ(d.position_source.rfind("coordinates", 0), 0u) << d.position_source;
    EXPECT_EQ(d.nodes_without_position, 0);
    EXPECT_TRUE(d.position_note.empty()) << d.position_note;
  }
}

TEST(DrawnGraph, PositionsComeFromTheLayoutWithoutCoordinates) {
  const Graph g = random_graph(true, 5);
  DrawnGraphOptions options;
  options.layout.iterations = 60;
  const DrawnGraph d = pathscope::draw_graph(g, options, JobContext{});
  expect_all_finite(d, g.n);
  EXPECT_EQ(d.positions, pathscope::force_layout(g, options.layout, JobContext{}));
  EXPECT_EQ(d.position_source, "force layout");
}

TEST(DrawnGraph, AllMissingCoordinatesFallBackToTheLayout) {
  Graph g = random_graph(false, 6);
  g.coord_dims = 2;
  g.coords.assign(static_cast<std::size_t>(g.n) * 2, std::numeric_limits<float>::quiet_NaN());
  DrawnGraphOptions options;
  options.layout.iterations = 30;
  const DrawnGraph d = pathscope::draw_graph(g, options, JobContext{});
  expect_all_finite(d, g.n);
  EXPECT_EQ(d.position_source, "force layout");
}

TEST(DrawnGraph, NodesWithoutPositionGetAFiniteOneBelowThePicture) {
  Graph g = with_square_coordinates(random_graph(false, 7), 2);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::set<std::int32_t> missing = {0, 17, 299};
  for (auto u : missing) g.coords[2 * static_cast<std::size_t>(u)] = nan;
  const DrawnGraph d = pathscope::draw_graph(g, DrawnGraphOptions{}, JobContext{});
  expect_all_finite(d, g.n);
  EXPECT_EQ(d.nodes_without_position, 3);
  float lowest_placed = std::numeric_limits<float>::infinity();
  for (std::int32_t u = 0; u < g.n; ++u) {
    if (!missing.count(u)) lowest_placed = std::min(lowest_placed, d.positions[2 * u + 1]);
  }
  std::set<float> xs;
  for (auto u : missing) {
    EXPECT_LT(d.positions[2 * u + 1], lowest_placed);
    xs.insert(d.positions[2 * u]);
  }
  EXPECT_EQ(xs.size(), missing.size()) << "nodes without position must not sit on one another";
  EXPECT_NE(d.position_note.find("3 nodes without position"), std::string::npos) << d.position_note;
}

TEST(DrawnGraph, ALongThinPictureIsStretchedAndSaysSo) {
  Graph g = random_graph(false, 8);
  g.coord_dims = 2;
  for (std::int32_t u = 0; u < g.n; ++u) {
    g.coords.push_back(static_cast<float>(u));      // 0 .. 299 wide
    g.coords.push_back(static_cast<float>(u % 10));  // 0 .. 9 tall
  }
  const DrawnGraph d = pathscope::draw_graph(g, DrawnGraphOptions{}, JobContext{});
  float lo = INFINITY, hi = -INFINITY;
  for (std::int32_t u = 0; u < g.n; ++u) lo = std::min(lo, d.positions[2 * u + 1]), hi = std::max(hi, d.positions[2 * u + 1]);
  EXPECT_NEAR((hi - lo) * 3.0, 299.0, 1e-3);
  EXPECT_NE(d.position_note.find("y stretched"), std::string::npos) << d.position_note;
}

// Brute force: every arc of a directed graph, each unordered pair of an undirected one.
std::multiset<std::pair<std::int32_t, std::int32_t>> recount(const Graph& g) {
  std::multiset<std::pair<std::int32_t, std::int32_t>> lines;
  std::set<std::pair<std::int32_t, std::int32_t>> seen;
  for (std::int32_t u = 0; u < g.n; ++u) {
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      if (g.directed) {
        lines.insert({u, v});
      } else if (seen.insert({std::min(u, v), std::max(u, v)}).second) {
        lines.insert({std::min(u, v), std::max(u, v)});
      }
    }
  }
  return lines;
}

TEST(DrawnGraph, ArcsToDrawMatchABruteForceRecount) {
  for (bool undirected : {false, true}) {
    const Graph g = random_graph(undirected, 11);
    ASSERT_EQ(g.directed, !undirected);
    const auto arcs = pathscope::arcs_to_draw(g);
    ASSERT_EQ(arcs.size() % 2, 0u);
    std::multiset<std::pair<std::int32_t, std::int32_t>> drawn;
    for (std::size_t i = 0; i < arcs.size(); i += 2) {
      const auto u = arcs[i], v = arcs[i + 1];
      drawn.insert(undirected ? std::pair{std::min(u, v), std::max(u, v)} : std::pair{u, v});
    }
    EXPECT_EQ(drawn, recount(g)) << (undirected ? "undirected" : "directed");
  }
}

TEST(DrawnGraph, ComponentsMatchTheGraphs) {
  pathscope::GraphBuilder builder(6);
  builder.add_edge(0, 1, 1);
  builder.add_edge(1, 2, 1);
  builder.add_edge(4, 3, 1);
  pathscope::LoadReport report;
  const Graph g = builder.build(true, report);
  DrawnGraphOptions options;
  options.layout.iterations = 10;
  const DrawnGraph d = pathscope::draw_graph(g, options, JobContext{});
  EXPECT_EQ(d.component_count, 3);
  EXPECT_EQ(d.component[0], d.component[2]);
  EXPECT_EQ(d.component[3], d.component[4]);
  EXPECT_NE(d.component[0], d.component[3]);
  EXPECT_NE(d.component[5], d.component[0]);
  EXPECT_NE(d.component[5], d.component[3]);
}

// A force-laid-out graph of several components and isolated nodes: each component keeps its
// own shape, no two components' boxes overlap, the isolated nodes sit apart below them all,
// and the largest component is not squashed into a corner of the picture.
TEST(DrawnGraph, ComponentsArePackedAndIsolatedNodesPlacedApart) {
  pathscope::SplitMix64 rng(std::random_device{}());
  const int parts = 2 + static_cast<int>(rng.below(5));
  const int isolated = 1 + static_cast<int>(rng.below(25));
  std::vector<std::pair<std::int32_t, std::int32_t>> ranges;  // first node, count
  std::int32_t n = 0;
  for (int c = 0; c < parts; ++c) {
    const std::int32_t size = (c == 0 ? 60 : 3) + static_cast<std::int32_t>(rng.below(c == 0 ? 80 : 30));
    ranges.push_back({n, size});
    n += size;
  }
  pathscope::GraphBuilder builder(n + isolated);
  for (const auto& [first, size] : ranges) {
    for (std::int32_t i = 1; i < size; ++i) {  // a random tree keeps the part connected
      builder.add_edge(first + i, first + static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(i))), 1);
    }
  }
  pathscope::LoadReport report;
  const Graph g = builder.build(true, report);
  DrawnGraphOptions options;
  options.layout.iterations = 60;
  const DrawnGraph d = pathscope::draw_graph(g, options, JobContext{});
  SCOPED_TRACE(std::to_string(parts) + " parts, " + std::to_string(isolated) + " isolated");
  expect_all_finite(d, g.n);
  ASSERT_EQ(d.component_count, parts + isolated);
  struct Box {
    double lo_x, lo_y, hi_x, hi_y;
  };
  std::vector<Box> boxes;
  for (const auto& [first, size] : ranges) {
    Box b{INFINITY, INFINITY, -INFINITY, -INFINITY};
    for (std::int32_t u = first; u < first + size; ++u) {
      b.lo_x = std::min<double>(b.lo_x, d.positions[2 * u]), b.hi_x = std::max<double>(b.hi_x, d.positions[2 * u]);
      b.lo_y = std::min<double>(b.lo_y, d.positions[2 * u + 1]), b.hi_y = std::max<double>(b.hi_y, d.positions[2 * u + 1]);
    }
    boxes.push_back(b);
  }
  double lowest = INFINITY, all_lo_x = INFINITY, all_hi_x = -INFINITY;
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    lowest = std::min(lowest, boxes[i].lo_y);
    for (std::size_t j = i + 1; j < boxes.size(); ++j) {
      const bool apart = boxes[i].hi_x < boxes[j].lo_x || boxes[j].hi_x < boxes[i].lo_x ||
                         boxes[i].hi_y < boxes[j].lo_y || boxes[j].hi_y < boxes[i].lo_y;
      EXPECT_TRUE(apart) << "components " << i << " and " << j << " overlap";
    }
  }
  for (std::int32_t u = 0; u < g.n; ++u) {
    all_lo_x = std::min<double>(all_lo_x, d.positions[2 * u]);
    all_hi_x = std::max<double>(all_hi_x, d.positions[2 * u]);
  }
  for (std::int32_t u = n; u < n + isolated; ++u) {
    EXPECT_LT(d.positions[2 * u + 1], lowest) << "isolated node " << u << " is not below the components";
  }
  const double largest_width = boxes[0].hi_x - boxes[0].lo_x;
  EXPECT_GE(largest_width, 0.25 * (all_hi_x - all_lo_x)) << "the largest component is squashed";
  EXPECT_NE(d.position_note.find("isolated"), std::string::npos) << d.position_note;
}

// A complete graph with coordinates (TSPLIB's cities) draws its cities without the fan of
// n(n-1) arcs; take away a fifth of them and the arcs are drawn again.
TEST(DrawnGraph, CompleteGraphsWithCoordinatesDrawCitiesOnly) {
  pathscope::SplitMix64 rng(std::random_device{}());
  const std::int32_t n = 8 + static_cast<std::int32_t>(rng.below(40));
  for (const bool thin : {false, true}) {
    pathscope::GraphBuilder builder(n);
    std::int64_t kept = 0;
    for (std::int32_t u = 0; u < n; ++u) {
      for (std::int32_t v = 0; v < n; ++v) {
        if (u == v || (thin && rng.below(5) == 0)) continue;
        builder.add_arc(u, v, 1 + rng.below(100));
        ++kept;
      }
    }
    pathscope::LoadReport report;
    Graph g = with_square_coordinates(builder.build(true, report), 2);
    const DrawnGraph d = pathscope::draw_graph(g, DrawnGraphOptions{}, JobContext{});
    const bool complete = kept >= static_cast<std::int64_t>(n) * (n - 1) * 9 / 10;
    if (complete) {
      EXPECT_TRUE(d.arcs.empty());
      EXPECT_NE(d.position_note.find("cities only"), std::string::npos) << d.position_note;
    } else {
      EXPECT_EQ(d.arcs.size(), static_cast<std::size_t>(2 * kept));
    }
  }
}

}  // namespace
