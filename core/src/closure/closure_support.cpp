#include "closure/closure_engines.hpp"

namespace pathscope::detail {

BitMatrix adjacency_bits(const Graph& g) {
  BitMatrix r(g.n);
  for (std::int32_t u = 0; u < g.n; ++u)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) r.set(u, g.heads[a]);
  return r;
}

void fill_cpu_timing(Timing& t, const std::string& engine, int threads, double start, double compute_start,
                     std::int32_t n) {
  const double end = now_seconds();
  t.engine = engine;
  t.device = cpu_device_label(threads);
  t.seconds = end - start;
  t.compute_seconds = end - compute_start;
  const double nd = n;
  t.updates = nd * nd * nd;
}

}  // namespace pathscope::detail
