#pragma once
// The "name:key=value,flag,..." form every graph generator spec shares (random:, random-dag:,
// connectome:): the items after the first colon, in order; each generator checks its own keys.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pathscope {

struct GeneratorItem {
  std::string_view key;
  std::optional<double> value;  // empty for a bare flag ("unweighted")
};

// Views into `spec`, which must outlive them. Empty items are skipped. Throws UsageError naming the
// spec for a value that is not a finite number.
std::vector<GeneratorItem> generator_items(const std::string& spec);

}  // namespace pathscope
