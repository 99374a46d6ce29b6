// Blocked Floyd-Warshall (Venkataraman, Sahni and Mukhopadhyaya's three phases): for each
// diagonal tile r, close the tile itself (phase 1), then the rest of its tile row and tile
// column (phase 2), then every other tile with one min-plus product (phase 3). Phase 3 is
// nearly all the work and its tiles are independent, so it runs on every thread with the
// register-tiled kernels of minplus_kernels.hpp.
//
// The matrix lives tile-major (each tile contiguous) inside the result's own buffer, padded
// to whole tiles with isolated nodes, and is rearranged into the n x n row-major result at the
// end, so the run needs no second n^2 buffer.
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "apsp/cpu_engines.hpp"
#include "apsp/engine_support.hpp"
#include "apsp/integer_headroom.hpp"
#include "apsp/minplus_kernels.hpp"
#include "apsp/negative_cycle_guard.hpp"
#include "runtime/shared_progress.hpp"

namespace pathscope::detail {

namespace {

// Small graphs get small tiles so that the padding stays small (and tests with n around 64
// still run phases 2 and 3); large graphs get tiles that fill L1/L2 (a 128 x 128 int32 tile
// is 64 KiB, so the three a step touches fit a 2 MiB per-core L2).
int choose_tile(std::int32_t n) {
  if (n <= 256) return 32;
  if (n <= 1536) return 64;
  return 128;
}

template <class T> struct WorkingValues;
template <> struct WorkingValues<std::int32_t> {
  static constexpr std::int32_t infinity = kInt32WorkingInfinity;
  // Every real distance is at most kInt32PathCostLimit and every "unreachable" at least
  // infinity - kInt32PathCostLimit, which is larger (integer_headroom.hpp).
  static bool unreachable(std::int32_t d) { return d > kInt32PathCostLimit; }
  static constexpr std::int32_t result_unreachable = kUnreachableI32;
};
template <> struct WorkingValues<std::int64_t> {
  static constexpr std::int64_t infinity = kInt64WorkingInfinity;
  static bool unreachable(std::int64_t d) { return d > kInt64PathCostLimit; }  // as for int32
  static constexpr std::int64_t result_unreachable = kUnreachableI64;
};
template <> struct WorkingValues<float> {
  static constexpr float infinity = std::numeric_limits<float>::infinity();
  static bool unreachable(float d) { return std::isinf(d) && d > 0; }
  static constexpr float result_unreachable = kUnreachableF32;
};

template <class T> const TileKernels<T>& kernels_for(const MinPlusKernels& k);
template <> const TileKernels<std::int32_t>& kernels_for(const MinPlusKernels& k) { return k.i32; }
template <> const TileKernels<float>& kernels_for(const MinPlusKernels& k) { return k.f32; }
template <> const TileKernels<std::int64_t>& kernels_for(const MinPlusKernels& k) { return k.i64; }

// Tile-major view of a padded N x N matrix of `tiles` x `tiles` tiles.
template <class T>
struct TileGrid {
  T* data;
  int tile, tiles;
  T* at(int bi, int bj) const {
    return data + (static_cast<std::size_t>(bi) * tiles + bj) * tile * tile;
  }
  T& cell(std::int32_t u, std::int32_t v) const {
    return at(u / tile, v / tile)[(u % tile) * tile + v % tile];
  }
};

// Next hops and hop counts, kept only when next hops are asked for.
struct HopGrids {
  TileGrid<std::int32_t> next, count;
};

template <class T>
void fill_from_arcs(const Graph& g, const TileGrid<T>& d, const HopGrids* hops) {
  const std::size_t cells = static_cast<std::size_t>(d.tile) * d.tile * d.tiles * d.tiles;
  std::fill(d.data, d.data + cells, WorkingValues<T>::infinity);
  if (hops) {
    std::fill(hops->next.data, hops->next.data + cells, -1);
    std::fill(hops->count.data, hops->count.data + cells, 0);
  }
  for (std::int32_t u = 0; u < d.tile * d.tiles; ++u) d.cell(u, u) = 0;
  for (std::int32_t u = 0; u < g.n; ++u) {
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      const T w = static_cast<T>(g.weights[a]);
      if (v != u && w < d.cell(u, v)) {
        d.cell(u, v) = w;
        if (hops) {
          hops->next.cell(u, v) = v;
          hops->count.cell(u, v) = 1;
        }
      }
    }
  }
}

template <class T>
void run_rounds(const TileGrid<T>& d, const HopGrids* hops, int threads, const JobContext& job) {
  const TileKernels<T>& k = kernels_for<T>(minplus_kernels());
  const int tiles = d.tiles, tile = d.tile;
  const int others = tiles - 1;
  // c = min(c, a (x) b) for tiles given by position, with or without next hops.
  auto product = [&](int ci, int cj, int ai, int aj, int bi, int bj) {
    if (hops)
      k.product_next(d.at(ci, cj), d.at(ai, aj), d.at(bi, bj), hops->next.at(ci, cj), hops->next.at(ai, aj),
                     hops->count.at(ci, cj), hops->count.at(ai, aj), hops->count.at(bi, bj), tile);
    else
      k.product(d.at(ci, cj), d.at(ai, aj), d.at(bi, bj), tile);
  };
  for (int r = 0; r < tiles; ++r) {
    job.check_cancel();
    if (hops) k.closure_next(d.at(r, r), hops->next.at(r, r), hops->count.at(r, r), tile);
    else k.closure(d.at(r, r), tile);
#pragma omp parallel num_threads(threads)
    {
      // Phase 2: the pivot's tile row (paths leaving the pivot block) and tile column (paths
      // entering it), each one product with the closed pivot tile.
#pragma omp for schedule(dynamic)
      for (int t = 0; t < 2 * others; ++t) {
        const int other = (t % others) < r ? t % others : t % others + 1;
        if (t < others) product(r, other, r, r, r, other);
        else product(other, r, other, r, r, r);
      }
      // Phase 3: every other tile through the pivot block.
#pragma omp for schedule(dynamic)
      for (int t = 0; t < others * others; ++t) {
        const int bi = t / others < r ? t / others : t / others + 1;
        const int bj = t % others < r ? t % others : t % others + 1;
        product(bi, bj, bi, r, r, bj);
      }
    }
    report_step(job, r + 1, tiles);
  }
}

// Rearranges the tile-major padded matrix into the first n*n cells, row-major. Tile row bi
// is first copied aside; its rows then land at or before where tile row bi began, so they
// never overwrite a tile row not yet copied.
template <class T, class Convert>
void untile(T* data, std::int32_t n, int tile, int tiles, Convert convert) {
  const std::size_t padded = static_cast<std::size_t>(tile) * tiles;
  const std::size_t size = static_cast<std::size_t>(n);
  std::vector<T> band(static_cast<std::size_t>(tile) * padded);
  for (int bi = 0; bi < tiles; ++bi) {
    std::copy_n(data + bi * band.size(), band.size(), band.begin());
    for (int row = 0; row < tile; ++row) {
      const std::size_t u = static_cast<std::size_t>(bi) * tile + row;
      if (u >= size) break;
      for (int bj = 0; bj < tiles; ++bj) {
        const T* from = band.data() + static_cast<std::size_t>(bj) * tile * tile + static_cast<std::size_t>(row) * tile;
        const std::size_t v0 = static_cast<std::size_t>(bj) * tile;
        for (std::size_t c = 0; c < static_cast<std::size_t>(tile) && v0 + c < size; ++c)
          data[u * size + v0 + c] = convert(from[c]);
      }
    }
  }
}

class BlockedEngine final : public ApspEngine {
 public:
  std::string name() const override { return "blocked"; }
  std::string description() const override {
    return std::string("3-phase blocked Floyd-Warshall, cache-sized tiles, all threads (") +
           minplus_kernels().instruction_set + " kernels)";
  }
  bool supports(DistType t) const override {
    return t == DistType::Int32 || t == DistType::Int64 || t == DistType::Float32;
  }

