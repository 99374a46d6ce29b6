#pragma once
// Min-plus tile operations of the blocked Floyd-Warshall engine, in the widest vector
// instruction set this CPU has (chosen once at run time, see minplus_kernels.cpp).
#include <cstdint>
#include <vector>

namespace pathscope::detail {

// Tiles are contiguous tile x tile blocks. With next hops, each tile of costs comes with a
// tile of next hops (n) and one of hop counts (h); see product_next in minplus_kernel_impl.hpp.
template <class T>
struct TileKernels {
  // Phase 1: Floyd-Warshall closure of one tile.
  void (*closure)(T* p, int tile);
  void (*closure_next)(T* p, std::int32_t* pn, std::int32_t* ph, int tile);
  // c = min(c, a (x) b); c may alias a or b.
  void (*product)(T* c, const T* a, const T* b, int tile);
  void (*product_next)(T* c, const T* a, const T* b, std::int32_t* cn, const std::int32_t* an, std::int32_t* ch,
                       const std::int32_t* ah, const std::int32_t* bh, int tile);
};

struct MinPlusKernels {
  const char* instruction_set;  // "avx512", "avx2", "baseline"
  TileKernels<std::int32_t> i32;
  TileKernels<float> f32;
  TileKernels<std::int64_t> i64;  // half the lanes of i32; min is compare and blend below AVX-512
};

// Tiles handed to these kernels must be a multiple of 32 cells wide (the AVX-512 kernel
// works on 8-row, 32-column blocks).
const MinPlusKernels& minplus_kernels();

// Every kernel set this CPU can run, widest first (the first is minplus_kernels()); tests
// compare them all against a scalar reference.
std::vector<const MinPlusKernels*> runnable_minplus_kernels();

}  // namespace pathscope::detail
