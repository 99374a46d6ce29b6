#pragma once
// Functions that the host and the CUDA kernels compile alike (same arithmetic, same answers)
// are marked PATHSCOPE_HD; loops both should unroll, PATHSCOPE_UNROLL. In a host-only build
// (no nvcc) the marks mean plain inline code.
#if defined(__CUDACC__)
#define PATHSCOPE_HD __host__ __device__ __forceinline__
#define PATHSCOPE_UNROLL _Pragma("unroll")
#else
#define PATHSCOPE_HD inline
#define PATHSCOPE_UNROLL _Pragma("GCC unroll 16")
#endif
