#pragma once
// "a,b,c" -> {"a", "b", "c"}: the form of --engines, --backends, --stops and group lists.
#include <string>
#include <vector>

namespace pathscope::cli {

// Throws UsageError naming `what` (the flag) for an empty item ("1,,5", "1,5,"): a stop or
// engine left out by a slip would otherwise be dropped without a word.
std::vector<std::string> split_comma_list(const std::string& text, const std::string& what);

}  // namespace pathscope::cli
