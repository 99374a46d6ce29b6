#include "pathscope/centrality/detail/multi_source_levels.hpp"

#include <algorithm>
#include <bit>

namespace pathscope::detail {
namespace {

// A level pulls over in-arcs when its frontier's out-arcs, times this, exceed what a pull would
// read: the in-arcs the last pull read (or, before any, those of every node some source has
// yet to reach) plus one word per such node. A pushed arc reads and writes two words at random,
// a pulled one reads one, and stops early once all 64 sources have reached the node: on the
// larva connectome and a Luxembourg street part a pushed arc took 2 to 2.5 times a pulled one.
constexpr std::int64_t kPushArcCost = 2;

// The arcs of `begin`/`heads` turned around: for each head, its tails in ascending order.
void reverse_arcs(std::int32_t n, const std::int64_t* begin, const std::int32_t* heads,
                  std::vector<std::int64_t>& rbegin, std::vector<std::int32_t>& tails) {
  const auto nodes = static_cast<std::size_t>(n);
  rbegin.assign(nodes + 1, 0);
  for (std::int64_t a = 0; a < begin[n]; ++a) ++rbegin[static_cast<std::size_t>(heads[a]) + 1];
  for (std::size_t v = 0; v < nodes; ++v) rbegin[v + 1] += rbegin[v];
  tails.resize(static_cast<std::size_t>(begin[n]));
  std::vector<std::int64_t> at(rbegin.begin(), rbegin.end() - 1);
  for (std::int32_t u = 0; u < n; ++u)
    for (std::int64_t a = begin[u]; a < begin[u + 1]; ++a) tails[static_cast<std::size_t>(at[heads[a]]++)] = u;
}

}  // namespace

bool searches_levels_in_batches(const Graph& g, const CentralityOptions& options) {
  const auto asked = [&](CentralityMeasure m) {
    return std::find(options.measures.begin(), options.measures.end(), m) != options.measures.end();
  };
  return (options.hops || g.unit_weights) && !asked(CentralityMeasure::Betweenness) &&
         (asked(CentralityMeasure::Closeness) || asked(CentralityMeasure::Harmonic));
}

LevelArcs::LevelArcs(const Graph& g, const GraphMask& mask) : n(g.n) {
  out_begin = g.offsets.data();
  out_heads = g.heads.data();
  // A graph of no nodes may come with no offsets at all.
  if (!mask.keeps_all() || g.offsets.empty()) {
    kept_begin_.assign(static_cast<std::size_t>(n) + 1, 0);
    for (std::int32_t u = 0; u < n; ++u) {
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
        if (mask.keeps_arc(a, u, g.heads[a])) kept_heads_.push_back(g.heads[a]);
      kept_begin_[static_cast<std::size_t>(u) + 1] = static_cast<std::int64_t>(kept_heads_.size());
    }
    out_begin = kept_begin_.data();
    out_heads = kept_heads_.data();
  }
  arc_count = out_begin[n];
  // An undirected graph stores each edge both ways, so its out-arcs are its in-arcs; a mask
  // might keep one way only, so a masked graph is turned around like a directed one.
  if (!g.directed && mask.keeps_all()) {
    in_begin = out_begin;
    in_tails = out_heads;
  } else {
    reverse_arcs(n, out_begin, out_heads, reverse_begin_, reverse_tails_);
    in_begin = reverse_begin_.data();
    in_tails = reverse_tails_.data();
  }
}

std::uint64_t LevelArcs::bytes(const Graph& g, const GraphMask& mask) {
  const std::uint64_t one_way =
      (static_cast<std::uint64_t>(g.n) + 1) * 8 + static_cast<std::uint64_t>(g.arc_count()) * 4;
  const bool masked = !mask.keeps_all();
  return (masked ? one_way : 0) + (masked || g.directed ? one_way : 0);
}

void order_sources_by_nearness(const LevelArcs& arcs, std::vector<std::int32_t>& sources) {
  std::vector<std::int32_t> met(static_cast<std::size_t>(arcs.n), -1);
  std::vector<std::int32_t> queue;
  queue.reserve(static_cast<std::size_t>(arcs.n));
  std::int32_t order = 0;
  const auto meet = [&](std::int32_t v) {
    if (met[v] >= 0) return;
    met[v] = order++;
    queue.push_back(v);
  };
  for (const std::int32_t start : sources) {
    if (met[start] >= 0) continue;
    queue.clear();
    meet(start);
    for (std::size_t i = 0; i < queue.size(); ++i) {
      const std::int32_t u = queue[i];
      for (std::int64_t a = arcs.out_begin[u]; a < arcs.out_begin[u + 1]; ++a) meet(arcs.out_heads[a]);
      for (std::int64_t a = arcs.in_begin[u]; a < arcs.in_begin[u + 1]; ++a) meet(arcs.in_tails[a]);
    }
  }
  std::sort(sources.begin(), sources.end(), [&](std::int32_t a, std::int32_t b) { return met[a] < met[b]; });
}

MultiSourceLevels::MultiSourceLevels(const LevelArcs& arcs, bool distances, bool inverse, LevelStep step)
    : arcs_(arcs), distances_(distances), inverse_(inverse), step_(step) {
  const auto n = static_cast<std::size_t>(arcs.n);
  seen_.assign(n, 0);
  visit_.assign(n, 0);
  next_.assign(n, 0);
  frontier_.reserve(n);
  found_.reserve(n);
  reached_.reserve(n);
  if (distances) {
    sums_.distance_sum.assign(n, 0);
    sums_.reached_by.assign(n, 0);
  }
  if (inverse) sums_.inverse_distance_sum.assign(n, 0);
}

std::uint64_t MultiSourceLevels::bytes_per_thread(std::int32_t n) {
  // seen, visit, next; frontier, found, reached; the four sums.
  return static_cast<std::uint64_t>(n) * (3 * 8 + 3 * 4 + 4 * 8);
}

void MultiSourceLevels::run(const std::int32_t* sources, int count) {
  const std::uint64_t all = count >= kBatch ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1;
  const std::int64_t* out_begin = arcs_.out_begin;
  const std::int64_t* in_begin = arcs_.in_begin;
  std::uint64_t* seen = seen_.data();
  std::uint64_t* visit = visit_.data();
  std::uint64_t* next = next_.data();
  frontier_.clear();
  reached_.clear();
  std::int64_t frontier_arcs = 0;
  // In-arcs of the nodes some source has yet to reach: what a pull would read at most.
  std::int64_t unfinished_arcs = arcs_.arc_count;
  std::int64_t unfinished_nodes = arcs_.n;
  std::int64_t pull_estimate = unfinished_arcs;
  for (int i = 0; i < count; ++i) {
    const std::int32_t s = sources[i];
    frontier_.push_back(s);
    reached_.push_back(s);
    seen[s] = visit[s] = std::uint64_t{1} << i;
    frontier_arcs += out_begin[s + 1] - out_begin[s];
    if (seen[s] == all) {
      unfinished_arcs -= in_begin[s + 1] - in_begin[s];
      --unfinished_nodes;
    }
  }
  for (std::int32_t level = 1; !frontier_.empty(); ++level) {
    found_.clear();
    pull_estimate = std::min(pull_estimate, unfinished_arcs);
    const bool pulls = step_ == LevelStep::Pull ||
                       (step_ == LevelStep::Choose && frontier_arcs * kPushArcCost > pull_estimate + unfinished_nodes);
    if (pulls) pull_estimate = pull(all);
    else push();
    for (const std::int32_t u : frontier_) visit[u] = 0;
    frontier_arcs = 0;
    const double at = level;
    const double inverse_at = 1.0 / level;
    for (const std::int32_t v : found_) {
      const std::uint64_t fresh = next[v];
      next[v] = 0;
      visit[v] = fresh;
      if (seen[v] == 0) reached_.push_back(v);
      seen[v] |= fresh;
      if (seen[v] == all) {
        unfinished_arcs -= in_begin[v + 1] - in_begin[v];
        --unfinished_nodes;
      }
      frontier_arcs += out_begin[v + 1] - out_begin[v];
      const double sources_new = std::popcount(fresh);
      if (distances_) {
        sums_.distance_sum[v] += at * sources_new;
        sums_.reached_by[v] += static_cast<std::int64_t>(sources_new);
      }
      if (inverse_) sums_.inverse_distance_sum[v] += sources_new * inverse_at;
    }
    frontier_.swap(found_);
  }
  for (const std::int32_t v : reached_) seen[v] = 0;
}

// Top-down: each frontier node hands its sources to its heads; a head joins `found_` the first
// time one of them is new to it.
void MultiSourceLevels::push() {
  const std::int64_t* begin = arcs_.out_begin;
  const std::int32_t* heads = arcs_.out_heads;
  const std::uint64_t* seen = seen_.data();
  const std::uint64_t* visit = visit_.data();
  std::uint64_t* next = next_.data();
  std::int64_t scanned = 0;
  for (const std::int32_t u : frontier_) {
    const std::uint64_t from = visit[u];
    const std::int64_t end = begin[u + 1];
    scanned += end - begin[u];
    for (std::int64_t a = begin[u]; a < end; ++a) {
      const std::int32_t v = heads[a];
      const std::uint64_t fresh = from & ~seen[v];
      if (fresh == 0) continue;
      if (next[v] == 0) found_.push_back(v);
      next[v] |= fresh;
    }
  }
  arcs_scanned_ += scanned;
  ++push_levels_;
}

// Bottom-up: every node some source has yet to reach gathers its in-neighbours' frontier bits,
// and stops reading once every source has reached it.
std::int64_t MultiSourceLevels::pull(std::uint64_t all) {
  const std::int64_t* begin = arcs_.in_begin;
  const std::int32_t* tails = arcs_.in_tails;
  const std::uint64_t* seen = seen_.data();
  const std::uint64_t* visit = visit_.data();
  std::uint64_t* next = next_.data();
  std::int64_t scanned = 0;
  for (std::int32_t v = 0; v < arcs_.n; ++v) {
    const std::uint64_t had = seen[v];
    if (had == all) continue;
    std::uint64_t gathered = 0;
    const std::int64_t end = begin[v + 1];
    std::int64_t a = begin[v];
    for (; a < end; ++a) {
      gathered |= visit[tails[a]];
      if ((gathered | had) == all) {
        ++a;
        break;
      }
    }
    scanned += a - begin[v];
    const std::uint64_t fresh = gathered & ~had;
    if (fresh == 0) continue;
    next[v] = fresh;
    found_.push_back(v);
  }
  arcs_scanned_ += scanned;
  ++pull_levels_;
  return scanned;
}

}  // namespace pathscope::detail
