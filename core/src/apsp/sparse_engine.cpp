// All pairs by one single-source search per source, sources spread over the threads:
// Dijkstra (Dial's buckets or a radix heap for whole costs, a 4-ary heap for fractional ones),
// or BFS when every arc costs 1. On sparse graphs this does about n * m work instead of
// Floyd-Warshall's n^3. Each search writes straight into its own result row, so threads share
// nothing but the read-only graph.
#include <algorithm>
#include <limits>
#include <type_traits>

#include "apsp/bucket_queue.hpp"
#include "apsp/contracted_searches.hpp"
#include "apsp/cpu_engines.hpp"
#include "apsp/engine_support.hpp"
#include "apsp/integer_headroom.hpp"
#include "apsp/quaternary_heap.hpp"
#include "apsp/radix_heap.hpp"
#include "apsp/rows_from_successors.hpp"
#include "runtime/shared_progress.hpp"

namespace pathscope::detail {

namespace {

struct RealEntry {
  double dist;
  std::int32_t node;
};
struct RealLess {
  bool operator()(const RealEntry& a, const RealEntry& b) const { return a.dist < b.dist; }
};

// Where a search writes one source's row: distances of the result type and, when asked,
// the first hop from the source towards each node.
template <class Dist>
struct Row {
  Dist* dist;
  std::int32_t* first_hop;  // null when next hops were not asked for
};

// The first hop towards v is v itself when the search reached v straight from the source,
// otherwise the first hop towards the node it came from.
inline void set_first_hop(std::int32_t* first_hop, std::int32_t source, std::int32_t from, std::int32_t to) {
  if (first_hop) first_hop[to] = from == source ? to : first_hop[from];
}

template <class Dist>
std::int64_t breadth_first(const Graph& g, std::int32_t s, Row<Dist> row, std::vector<std::int32_t>& queue,
                           Dist unreachable) {
  std::int64_t scanned = 0;
  std::size_t head = 0;
  queue.clear();
  queue.push_back(s);
  row.dist[s] = 0;
  while (head < queue.size()) {
    const std::int32_t u = queue[head++];
    const Dist next_level = row.dist[u] + 1;
    scanned += g.offsets[u + 1] - g.offsets[u];
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      if (row.dist[v] != unreachable) continue;
      row.dist[v] = next_level;
      set_first_hop(row.first_hop, s, u, v);
      queue.push_back(v);
    }
  }
  return scanned;
}

inline void pop_entry(RadixHeap& heap, std::uint32_t& key, std::int32_t& node) {
  const RadixHeap::Entry top = heap.pop();
  key = top.key;
  node = top.node;
}
inline void pop_entry(BucketQueue& queue, std::uint32_t& key, std::int32_t& node) { queue.pop(key, node); }

// Queue is a monotone integer priority queue: BucketQueue or RadixHeap.
template <class Queue>
std::int64_t dijkstra_int(const std::vector<std::int64_t>& offsets, const std::vector<IntArc>& arcs,
                          std::int32_t s, Row<std::int32_t> row, Queue& heap) {
  std::int64_t scanned = 0;
  heap.clear();
  row.dist[s] = 0;
  heap.push(0, s);
  while (!heap.empty()) {
    std::uint32_t key;
    std::int32_t u;
    pop_entry(heap, key, u);
    const std::int32_t du = static_cast<std::int32_t>(key);
    if (du > row.dist[u]) continue;  // stale: u was settled with a shorter distance
    scanned += offsets[u + 1] - offsets[u];
    for (std::int64_t a = offsets[u]; a < offsets[u + 1]; ++a) {
      const std::int32_t v = arcs[a].head;
      const std::int32_t candidate = du + arcs[a].cost;
      if (candidate >= row.dist[v]) continue;
      row.dist[v] = candidate;
      set_first_hop(row.first_hop, s, u, v);
      heap.push(static_cast<std::uint32_t>(candidate), v);
    }
  }
  return scanned;
}

// Float results come from a search in double, rounded once per cell: the closest float to
// the exact shortest distance.
std::int64_t dijkstra_real(const Graph& g, std::int32_t s, Row<float> row, std::vector<double>& dist,
                           QuaternaryHeap<RealEntry, RealLess>& heap) {
  std::int64_t scanned = 0;
  heap.clear();
  std::fill(dist.begin(), dist.end(), std::numeric_limits<double>::infinity());
  dist[s] = 0;
  heap.push({0.0, s});
  while (!heap.empty()) {
    const RealEntry top = heap.pop();
    const std::int32_t u = top.node;
    if (top.dist > dist[u]) continue;
    scanned += g.offsets[u + 1] - g.offsets[u];
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      const double candidate = top.dist + g.weights[a];
      if (candidate >= dist[v]) continue;
      dist[v] = candidate;
      set_first_hop(row.first_hop, s, u, v);
      heap.push({candidate, v});
    }
  }
  for (std::int32_t v = 0; v < g.n; ++v) row.dist[v] = static_cast<float>(dist[v]);
  return scanned;
}

