#pragma once
// "a,b,,c" -> {"a", "b", "c"}: the form of --engines, --backends and --stops.
#include <string>
#include <vector>

namespace pathscope::cli {

std::vector<std::string> split_comma_list(const std::string& text);

}  // namespace pathscope::cli