  ApspResult run(const Graph& g, const ApspOptions& options, const JobContext& job) const override {
    const double start = now_seconds();
    const int tile = choose_tile(g.n);
    const int tiles = (g.n + tile - 1) / tile;
    const std::int64_t padded = static_cast<std::int64_t>(tiles) * tile;
    // With next hops the run also keeps a hop count per cell until the end.
    const std::uint64_t hop_counts = options.next_hop ? static_cast<std::uint64_t>(padded) * padded * 4 : 0;
    check_run_request(*this, g, options, padded, hop_counts);
    refuse_negative_cycles(g, job);
    const int threads = effective_threads(options);

    ApspResult r;
    r.n = g.n;
    r.dist = options.dist;
    double compute_start = 0, compute_end = 0;
    auto compute_into = [&](auto& d) {
      compute(g, options.next_hop, tile, tiles, threads, job, d, r, compute_start, compute_end);
    };
    switch (options.dist) {
      case DistType::Int32: compute_into(r.d32); break;
      case DistType::Int64: compute_into(r.d64); break;
      case DistType::Float32: compute_into(r.df); break;
      case DistType::Hop16: break;  // refused by check_run_request
    }

    r.timing.engine = name();
    r.timing.device = cpu_device_label(threads);
    r.timing.seconds = now_seconds() - start;
    r.timing.compute_seconds = compute_end - compute_start;
    const double n = g.n;
    r.timing.updates = n * n * n;
    return r;
  }

