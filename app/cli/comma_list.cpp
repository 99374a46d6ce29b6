#include "comma_list.hpp"

#include <sstream>

namespace pathscope::cli {

std::vector<std::string> split_comma_list(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream ss(text);
  for (std::string item; std::getline(ss, item, ',');)
    if (!item.empty()) out.push_back(item);
  return out;
}

}  // namespace pathscope::cli
