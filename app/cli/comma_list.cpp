#include "comma_list.hpp"

#include "exit_codes.hpp"

namespace pathscope::cli {

std::vector<std::string> split_comma_list(const std::string& text, const std::string& what) {
  std::vector<std::string> out;
  if (text.empty()) return out;
  std::size_t begin = 0;
  for (;;) {
    const std::size_t end = text.find(',', begin);
    std::string item = text.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
    if (item.empty()) throw UsageError(what + " '" + text + "': an empty item in the comma-separated list");
    out.push_back(std::move(item));
    if (end == std::string::npos) return out;
    begin = end + 1;
  }
}

}  // namespace pathscope::cli
