#pragma once
// Grid sizes for grid-stride kernels, from the device's own size.
#include <algorithm>
#include <cstdint>

#include "common/gpu_context.hpp"

namespace pathscope::gpu {

// Blocks per SM a grid-stride launch may ask for: enough to fill every SM several times over,
// so that larger grids only add scheduling work; the stride loop covers the rest.
constexpr int kGridBlocksPerMultiprocessor = 32;

inline int grid_for(const GpuContext& gpu, std::int64_t items, int threads) {
  const int cap = gpu.multiprocessors() * kGridBlocksPerMultiprocessor;
  return static_cast<int>(std::clamp<std::int64_t>((items + threads - 1) / threads, 1, cap));
}

inline std::int64_t round_up(std::int64_t value, std::int64_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

}  // namespace pathscope::gpu