// With next hops asked for, paths are compared by (cost, hops): each source's search picks
// its own tree, and with zero-cost arcs two trees can disagree on ties (u's first hop towards
// t is k, k's is u), so that following next hops loops. Among equal costs the fewest hops is
// one consistent choice: the next hop's own best path is then one hop shorter, so the walk
// must reach t. Distances are the same as without next hops.
template <class Cost>
struct LexEntry {
  Cost dist;
  std::int32_t hops;
  std::int32_t node;
};
template <class Cost>
struct LexLess {
  bool operator()(const LexEntry<Cost>& a, const LexEntry<Cost>& b) const {
    return a.dist < b.dist || (a.dist == b.dist && a.hops < b.hops);
  }
};

template <class Cost, class Dist>
std::int64_t dijkstra_fewest_hops(const Graph& g, std::int32_t s, Row<Dist> row, std::vector<Cost>& dist,
                                  std::vector<std::int32_t>& hops, QuaternaryHeap<LexEntry<Cost>, LexLess<Cost>>& heap) {
  std::int64_t scanned = 0;
  heap.clear();
  std::fill(dist.begin(), dist.end(), std::numeric_limits<Cost>::max());
  dist[s] = 0;
  hops[s] = 0;
  heap.push({0, 0, s});
  const LexLess<Cost> less;
  while (!heap.empty()) {
    const LexEntry<Cost> top = heap.pop();
    const std::int32_t u = top.node;
    if (less({dist[u], hops[u], u}, top)) continue;  // stale
    scanned += g.offsets[u + 1] - g.offsets[u];
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      const LexEntry<Cost> candidate{static_cast<Cost>(top.dist + static_cast<Cost>(g.weights[a])), top.hops + 1, v};
      if (!less(candidate, {dist[v], hops[v], v})) continue;
      dist[v] = candidate.dist;
      hops[v] = candidate.hops;
      set_first_hop(row.first_hop, s, u, v);
      heap.push(candidate);
    }
  }
  for (std::int32_t v = 0; v < g.n; ++v)
    if (dist[v] != std::numeric_limits<Cost>::max()) row.dist[v] = static_cast<Dist>(dist[v]);
  return scanned;
}

void refuse_negative_arcs(const Graph& g) {
  for (std::int32_t u = 0; u < g.n; ++u)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (g.weights[a] < 0)
        throw Error("engine 'sparse' runs Dijkstra, which needs non-negative costs, but there is a "
                    "negative arc " + g.label(u) + " -> " + g.label(g.heads[a]) + " (cost " +
                    std::to_string(g.weights[a]) + "): use blocked");
}

// The search that answers every source of one run, chosen once from the graph and options.
enum class Method {
  BreadthFirst,     // every arc costs 1
  Buckets,          // whole costs up to BucketQueue::kMaxCost
  Radix,            // larger whole costs
  Real,             // fractional costs: double, rounded to float at the end
  FewestHopsInt,    // next hops asked for (see dijkstra_fewest_hops)
  FewestHopsReal,
};

Method choose_method(const Graph& g, const ApspOptions& options) {
  if (g.unit_weights) return Method::BreadthFirst;
  const bool fits_int32 = int32_distances_fit(g);
  // Whole costs beyond int32 are searched in int64 for an int64 result (float results of them
  // are searched in double and rounded once, as fractional costs are).
  const bool whole = fits_int32 || (options.dist == DistType::Int64 && int64_distances_fit(g));
  if (options.next_hop) return whole ? Method::FewestHopsInt : Method::FewestHopsReal;
  // The fewest-hops search is the one in int64; its tie-break costs little.
  if (!fits_int32) return whole ? Method::FewestHopsInt : Method::Real;
  // Float results of whole costs are whole numbers too: the integer search gives them
  // exactly, as the double search would, only faster.
  return g.arc_count() == 0 || g.max_weight() <= BucketQueue::kMaxCost ? Method::Buckets : Method::Radix;
}

// Whole costs searched exactly into integer rows: rows_from_successors.hpp can derive rows.
bool derives_rows(Method method, const ApspOptions& options) {
  const bool whole = method == Method::BreadthFirst || method == Method::Buckets || method == Method::Radix;
  return whole && !options.next_hop && (options.dist == DistType::Int32 || options.dist == DistType::Int64);
}

void derive(const Graph& g, std::int32_t u, ApspResult& r) {
  if (r.dist == DistType::Int32) derive_row(g, u, r.d32.data(), kUnreachableI32);
  else derive_row(g, u, r.d64.data(), kUnreachableI64);
}

