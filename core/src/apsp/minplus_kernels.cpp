// Builds the tile kernels three times, for AVX-512, AVX2 and plain x86-64, and picks one at run
// time, so the whole build needs no -march flag and the binary still runs on older CPUs.
#include "apsp/minplus_kernels.hpp"

#include <cstdint>
#include <vector>

namespace pathscope::detail {

#if defined(__x86_64__) || defined(__i386__)

// AVX-512: 32 vector registers hold an 8 x 2 block of accumulators (4 x 2 with next hops,
// which need three registers a cell).
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx512f")
#endif
#define PATHSCOPE_KERNEL_NS avx512
#define PATHSCOPE_KERNEL_NAME "avx512"
#define PATHSCOPE_VECTOR_BYTES 64
#define PATHSCOPE_ROWS 8
#define PATHSCOPE_NEXT_ROWS 4
#include "apsp/minplus_kernel_impl.hpp"
#undef PATHSCOPE_KERNEL_NS
#undef PATHSCOPE_KERNEL_NAME
#undef PATHSCOPE_VECTOR_BYTES
#undef PATHSCOPE_ROWS
#undef PATHSCOPE_NEXT_ROWS
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

// AVX2: 16 registers, so a 4 x 2 block (1 x 2 with next hops).
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2")
#endif
#define PATHSCOPE_KERNEL_NS avx2
#define PATHSCOPE_KERNEL_NAME "avx2"
#define PATHSCOPE_VECTOR_BYTES 32
#define PATHSCOPE_ROWS 4
#define PATHSCOPE_NEXT_ROWS 1
#include "apsp/minplus_kernel_impl.hpp"
#undef PATHSCOPE_KERNEL_NS
#undef PATHSCOPE_KERNEL_NAME
#undef PATHSCOPE_VECTOR_BYTES
#undef PATHSCOPE_ROWS
#undef PATHSCOPE_NEXT_ROWS
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

#endif

// Baseline: 16-byte vectors, which every x86-64 (and the compiler's generic lowering
// elsewhere) provides.
#define PATHSCOPE_KERNEL_NS baseline
#define PATHSCOPE_KERNEL_NAME "baseline"
#define PATHSCOPE_VECTOR_BYTES 16
#define PATHSCOPE_ROWS 4
#define PATHSCOPE_NEXT_ROWS 1
#include "apsp/minplus_kernel_impl.hpp"
#undef PATHSCOPE_KERNEL_NS
#undef PATHSCOPE_KERNEL_NAME
#undef PATHSCOPE_VECTOR_BYTES
#undef PATHSCOPE_ROWS
#undef PATHSCOPE_NEXT_ROWS

std::vector<const MinPlusKernels*> runnable_minplus_kernels() {
  std::vector<const MinPlusKernels*> kernels;
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) kernels.push_back(&avx512::kKernels);
  if (__builtin_cpu_supports("avx2")) kernels.push_back(&avx2::kKernels);
#endif
  kernels.push_back(&baseline::kKernels);
  return kernels;
}

const MinPlusKernels& minplus_kernels() {
  static const MinPlusKernels& chosen = *runnable_minplus_kernels().front();
  return chosen;
}

}  // namespace pathscope::detail
