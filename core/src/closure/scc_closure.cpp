// Closure through the condensation: all nodes of a strongly connected component reach the same
// set, so the work is done once per component on the DAG of components, then copied out.
//
// Components arrive numbered sinks first (strong_components.hpp), so when component c is
// processed every component it has an arc to is already final: reach(c) is the union of those
// components and their reach sets, plus c itself when c holds a cycle. A successor whose bit is
// already set is skipped: its reach set is already inside the row that brought the bit.
#include <omp.h>

#include <algorithm>
#include <bit>

#include "closure/closure_engines.hpp"
#include "pathscope/closure/detail/strong_components.hpp"
#include "pathscope/runtime/memory_budget.hpp"
#include "runtime/shared_progress.hpp"

namespace pathscope::detail {
namespace {

// Components this large get their node set precomputed as a packed row, so that expanding
// a reach set costs a row OR for them instead of a bit set per member.
constexpr std::int32_t kLargeComponent = 64;

BitMatrix component_reach(const Graph& g, const Condensation& c, const JobContext& job) {
  BitMatrix reach(c.count);
  for (std::int32_t k = 0; k < c.count; ++k) {
    if ((k & 1023) == 0) job.check_cancel();
    std::uint64_t* row = reach.row(k);
    if (c.cyclic[k]) reach.set(k, k);
    for (std::int32_t m = c.first[k]; m < c.first[k + 1]; ++m) {
      const std::int32_t u = c.members[m];
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
        const std::int32_t d = c.component[g.heads[a]];
        if (d == k || reach.test(k, d)) continue;
        reach.set(k, d);
        const std::uint64_t* successor = reach.row(d);
        for (std::int64_t w = 0; w < reach.words_per_row(); ++w) row[w] |= successor[w];
      }
    }
  }
  return reach;
}

class SccClosureEngine final : public ClosureEngine {
 public:
  std::string name() const override { return "scc"; }
  std::string description() const override {
    return "strongly connected components (iterative Tarjan), then bitsets over their DAG";
  }

  ClosureResult run(const Graph& g, const ClosureOptions& options, const JobContext& job) const override {
    const double start = now_seconds();
    require_closure_within_budget(g, options);
    const int threads = effective_threads(options);
    const double compute_start = now_seconds();
    const Condensation c = strong_components(g);

    std::vector<std::int32_t> large;                      // the large components
    std::vector<std::int32_t> large_index(c.count, -1);  // position in `large`, -1 when small
    for (std::int32_t k = 0; k < c.count; ++k)
      if (c.first[k + 1] - c.first[k] >= kLargeComponent) {
        large_index[k] = static_cast<std::int32_t>(large.size());
        large.push_back(k);
      }
    const std::uint64_t words = static_cast<std::uint64_t>(BitMatrix::words_for(g.n));
    require_within_budget(closure_bytes(g.n) + closure_bytes(c.count) + large.size() * words * 8,
                          effective_memory_budget(options),
                          "scc closure of " + std::to_string(g.n) + " nodes in " + std::to_string(c.count) +
                              " components");

    const BitMatrix by_component = component_reach(g, c, job);
    std::vector<std::uint64_t> large_rows(large.size() * words, 0);
    for (std::size_t l = 0; l < large.size(); ++l)
      for (std::int32_t m = c.first[large[l]]; m < c.first[large[l] + 1]; ++m) {
        const std::int32_t v = c.members[m];
        large_rows[l * words + (v >> 6)] |= std::uint64_t{1} << (v & 63);
      }

    ClosureResult result;
    result.reach = BitMatrix(g.n);
    BitMatrix& r = result.reach;
    SharedProgress progress(job, c.count);
#pragma omp parallel for num_threads(threads) schedule(dynamic, 16)
    for (std::int32_t k = 0; k < c.count; ++k) {
      if (progress.should_stop()) continue;
      // Built in the row of the component's first member, then copied to the others.
      std::uint64_t* row = r.row(c.members[c.first[k]]);
      const std::uint64_t* component_row = by_component.row(k);
      for (std::int64_t cw = 0; cw < by_component.words_per_row(); ++cw)
        for (std::uint64_t bits = component_row[cw]; bits; bits &= bits - 1) {
          const std::int32_t d = static_cast<std::int32_t>(cw * 64 + std::countr_zero(bits));
          if (large_index[d] >= 0) {
            const std::uint64_t* nodes = &large_rows[static_cast<std::size_t>(large_index[d]) * words];
            for (std::uint64_t w = 0; w < words; ++w) row[w] |= nodes[w];
          } else {
            for (std::int32_t m = c.first[d]; m < c.first[d + 1]; ++m) {
              const std::int32_t v = c.members[m];
              row[v >> 6] |= std::uint64_t{1} << (v & 63);
            }
          }
        }
      for (std::int32_t m = c.first[k] + 1; m < c.first[k + 1]; ++m)
        std::copy(row, row + words, r.row(c.members[m]));
      progress.unit_done();
    }
    progress.finish();
    fill_cpu_timing(result.timing, name(), threads, start, compute_start, g.n);
    return result;
  }
};

}  // namespace

std::unique_ptr<ClosureEngine> make_scc_closure_engine() { return std::make_unique<SccClosureEngine>(); }

}  // namespace pathscope::detail