// Timing::updates stays the work of a search from every source (each node a source reaches
// scans its arcs once), whichever way a row was made, so that updates/s compares across
// versions and with other Dijkstra codes: the arcs out of every node row s reaches.
template <class Dist>
std::int64_t arcs_a_search_scans(const std::vector<std::int32_t>& out_degree, const Dist* row, Dist unreachable) {
  std::int64_t arcs = 0;
  for (std::size_t t = 0; t < out_degree.size(); ++t) arcs += row[t] != unreachable ? out_degree[t] : 0;
  return arcs;
}

std::int64_t arcs_a_search_scans(const std::vector<std::int32_t>& out_degree, const ApspResult& r, std::int32_t s) {
  const std::size_t at = static_cast<std::size_t>(s) * out_degree.size();
  return r.dist == DistType::Int32 ? arcs_a_search_scans(out_degree, r.d32.data() + at, kUnreachableI32)
                                   : arcs_a_search_scans(out_degree, r.d64.data() + at, kUnreachableI64);
}

// One thread's buffers; search() fills row s of the result.
class Searcher {
 public:
  // int_arcs: the graph searched by the whole-cost methods (Buckets, Radix).
  Searcher(const Graph& g, const ContractedGraph& int_arcs, Method method)
      : g_(g), int_arcs_(int_arcs), method_(method),
        buckets_(method == Method::Buckets ? static_cast<std::uint32_t>(int_arcs.max_cost) : 0) {}

  std::int64_t search(std::int32_t s, ApspResult& r) {
    const std::size_t n = static_cast<std::size_t>(g_.n);
    std::int32_t* first_hop = r.next.empty() ? nullptr : r.next.data() + s * n;
    switch (r.dist) {
      case DistType::Int32: return search_into(s, cleared(Row<std::int32_t>{r.d32.data() + s * n, first_hop}));
      case DistType::Int64: return search_row(s, cleared(Row<std::int64_t>{r.d64.data() + s * n, first_hop}));
      case DistType::Float32: return search_row(s, cleared(Row<float>{r.df.data() + s * n, first_hop}));
      case DistType::Hop16: break;
    }
    throw Error("sparse engine: no search for this distance type");  // refused by check_run_request
  }

 private:
  // Rows of another type than int32: costs within int32's range are searched in int32 (the
  // bucket and radix queues are the fast ones), then the row is converted.
  template <class Dist>
  std::int64_t search_row(std::int32_t s, Row<Dist> row) {
    if (method_ != Method::Buckets && method_ != Method::Radix) return search_into(s, row);
    const std::size_t n = static_cast<std::size_t>(g_.n);
    int_row_.assign(n, kUnreachableI32);
    const std::int64_t scanned = search_into(s, Row<std::int32_t>{int_row_.data(), nullptr});
    for (std::size_t v = 0; v < n; ++v)
      if (int_row_[v] != kUnreachableI32) row.dist[v] = static_cast<Dist>(int_row_[v]);
    return scanned;
  }

  // The searches write the cells they reach; the others are unreachable. Cleared here, by the
  // thread that searches the row, rather than all rows by one thread before the searches.
  template <class Dist>
  Row<Dist> cleared(Row<Dist> row) const {
    const std::size_t n = static_cast<std::size_t>(g_.n);
    std::fill_n(row.dist, n, kUnreachableOf<Dist>);
    if (row.first_hop) std::fill_n(row.first_hop, n, -1);
    return row;
  }

  template <class Dist>
  std::int64_t search_into(std::int32_t s, Row<Dist> row) {
    const std::size_t n = static_cast<std::size_t>(g_.n);
    switch (method_) {
      case Method::BreadthFirst:
        return breadth_first(g_, s, row, queue_, kUnreachableOf<Dist>);
      case Method::Buckets:
      case Method::Radix:
        if constexpr (std::is_same_v<Dist, std::int32_t>) {
          const std::int64_t scanned = method_ == Method::Buckets
                                           ? dijkstra_int(int_arcs_.offsets, int_arcs_.arcs, s, row, buckets_)
                                           : dijkstra_int(int_arcs_.offsets, int_arcs_.arcs, s, row, radix_);
          fill_removed_distances(int_arcs_, row.dist, kUnreachableI32);
          return scanned;
        }
        break;
      case Method::Real:
        if constexpr (std::is_same_v<Dist, float>) {
          real_dist_.resize(n);
          return dijkstra_real(g_, s, row, real_dist_, real_heap_);
        }
        break;
      case Method::FewestHopsInt:
        int_dist_.resize(n);
        hops_.resize(n);
        return dijkstra_fewest_hops(g_, s, row, int_dist_, hops_, int_lex_heap_);
      case Method::FewestHopsReal:
        real_dist_.resize(n);
        hops_.resize(n);
        return dijkstra_fewest_hops(g_, s, row, real_dist_, hops_, real_lex_heap_);
    }
    throw Error("sparse engine: no search for this distance type");  // unreachable by choose_method
  }

