// Warshall's algorithm as the textbook writes it: one byte per node pair, three nested loops,
// one thread. It is the baseline the packed engines are measured and tested against, so it
// stays plain on purpose: no packing, no tiling, a branch around every false entry.
#include <vector>

#include "closure/closure_engines.hpp"
#include "pathscope/runtime/memory_budget.hpp"
#include "runtime/shared_progress.hpp"

namespace pathscope::detail {
namespace {

class TextbookClosureEngine final : public ClosureEngine {
 public:
  std::string name() const override { return "textbook"; }
  std::string description() const override {
    return "Warshall's boolean triple loop, one byte per pair, one thread (the baseline)";
  }

  ClosureResult run(const Graph& g, const ClosureOptions& options, const JobContext& job) const override {
    const double start = now_seconds();
    const std::size_t n = static_cast<std::size_t>(g.n);
    require_within_budget(static_cast<std::uint64_t>(n) * n + closure_bytes(g.n), effective_memory_budget(options),
                          "textbook closure of " + std::to_string(g.n) + " nodes (one byte per pair)");

    const double compute_start = now_seconds();
    std::vector<unsigned char> reach(n * n, 0);
    for (std::size_t u = 0; u < n; ++u)
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) reach[u * n + g.heads[a]] = 1;
    for (std::size_t k = 0; k < n; ++k) {
      job.check_cancel();
      for (std::size_t i = 0; i < n; ++i) {
        if (!reach[i * n + k]) continue;
        for (std::size_t j = 0; j < n; ++j)
          if (reach[k * n + j]) reach[i * n + j] = 1;
      }
      report_step(job, static_cast<std::int64_t>(k) + 1, g.n);
    }

    ClosureResult result;
    result.reach = BitMatrix(g.n);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        if (reach[i * n + j]) result.reach.set(static_cast<std::int32_t>(i), static_cast<std::int32_t>(j));
    fill_cpu_timing(result.timing, name(), 1, start, compute_start, g.n);
    return result;
  }
};

}  // namespace

std::unique_ptr<ClosureEngine> make_textbook_closure_engine() { return std::make_unique<TextbookClosureEngine>(); }

}  // namespace pathscope::detail
