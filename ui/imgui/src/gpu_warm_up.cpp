// One small run of every GPU engine before the first race of the process. The first use of a
// CUDA kernel loads its module and the first run allocates the memory pool and staging
// buffers: set-up many times longer than a warm run (docs/demo.md has the figures), which the
// audience should not be shown as the race. Benchmarks warm up the same way (`bench --warmup`).
#include <memory>
#include <mutex>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/gpu.hpp"
#include "pathscope/closure/closure.hpp"
#include "pathscope/correlate/correlate.hpp"
#include "pathscope/io/load_report.hpp"
#include "pathscope/io/measurement_table.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/tsp/tsp.hpp"
#include "pathscope_demo/race.hpp"

namespace pathscope::demo {

void warm_up_gpu_engines() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (!gpu_info().available) return;
    try {
      LoadReport report;
      RandomGraphSpec spec;
      spec.n = 300;
      spec.degree = 4;
      const Graph g = generate_random_graph(spec, report);
      for (const char* engine : {"gpu-blocked", "gpu-naive"}) make_apsp_engine(engine)->run(g, ApspOptions{}, {});
      make_closure_engine("gpu")->run(g, ClosureOptions{}, {});
      make_tsp_engine("gpu-held-karp")->run(random_tsp_instance(8, 1, true, true), TspOptions{}, {});
      CorrelateOptions correlate;
      correlate.min_abs_rho = 0.9;
      correlate.count_only = true;
      make_correlation_engine("gpu")->run(*open_table("random-table:rows=200,cols=12,seed=1"), correlate, nullptr, {});
    } catch (const std::exception&) {
      // A lane that cannot run says why when the race starts; the warm-up has nothing to add.
    }
  });
}

}  // namespace pathscope::demo
