#include "correlate/engines.hpp"
#include "pathscope/correlate/gpu_correlate.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

std::unique_ptr<CorrelationEngine> make_correlation_engine(const std::string& name) {
  if (name == "cpu") return correlate::make_cpu_correlation_engine();
  if (name == "cpu-rerank") return correlate::make_rerank_correlation_engine();
  if (name == "gpu") return make_gpu_correlation_engine();
  throw Error("unknown correlation backend '" + name + "' (cpu, gpu, cpu-rerank)");
}

std::string RowCatalog::label(std::int32_t used_row) const {
  if (has_names && static_cast<std::size_t>(used_row) < names.size()) return names[used_row];
  return std::to_string(table_row[used_row]);
}

}  // namespace pathscope
