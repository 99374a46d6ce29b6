#include "apsp/narrow_hops.hpp"

#include <algorithm>

#include "common/host_transfer.hpp"
#include "pathscope/graph/distance.hpp"

namespace pathscope::gpu {

std::int64_t narrow_hops(const ResultVector<std::int32_t>& wide, ResultVector<std::uint16_t>& narrow) {
  const std::int64_t count = static_cast<std::int64_t>(wide.size());
  resize_for_result(narrow, wide.size());
  std::int64_t largest = 0;
#pragma omp parallel for schedule(static) reduction(max : largest)
  for (std::int64_t i = 0; i < count; ++i) {
    const std::int32_t v = wide[i];
    if (v == kUnreachableI32) {
      narrow[i] = kUnreachableU16;
    } else {
      largest = std::max<std::int64_t>(largest, v);
      narrow[i] = static_cast<std::uint16_t>(std::min<std::int32_t>(v, kMaxHop16));
    }
  }
  return largest;
}

}  // namespace pathscope::gpu