  const Graph& g_;
  const ContractedGraph& int_arcs_;
  Method method_;
  BucketQueue buckets_;
  RadixHeap radix_;
  QuaternaryHeap<RealEntry, RealLess> real_heap_;
  QuaternaryHeap<LexEntry<std::int64_t>, LexLess<std::int64_t>> int_lex_heap_;
  QuaternaryHeap<LexEntry<double>, LexLess<double>> real_lex_heap_;
  std::vector<std::int32_t> queue_, hops_, int_row_;
  std::vector<std::int64_t> int_dist_;
  std::vector<double> real_dist_;
};

class SparseEngine final : public ApspEngine {
 public:
  std::string name() const override { return "sparse"; }
  std::string description() const override {
    return "Dijkstra (BFS when unweighted) from every source, sources in parallel; with whole costs, rows of an "
           "independent set taken as the minimum over their successors' rows";
  }
  bool supports(DistType t) const override {
    return t == DistType::Int32 || t == DistType::Int64 || t == DistType::Float32;
  }

  ApspResult run(const Graph& g, const ApspOptions& options, const JobContext& job) const override {
    const double start = now_seconds();
    check_run_request(*this, g, options, g.n);
    refuse_negative_arcs(g);
    const int threads = effective_threads(options);
    const std::size_t n = static_cast<std::size_t>(g.n);

    ApspResult r;
    r.n = g.n;
    r.dist = options.dist;
    // Every row is written by the thread that searches or derives it (Searcher::cleared).
    if (options.next_hop) r.next.resize(n * n);
    switch (options.dist) {
      case DistType::Int32: r.d32.resize(n * n); break;
      case DistType::Int64: r.d64.resize(n * n); break;
      case DistType::Float32: r.df.resize(n * n); break;
      case DistType::Hop16: break;  // refused by check_run_request
    }

    Method method = choose_method(g, options);
    const double compute_start = now_seconds();
    // The rows searched first, then the ones derived from them; whole-cost searches skip the
    // derived nodes with few arcs (contracted_searches.hpp).
    const bool derives = derives_rows(method, options);
    const Graph reverse = derives ? reverse_graph(g) : Graph();
    const std::vector<std::uint8_t> derived = derives ? rows_to_derive(g, reverse) : std::vector<std::uint8_t>();
    ContractedGraph int_arcs;
    if (method == Method::Buckets || method == Method::Radix) {
      int_arcs = derived.empty() ? uncontracted(g) : contract_derived_nodes(g, reverse, derived);
      if (method == Method::Buckets && static_cast<std::uint32_t>(int_arcs.max_cost) > BucketQueue::kMaxCost)
        method = Method::Radix;  // shortcuts cost up to twice the largest arc
    }
    std::vector<std::int32_t> searched, derived_rows;
    for (std::int32_t s = 0; s < g.n; ++s) (!derived.empty() && derived[s] ? derived_rows : searched).push_back(s);
    const auto count = [](const std::vector<std::int32_t>& v) { return static_cast<std::int64_t>(v.size()); };
    std::vector<std::int32_t> out_degree;
    if (!derived.empty())
      for (std::int32_t u = 0; u < g.n; ++u) out_degree.push_back(static_cast<std::int32_t>(g.offsets[u + 1] - g.offsets[u]));
    SharedProgress progress(job, g.n);
    std::int64_t scanned = 0;
#pragma omp parallel num_threads(threads) reduction(+ : scanned)
    {
      Searcher searcher(g, int_arcs, method);
#pragma omp for schedule(dynamic, 8)
      for (std::int64_t i = 0; i < count(searched); ++i) {
        if (progress.should_stop()) continue;
        const std::int64_t arcs = searcher.search(searched[i], r);
        scanned += derived.empty() ? arcs : arcs_a_search_scans(out_degree, r, searched[i]);
        progress.unit_done();
      }
#pragma omp for schedule(dynamic, 8)
      for (std::int64_t i = 0; i < count(derived_rows); ++i) {
        if (progress.should_stop()) continue;
        const std::int32_t u = derived_rows[i];
        derive(g, u, r);
        scanned += arcs_a_search_scans(out_degree, r, u);
        progress.unit_done();
      }
    }
    progress.finish();
    const double end = now_seconds();
    r.timing.engine = name();
    r.timing.device = cpu_device_label(threads);
    r.timing.seconds = end - start;
    r.timing.compute_seconds = end - compute_start;
    r.timing.updates = static_cast<double>(scanned);
    return r;
  }
};

}  // namespace

std::unique_ptr<ApspEngine> make_sparse_engine() { return std::make_unique<SparseEngine>(); }

}  // namespace pathscope::detail
