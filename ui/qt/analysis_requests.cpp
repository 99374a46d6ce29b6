#include "analysis_requests.hpp"

namespace pathscope::qt {

std::vector<std::string> engines_of(const std::string& engine_word) {
  if (engine_word == "both") return {"cpu", "gpu"};
  return {engine_word};
}

}  // namespace pathscope::qt
