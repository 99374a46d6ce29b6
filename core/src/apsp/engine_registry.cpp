#include <algorithm>

#include "apsp/cpu_engines.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/gpu.hpp"

namespace pathscope {

std::vector<std::string> apsp_engine_names() {
  return {"textbook", "blocked", "sparse", "auto", "gpu-naive", "gpu-blocked"};
}

std::unique_ptr<ApspEngine> make_apsp_engine(std::string_view name) {
  if (name == "textbook") return detail::make_textbook_engine();
  if (name == "blocked") return detail::make_blocked_engine();
  if (name == "sparse") return detail::make_sparse_engine();
  if (name == "auto") return detail::make_auto_engine();
  if (auto gpu = make_gpu_apsp_engine(name)) return gpu;
  std::string known;
  for (const auto& n : apsp_engine_names()) known += (known.empty() ? "" : ", ") + n;
  throw Error("unknown engine '" + std::string(name) + "' (known: " + known + ")");
}

}  // namespace pathscope
