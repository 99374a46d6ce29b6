#pragma once
// "1 hop", "2 hops", "0 hops": every user-visible text that counts things (the CLI, the
// explorer, the demo) words the noun through here, so none says "1 shortest paths".
#include <string>
#include <string_view>

namespace pathscope {

// The noun that goes with `count`: `singular` for exactly one, else `plural`, which defaults
// to singular + "s" (pass it for "match" -> "matches", "city" -> "cities").
std::string count_noun(long long count, std::string_view singular, std::string_view plural = {});
// The count and its noun: count_text(1, "hop") == "1 hop". The number is written plainly; a
// text that groups digits formats the number itself and takes count_noun.
std::string count_text(long long count, std::string_view singular, std::string_view plural = {});

}  // namespace pathscope
