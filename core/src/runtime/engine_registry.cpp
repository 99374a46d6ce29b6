#include "pathscope/runtime/engine_registry.hpp"

#include "pathscope/runtime/error.hpp"

namespace pathscope {

void throw_unknown_engine(std::string_view noun, std::string_view name, const std::vector<std::string>& known) {
  std::string list;
  for (const auto& n : known) list += (list.empty() ? "" : ", ") + n;
  throw Error("unknown " + std::string(noun) + " '" + std::string(name) + "' (known: " + list + ")");
}

void require_available(const Engine& engine) {
  if (const auto why = engine.unavailable_reason(); !why.empty()) throw Error(engine.name() + " is unavailable: " + why);
}

std::string no_gpu_backend_reason() {
#if PATHSCOPE_CUDA_CONFIGURED
  // The build has the back end, but this program links pathscope_core alone.
  return "this program was linked without pathscope's CUDA back end (link the `pathscope` target)";
#else
  return "this build of pathscope has no CUDA support (nvcc was not found when it was configured)";
#endif
}

}  // namespace pathscope