 private:
  template <class T>
  static void compute(const Graph& g, bool with_next, int tile, int tiles, int threads, const JobContext& job,
                      ResultVector<T>& d, ApspResult& r, double& compute_start, double& compute_end) {
    const std::size_t padded_cells = static_cast<std::size_t>(tile) * tiles * tile * tiles;
    d.resize(padded_cells);
    std::vector<std::int32_t> hop_counts;
    if (with_next) {
      r.next.resize(padded_cells);
      hop_counts.resize(padded_cells);
    }
    const TileGrid<T> grid{d.data(), tile, tiles};
    const HopGrids hop_grids{{r.next.data(), tile, tiles}, {hop_counts.data(), tile, tiles}};
    const HopGrids* hops = with_next ? &hop_grids : nullptr;
    fill_from_arcs(g, grid, hops);

    compute_start = now_seconds();
    run_rounds(grid, hops, threads, job);
    compute_end = now_seconds();

    const std::size_t n = static_cast<std::size_t>(g.n);
    if (with_next) {
      hop_counts = {};
      // Next hops first, while the distances still say which cells are unreachable.
      for (std::int32_t u = 0; u < g.n; ++u)
        for (std::int32_t v = 0; v < g.n; ++v)
          if (WorkingValues<T>::unreachable(grid.cell(u, v))) hop_grids.next.cell(u, v) = -1;
      untile(r.next.data(), g.n, tile, tiles, [](std::int32_t hop) { return hop; });
      r.next.resize(n * n);
    }
    untile(d.data(), g.n, tile, tiles, [](T value) {
      return WorkingValues<T>::unreachable(value) ? WorkingValues<T>::result_unreachable : value;
    });
    d.resize(n * n);
    for (std::size_t i = 0; i < n; ++i) {
      if constexpr (std::is_integral_v<T>) {
        if (d[i * n + i] < 0) throw NegativeCycle(static_cast<std::int32_t>(i));
      } else {
        // refuse_negative_cycles proved there is none: a negative diagonal here is float
        // rounding around a zero-cost cycle.
        d[i * n + i] = 0;
      }
    }
  }
};

}  // namespace

std::unique_ptr<ApspEngine> make_blocked_engine() { return std::make_unique<BlockedEngine>(); }

}  // namespace pathscope::detail
