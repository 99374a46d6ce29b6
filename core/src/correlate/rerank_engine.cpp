// The baseline of the original write-up: for every pair, rank both rows again and apply the
// textbook Pearson formula to the ranks. Kept to measure what ranking once buys.
#include <omp.h>

#include <cmath>

#include "correlate/band_driver.hpp"
#include "correlate/engines.hpp"
#include "pathscope/correlate/detail/row_preparation.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::correlate {
namespace {

double textbook_pearson(const double* x, const double* y, int m) {
  double mean_x = 0, mean_y = 0;
  for (int k = 0; k < m; ++k) {
    mean_x += x[k];
    mean_y += y[k];
  }
  mean_x /= m;
  mean_y /= m;
  double sxy = 0, sxx = 0, syy = 0;
  for (int k = 0; k < m; ++k) {
    sxy += (x[k] - mean_x) * (y[k] - mean_y);
    sxx += (x[k] - mean_x) * (x[k] - mean_x);
    syy += (y[k] - mean_y) * (y[k] - mean_y);
  }
  const double rho = sxy / std::sqrt(sxx * syy);
  return rho > 1 ? 1 : (rho < -1 ? -1 : rho);
}

class RerankCorrelationEngine final : public CorrelationEngine {
 public:
  std::string name() const override { return "cpu-rerank"; }

  CorrelateResult run(RowSource& source, const CorrelateOptions& options, PairSink* sink, const JobContext& job) override {
    CorrelateResult result;
    const double start = now_seconds();
    const int m = source.layout().columns();
    RowCatalog& catalog = result.rows;
    catalog.samples = m;
    catalog.has_names = source.layout().has_row_names;
    std::vector<double> raw;  // the used rows as read: this engine ranks per pair
    std::vector<std::int64_t> used;
    for (TableChunk chunk; source.next(chunk);) {
      job.check_cancel();
      admit_rows(chunk, catalog, used);
      require_within_budget((raw.size() + used.size() * m) * sizeof(double), effective_memory_budget(options),
                            "the raw rows");
      for (auto r : used) raw.insert(raw.end(), chunk.row(r), chunk.row(r) + m);
    }
    result.load_seconds = now_seconds() - start;
    result.arithmetic = "double, per pair";
    if (sink && !options.count_only) sink->begin(catalog);
    const std::int32_t n = catalog.used();
    const bool spearman = options.method == CorrelationMethod::spearman;
    const double cutoff = survival_cutoff(options.min_abs_rho);
    const double compute_start = now_seconds();
    for_each_band(n, 1, options, sink, job, result, [&](std::int32_t first, std::int32_t end, BandOutput& out) {
#pragma omp parallel num_threads(out.threads())
      {
        const int thread = omp_get_thread_num();
        std::vector<int> order, ranks(m);
        std::vector<double> rank_x(m), rank_y(m);
        std::uint64_t count = 0;
#pragma omp for schedule(dynamic, 1)
        for (std::int32_t i = first; i < end; ++i) {
          for (std::int32_t j = i + 1; j < n; ++j) {
            const double* x = raw.data() + static_cast<std::int64_t>(i) * m;
            const double* y = raw.data() + static_cast<std::int64_t>(j) * m;
            double rho;
            if (spearman) {
              twice_centred_midranks(x, m, order, ranks.data());
              for (int k = 0; k < m; ++k) rank_x[k] = ranks[k];
              twice_centred_midranks(y, m, order, ranks.data());
              for (int k = 0; k < m; ++k) rank_y[k] = ranks[k];
              rho = textbook_pearson(rank_x.data(), rank_y.data(), m);
            } else {
              rho = textbook_pearson(x, y, m);
            }
            if (std::fabs(rho) < cutoff) continue;
            ++count;
            if (!options.count_only) out.per_thread[thread].push_back({i, j, rho});
          }
        }
        out.counts[thread] += count;
      }
    });
    if (sink && !options.count_only) sink->finish();
    finish_cpu_timing(result, name(), options, start, compute_start);
    return result;
  }
};

}  // namespace

std::unique_ptr<CorrelationEngine> make_rerank_correlation_engine() {
  return std::make_unique<RerankCorrelationEngine>();
}

}  // namespace pathscope::correlate
