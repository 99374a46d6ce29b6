#pragma once
// The hop16 fallback's last step: a run redone in int32 narrowed back to 16-bit counts.
#include <cstdint>
#include <vector>

#include "pathscope/runtime/result_vector.hpp"

namespace pathscope::gpu {

// Narrows int32 hop counts to hop16 (unreachable -> 0xFFFF). Returns the largest finite count
// seen; when it exceeds kMaxHop16 the output is incomplete and the caller must refuse.
std::int64_t narrow_hops(const ResultVector<std::int32_t>& wide, ResultVector<std::uint16_t>& narrow);

}  // namespace pathscope::gpu
