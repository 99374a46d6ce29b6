// Warshall's algorithm on packed rows: for each pivot k, every row i that has bit k ORs row k
// into itself, 64 pairs per word operation.
//
// The pivots go in blocks of 256 so that the matrix streams through the cache once per block
// instead of once per pivot, and the threads meet once per block instead of once per pivot.
// First the block's own rows are closed over the block's pivots (plain Warshall on those
// rows). Then every other row, independently and in parallel, ORs in the block's rows whose
// bit it has. That is still Warshall: a row that reaches the block's first pivot on some path
// gets, through the already closed pivot row, every node that path can go on to reach, so the
// order of the pivots within the block no longer matters.
#include <omp.h>

#include <algorithm>

#include "closure/closure_engines.hpp"
#include "runtime/shared_progress.hpp"

namespace pathscope::detail {
namespace {

constexpr std::int32_t kPivotBlock = 256;
// Rows are handed out in small chunks: on a busy machine a thread that loses its core holds
// up the block's end by one chunk, not by half the matrix.
constexpr std::int32_t kRowChunk = 16;

inline void or_row_into(std::uint64_t* __restrict target, const std::uint64_t* __restrict source,
                        std::int64_t words) {
  for (std::int64_t w = 0; w < words; ++w) target[w] |= source[w];
}

// Row `i` takes in every pivot row of the block [k0, k1) whose bit it has. Almost all the
// engine's time is here, so it is compiled for the wider vector units too, picked at run time.
__attribute__((target_clones("avx512f", "avx2", "default"))) void apply_pivot_block(BitMatrix& r, std::int32_t i, std::int32_t k0, std::int32_t k1) {
  std::uint64_t* row = r.row(i);
  const std::int64_t words = r.words_per_row();
  for (std::int32_t k = k0; k < k1; ++k)
    if ((row[k >> 6] >> (k & 63)) & 1u) or_row_into(row, r.row(k), words);
}

class BitsetClosureEngine final : public ClosureEngine {
 public:
  std::string name() const override { return "bitset"; }
  std::string description() const override {
    return "Warshall on 64-bit packed rows, pivots in blocks of 256, rows in parallel (OpenMP)";
  }

  ClosureResult run(const Graph& g, const ClosureOptions& options, const JobContext& job) const override {
    const double start = now_seconds();
    require_closure_within_budget(g, options);
    const int threads = effective_threads(options);
    const double compute_start = now_seconds();
    ClosureResult result;
    result.reach = adjacency_bits(g);
    BitMatrix& r = result.reach;
    const std::int32_t n = g.n;

    for (std::int32_t k0 = 0; k0 < n; k0 += kPivotBlock) {
      job.check_cancel();
      const std::int32_t k1 = std::min(n, k0 + kPivotBlock);
      // The block's rows, in pivot order, so each pivot row is final before others use it.
      for (std::int32_t k = k0; k < k1; ++k)
        for (std::int32_t i = k0; i < k1; ++i)
          if (i != k && r.test(i, k)) or_row_into(r.row(i), r.row(k), r.words_per_row());
#pragma omp parallel for num_threads(threads) schedule(dynamic, kRowChunk)
      for (std::int32_t i = 0; i < n; ++i)
        if (i < k0 || i >= k1) apply_pivot_block(r, i, k0, k1);
      report_step(job, k1, n);
    }
    fill_cpu_timing(result.timing, name(), threads, start, compute_start, n);
    return result;
  }
};

}  // namespace

std::unique_ptr<ClosureEngine> make_bitset_closure_engine() { return std::make_unique<BitsetClosureEngine>(); }

}  // namespace pathscope::detail
