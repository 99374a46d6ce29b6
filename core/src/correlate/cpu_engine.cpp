// The CPU engine: rank every row once, then the upper triangle of the row-by-row product in
// 4 x 16 register tiles on all threads.
#include <omp.h>

#include "correlate/band_driver.hpp"
#include "correlate/cpu_tile_kernel.hpp"
#include "correlate/engines.hpp"
#include "pathscope/correlate/detail/row_preparation.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::correlate {
namespace {

// Panels hold 16 rows transposed so that the inner loop reads 16 consecutive floats per k.
std::vector<float> pack_panels(const PreparedRows& prepared, int threads) {
  const std::int64_t panels = static_cast<std::int64_t>(prepared.values.size()) / prepared.stride / kPanelRows;
  std::vector<float> packed(prepared.values.size());
#pragma omp parallel for num_threads(threads) schedule(static)
  for (std::int64_t p = 0; p < panels; ++p)
    for (int c = 0; c < kPanelRows; ++c)
      for (int k = 0; k < prepared.stride; ++k)
        packed[(p * prepared.stride + k) * kPanelRows + c] = prepared.values[(p * kPanelRows + c) * prepared.stride + k];
  return packed;
}

class CpuCorrelationEngine final : public CorrelationEngine {
 public:
  std::string name() const override { return "cpu"; }

  CorrelateResult run(RowSource& source, const CorrelateOptions& options, PairSink* sink, const JobContext& job) override {
    CorrelateResult result;
    const double start = now_seconds();
    const PreparedRows prepared = prepare_rows(source, options, 8, kPanelRows, result.rows, job);
    const std::vector<float> panels = pack_panels(prepared, effective_threads(options));
    result.load_seconds = now_seconds() - start;
    result.arithmetic = arithmetic_name(options.method, prepared.samples, false);
    result.rows.float_rho = !uses_exact_integers(options.method, prepared.samples);
    if (sink && !options.count_only) sink->begin(result.rows);

    const CpuTileInputs inputs{prepared.values.data(), panels.data(), prepared.scale.data(), prepared.scale_f.data(),
                               prepared.stride,        prepared.rows, survival_cutoff(options.min_abs_rho),   options.count_only};
    const double compute_start = now_seconds();
    const std::int32_t n = prepared.rows;
    const std::int32_t panel_count = (n + kPanelRows - 1) / kPanelRows;
    for_each_band(n, kPanelRows, options, sink, job, result, [&](std::int32_t first, std::int32_t end, BandOutput& out) {
      const std::int32_t quads = (end - first + kQuadRows - 1) / kQuadRows;
#pragma omp parallel num_threads(out.threads())
      {
        const int thread = omp_get_thread_num();
        auto& survivors = out.per_thread[thread];
        std::uint64_t count = 0;
#pragma omp for schedule(dynamic, 1)
        for (std::int32_t q = 0; q < quads; ++q) {
          const std::int32_t i0 = first + q * kQuadRows;
          correlate_quad(inputs, i0, end, i0 / kPanelRows, panel_count, survivors, count);
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

std::unique_ptr<CorrelationEngine> make_cpu_correlation_engine() { return std::make_unique<CpuCorrelationEngine>(); }

}  // namespace pathscope::correlate
