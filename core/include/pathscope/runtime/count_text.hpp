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

namespace pathscope {

// The number with its digits in groups of three: "2,952", "-1,000,000" (reports people read,
// where 139255 is hard to tell from 13925).
std::string grouped_number(long long count);
// count_text with the digits grouped: "2,952 nodes".
std::string grouped_count_text(long long count, std::string_view singular, std::string_view plural = {});

}  // namespace pathscope
