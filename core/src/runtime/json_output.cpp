#include "pathscope/runtime/json_output.hpp"

#include <cmath>

#include "pathscope/runtime/version.hpp"

namespace pathscope {

nlohmann::json json_document(std::string_view tool, std::string_view schema) {
  return {{"tool", std::string(tool)}, {"version", pathscope_version()}, {"schema", std::string(schema)}};
}

void whole_numbers_as_integers(nlohmann::json& doc) {
  if (doc.is_number_float()) {
    const double value = doc.get<double>();
    constexpr double kExact = 9007199254740992.0;  // 2^53
    if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) <= kExact)
      doc = static_cast<std::int64_t>(value);
    return;
  }
  if (doc.is_structured())
    for (auto& item : doc) whole_numbers_as_integers(item);
}

std::string json_text(nlohmann::json doc) {
  whole_numbers_as_integers(doc);
  return doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace pathscope
