#include "generator_spec.hpp"

#include <cmath>
#include <exception>

#include "pathscope/runtime/error.hpp"

namespace pathscope {

std::vector<GeneratorItem> generator_items(const std::string& spec) {
  std::vector<GeneratorItem> items;
  const auto colon = spec.find(':');
  std::string_view rest = colon == std::string::npos ? std::string_view() : std::string_view(spec).substr(colon + 1);
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    const auto item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    if (item.empty()) continue;
    const auto eq = item.find('=');
    if (eq == std::string_view::npos) {
      items.push_back({item, std::nullopt});
      continue;
    }
    const auto key = item.substr(0, eq), text = item.substr(eq + 1);
    bool ok = false;
    double value = 0;
    try {
      std::size_t used = 0;
      value = std::stod(std::string(text), &used);
      ok = used == text.size() && std::isfinite(value);
    } catch (const std::exception&) {
    }
    if (!ok) throw UsageError("'" + spec + "': " + std::string(key) + "=" + std::string(text) + " is not a number");
    items.push_back({key, value});
  }
  return items;
}

}  // namespace pathscope
