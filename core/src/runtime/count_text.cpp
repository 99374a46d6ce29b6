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
