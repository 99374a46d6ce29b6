#include "pathscope/runtime/count_text.hpp"

namespace pathscope {

std::string count_noun(long long count, std::string_view singular, std::string_view plural) {
  if (count == 1 || count == -1) return std::string(singular);
  return plural.empty() ? std::string(singular) + "s" : std::string(plural);
}

std::string count_text(long long count, std::string_view singular, std::string_view plural) {
  return std::to_string(count) + " " + count_noun(count, singular, plural);
}

}  // namespace pathscope

namespace pathscope {

std::string grouped_number(long long count) {
  const std::string digits = std::to_string(count);
  const std::size_t first = digits[0] == '-' ? 1 : 0;
  std::string out = digits.substr(0, first);
  for (std::size_t i = first; i < digits.size(); ++i) {
    if (i > first && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string grouped_count_text(long long count, std::string_view singular, std::string_view plural) {
  return grouped_number(count) + " " + count_noun(count, singular, plural);
}

}  // namespace pathscope
