// Multilevel force-directed layout after Yifan Hu ("Efficient and high quality force-directed
// graph drawing", Mathematica Journal 10, 2005): the graph is coarsened by merging matched
// neighbours until it is small, the coarsest graph is laid out from random positions, and
// each finer level starts from its parent's place and is refined. Starting every node of a
// large sparse graph at random folds it into a hairball; starting from the coarse shape does not.
// Each refinement is Fruchterman-Reingold with Barnes-Hut repulsion and Hu's adaptive step.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "layout/quadtree.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/layout/layout.hpp"

namespace pathscope {
namespace {

using Neighbours = std::vector<std::vector<std::int32_t>>;

// Each node's neighbours once, in both directions: a one-way arc still ties its two ends.
Neighbours undirected_neighbours(const Graph& g) {
  Neighbours nb(static_cast<std::size_t>(g.n));
  for (std::int32_t u = 0; u < g.n; ++u) {
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      if (v == u) continue;
      nb[u].push_back(v);
      nb[v].push_back(u);
    }
  }
  for (auto& list : nb) {
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  return nb;
}

struct Coarsening {
  Neighbours coarse;
  std::vector<std::int32_t> parent;  // fine node -> coarse node
};

// Greedy matching in index order, each node paired with its unmatched neighbour of lowest
// degree (so hubs are not swallowed early); unmatched nodes carry over alone.
Coarsening coarsen(const Neighbours& fine) {
  const auto n = static_cast<std::int32_t>(fine.size());
  Coarsening c;
  c.parent.assign(fine.size(), -1);
  std::int32_t next = 0;
  for (std::int32_t u = 0; u < n; ++u) {
    if (c.parent[u] >= 0) continue;
    std::int32_t best = -1;
    for (std::int32_t v : fine[u]) {
      if (c.parent[v] >= 0) continue;
      if (best < 0 || fine[v].size() < fine[best].size()) best = v;
    }
    c.parent[u] = next;
    if (best >= 0) c.parent[best] = next;
    ++next;
  }
  c.coarse.resize(static_cast<std::size_t>(next));
  for (std::int32_t u = 0; u < n; ++u) {
    for (std::int32_t v : fine[u]) {
      if (c.parent[u] != c.parent[v]) c.coarse[c.parent[u]].push_back(c.parent[v]);
    }
  }
  for (auto& list : c.coarse) {
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  return c;
}

struct Progress {
  const JobContext& job;
  double done = 0, total = 1;
  void step() { job.report(std::min(1.0, ++done / total)); }
};

// Moves pos towards low energy: springs of natural length 1 between neighbours, repulsion
// from every node (Barnes-Hut), a little gravity so separate components stay in the picture.
void refine(const Neighbours& nb, std::vector<float>& pos, int iterations, double step, double theta,
            Progress& progress) {
  const auto n = static_cast<std::int32_t>(nb.size());
  const double spring = 1.0, repulsion = 0.2 * spring * spring, gravity = 0.01;
  const double cooling = 0.9;
  double last_energy = std::numeric_limits<double>::infinity();
  int improving = 0;
  std::vector<double> fx(static_cast<std::size_t>(n)), fy(static_cast<std::size_t>(n));
  detail::QuadTree tree;
  int iteration = 0;
  for (; iteration < iterations; ++iteration) {
    progress.job.check_cancel();
    tree.build(pos);
#pragma omp parallel for schedule(dynamic, 256)
    for (std::int32_t i = 0; i < n; ++i) {
      double x = 0, y = 0;
      tree.repulsion(pos, i, theta, repulsion, &x, &y);
      const double px = pos[2 * i], py = pos[2 * i + 1];
      for (std::int32_t j : nb[i]) {
        const double dx = pos[2 * j] - px, dy = pos[2 * j + 1] - py;
        const double d = std::sqrt(dx * dx + dy * dy);
        x += dx * d / spring;
        y += dy * d / spring;
      }
      x -= gravity * px;
      y -= gravity * py;
      fx[i] = x;
      fy[i] = y;
    }
    double energy = 0;
    for (std::int32_t i = 0; i < n; ++i) {
      const double f = std::sqrt(fx[i] * fx[i] + fy[i] * fy[i]);
      energy += f * f;
      if (f > 0) {
        pos[2 * i] = static_cast<float>(pos[2 * i] + step * fx[i] / f);
        pos[2 * i + 1] = static_cast<float>(pos[2 * i + 1] + step * fy[i] / f);
      }
    }
    if (energy < last_energy) {
      if (++improving >= 5) {
        improving = 0;
        step /= cooling;
      }
    } else {
      improving = 0;
      step *= cooling;
    }
    last_energy = energy;
    progress.step();
    if (step < spring * 1e-3) break;  // frozen: further rounds would not move anything visibly
  }
  progress.done += iterations - iteration - (iteration < iterations ? 1 : 0);
}

}  // namespace

std::vector<float> force_layout(const Graph& g, const LayoutOptions& options, const JobContext& job) {
  const std::int32_t n = g.n;
  if (n <= 1) return std::vector<float>(static_cast<std::size_t>(std::max(n, 0)) * 2, 0.0f);

  // The hierarchy, finest first; stop when small or when matching stops shrinking it.
  std::vector<Neighbours> levels{undirected_neighbours(g)};
  std::vector<std::vector<std::int32_t>> parents;
  while (levels.back().size() > 64) {
    Coarsening c = coarsen(levels.back());
    if (c.coarse.size() > 0.9 * static_cast<double>(levels.back().size())) break;
    parents.push_back(std::move(c.parent));
    levels.push_back(std::move(c.coarse));
  }

  // The coarsest level gets the full budget; the cheaper middle levels the same; the
  // finest, which only smooths out local detail, half.
  const int coarse_iterations = std::max(1, options.iterations);
  const int finest_iterations = std::max(1, options.iterations / 2);
  Progress progress{job, 0, 0};
  progress.total = static_cast<double>(coarse_iterations) * static_cast<double>(levels.size() - 1) + finest_iterations;

  SplitMix64 rng(options.seed);
  const auto& coarsest = levels.back();
  const double side = std::sqrt(static_cast<double>(coarsest.size()));
  std::vector<float> pos(coarsest.size() * 2);
  for (auto& p : pos) p = static_cast<float>((rng.unit() - 0.5) * side);
  refine(coarsest, pos, levels.size() == 1 ? finest_iterations : coarse_iterations, side / 10, options.theta, progress);

  for (std::size_t level = levels.size() - 1; level-- > 0;) {
    const auto& fine = levels[level];
    const auto& parent = parents[level];
    // A finer level has more nodes at the same spring length, so it needs more room.
    const double grow = std::sqrt(static_cast<double>(fine.size()) / static_cast<double>(levels[level + 1].size()));
    std::vector<float> fine_pos(fine.size() * 2);
    for (std::size_t u = 0; u < fine.size(); ++u) {
      // Siblings start a hair apart in a seeded direction so they can separate.
      const double angle = rng.unit() * 6.283185307179586;
      fine_pos[2 * u] = static_cast<float>(pos[2 * parent[u]] * grow + 0.1 * std::cos(angle));
      fine_pos[2 * u + 1] = static_cast<float>(pos[2 * parent[u] + 1] * grow + 0.1 * std::sin(angle));
    }
    pos = std::move(fine_pos);
    refine(fine, pos, level == 0 ? finest_iterations : coarse_iterations, 1.0, options.theta, progress);
  }
  job.report(1.0);
  return pos;
}

}  // namespace pathscope
