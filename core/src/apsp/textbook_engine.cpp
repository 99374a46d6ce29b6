// The plain Floyd-Warshall triple loop on one thread. It is the baseline the other engines are
// measured and tested against, so it stays the textbook form on purpose: no tiling, no
// hand vectorisation, a branch around every unreachable entry.
#include <type_traits>

#include "apsp/cpu_engines.hpp"
#include "apsp/engine_support.hpp"
#include "apsp/negative_cycle_guard.hpp"
#include "runtime/shared_progress.hpp"

namespace pathscope::detail {

namespace {

// Progress counts rows relaxed, not pivots. A row i is skipped at pivot k while i cannot reach
// k through the pivots before it, and on a sparse graph that is most rows for the early pivots,
// so pivots take very unequal time and "k of n pivots" runs far ahead of the time spent. What
// is left is costed as a full n rows for each remaining pivot, the cost pivots approach as the
// matrix fills: the time-left figure then errs long while the matrix is sparse, never short.
template <class Dist>
void floyd_warshall(std::int32_t n, Dist* d, std::int32_t* next, const JobContext& job) {
  const std::size_t size = static_cast<std::size_t>(n);
  const Dist unreachable = kUnreachableOf<Dist>;
  double rows_relaxed = 0;
  for (std::size_t k = 0; k < size; ++k) {
    job.check_cancel();
    for (std::size_t i = 0; i < size; ++i) {
      const Dist dik = d[i * size + k];
      if (dik == unreachable) continue;
      ++rows_relaxed;
      for (std::size_t j = 0; j < size; ++j) {
        const Dist dkj = d[k * size + j];
        if (dkj == unreachable) continue;
        const Dist through_k = dik + dkj;
        if (through_k < d[i * size + j]) {
          d[i * size + j] = through_k;
          if (next) next[i * size + j] = next[i * size + k];
        }
      }
    }
    const double rows_left = static_cast<double>(size - 1 - k) * static_cast<double>(size);
    report_step(job, static_cast<std::int64_t>(k) + 1, n, rows_relaxed / (rows_relaxed + rows_left));
  }
}

template <class Dist>
void fill_from_arcs(const Graph& g, Dist unreachable, ResultVector<Dist>& d, ResultVector<std::int32_t>* next) {
  const std::size_t n = static_cast<std::size_t>(g.n);
  d.assign(n * n, unreachable);
  if (next) next->assign(n * n, -1);
  for (std::size_t u = 0; u < n; ++u) {
    d[u * n + u] = 0;
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const std::size_t v = static_cast<std::size_t>(g.heads[a]);
      const Dist w = static_cast<Dist>(g.weights[a]);
      if (v != u && w < d[u * n + v]) {
        d[u * n + v] = w;
        if (next) (*next)[u * n + v] = static_cast<std::int32_t>(v);
      }
    }
  }
}

template <class Dist>
void compute(const Graph& g, ResultVector<Dist>& d, ResultVector<std::int32_t>* next, const JobContext& job) {
  fill_from_arcs(g, kUnreachableOf<Dist>, d, next);
  floyd_warshall(g.n, d.data(), next ? next->data() : nullptr, job);
  for (std::int32_t i = 0; i < g.n; ++i) {
    Dist& diagonal = d[static_cast<std::size_t>(i) * g.n + i];
    if constexpr (std::is_integral_v<Dist>) {
      if (diagonal < 0) throw NegativeCycle(i);
    } else {
      // The guard proved there is no negative cycle, so a negative diagonal can only be float
      // rounding around a zero-cost cycle.
      diagonal = 0;
    }
  }
}

class TextbookEngine final : public ApspEngine {
 public:
  std::string name() const override { return "textbook"; }
  std::string description() const override {
    return "plain Floyd-Warshall triple loop on one thread (the baseline)";
  }
  bool supports(DistType t) const override {
    return t == DistType::Int32 || t == DistType::Int64 || t == DistType::Float32;
  }

  ApspResult run(const Graph& g, const ApspOptions& options, const JobContext& job) const override {
    const double start = now_seconds();
    check_run_request(*this, g, options, g.n);
    refuse_negative_cycles(g, job);

    ApspResult r;
    r.n = g.n;
    r.dist = options.dist;
    ResultVector<std::int32_t>* next = options.next_hop ? &r.next : nullptr;
    const double compute_start = now_seconds();
    switch (options.dist) {
      case DistType::Int32: compute(g, r.d32, next, job); break;
      case DistType::Int64: compute(g, r.d64, next, job); break;
      case DistType::Float32: compute(g, r.df, next, job); break;
      case DistType::Hop16: break;  // refused by check_run_request
    }
    const double end = now_seconds();
    r.timing.engine = name();
    r.timing.device = cpu_device_label(1);
    r.timing.seconds = end - start;
    r.timing.compute_seconds = end - compute_start;
    const double n = g.n;
    r.timing.updates = n * n * n;
    return r;
  }
};

}  // namespace

std::unique_ptr<ApspEngine> make_textbook_engine() { return std::make_unique<TextbookEngine>(); }

}  // namespace pathscope::detail
