#pragma once
// Who walks one source (source_searches.cu) and where its distances live.
//   BlockTeam:   one thread block, its arrays in device memory (the searches' first design).
//   ClusterTeam: a thread-block cluster (Hopper and later), the distances spread over the
//                blocks' shared memory (ClusterDistances), so that the random read of a head's
//                distance, the searches' commonest access, is answered on chip instead of by
//                device memory; the other arrays stay in device memory, one slice a cluster.
// A team's threads read what other threads of the team wrote through Team::load: a plain
// load in one block (its multiprocessor's L1 sees its own stores), through L2 in a cluster
// (another multiprocessor's L1 may hold a stale line).
#include <cuda_runtime.h>

#include <cstdint>

namespace pathscope::gpu::centrality {

struct BlockTeam {
  __device__ std::int32_t add(std::int32_t* counter, std::int32_t value) const { return atomicAdd(counter, value); }
  template <class T>
  __device__ T read(const T* counter) const {
    return *counter;
  }
  __device__ void atomic_min(unsigned long long* at, unsigned long long bits) const { atomicMin(at, bits); }
  __device__ unsigned rank() const { return threadIdx.x; }
  __device__ unsigned size() const { return blockDim.x; }
  __device__ void sync() const { __syncthreads(); }
  template <class T>
  __device__ T load(const T* at) const {
    return *at;
  }
};

struct ClusterTeam {
  // `at`: a generic pointer into some block's shared memory (ClusterDistances says why not
  // atomicMin on it).
  __device__ void atomic_min(unsigned long long* at, unsigned long long bits) const {
#if __CUDA_ARCH__ >= 900
    asm volatile("red.relaxed.cluster.shared::cluster.min.u64 [%0], %1;" ::"r"(window(at)), "l"(bits) : "memory");
#else
    __trap();
#endif
  }
  __device__ unsigned rank() const {
#if __CUDA_ARCH__ >= 900
    return __clusterRelativeBlockRank() * blockDim.x + threadIdx.x;
#else
    __trap();
    return 0;
#endif
  }
  __device__ unsigned size() const {
#if __CUDA_ARCH__ >= 900
    return __clusterSizeInBlocks() * blockDim.x;
#else
    __trap();
    return 0;
#endif
  }
  // Release and acquire over the cluster: every thread's writes, to device memory and to any
  // block's shared memory, are seen by every thread after it.
  bool fence = false;            // DIAGNOSTIC
  bool explicit_window = false;  // DIAGNOSTIC
  // Counters in the first block's shared memory.
  __device__ std::int32_t add(std::int32_t* counter, std::int32_t value) const {
    if (!explicit_window) return atomicAdd(counter, value);
    std::int32_t old = 0;
#if __CUDA_ARCH__ >= 900
    asm volatile("atom.relaxed.cluster.shared::cluster.add.u32 %0, [%1], %2;"
                 : "=r"(old)
                 : "r"(window(counter)), "r"(value)
                 : "memory");
#endif
    return old;
  }
  __device__ std::int32_t read(const std::int32_t* counter) const {
    if (!explicit_window) return *static_cast<const volatile std::int32_t*>(counter);
    std::int32_t value = 0;
#if __CUDA_ARCH__ >= 900
    asm volatile("ld.relaxed.cluster.shared::cluster.u32 %0, [%1];" : "=r"(value) : "r"(window(counter)) : "memory");
#endif
    return value;
  }
  __device__ unsigned long long read(const unsigned long long* counter) const {
    if (!explicit_window) return *static_cast<const volatile unsigned long long*>(counter);
    unsigned long long value = 0;
#if __CUDA_ARCH__ >= 900
    asm volatile("ld.relaxed.cluster.shared::cluster.u64 %0, [%1];" : "=l"(value) : "r"(window(counter)) : "memory");
#endif
    return value;
  }
  __device__ static unsigned window(const void* generic) {
    unsigned long long address = 0;
#if __CUDA_ARCH__ >= 900
    asm("cvta.to.shared::cluster.u64 %0, %1;" : "=l"(address) : "l"(generic));
#endif
    return static_cast<unsigned>(address);
  }
  __device__ void sync() const {
#if __CUDA_ARCH__ >= 900
    if (fence) __threadfence();
    __cluster_barrier_arrive();
    __cluster_barrier_wait();
#else
    __trap();
#endif
  }
  template <class T>
  __device__ T load(const T* at) const {
    return __ldcg(at);
  }
};

// The distances of one search as bit patterns of non-negative doubles (atomicMin on them
// orders the doubles as numbers), in device memory: one slice of n a block.
struct SliceDistances {
  unsigned long long* slice;
  __device__ unsigned long long load(std::int32_t v) const { return __ldcg(&slice[v]); }
  __device__ unsigned long long atomic_min(std::int32_t v, unsigned long long bits) const {
    return atomicMin(&slice[v], bits);
  }
  __device__ void store(std::int32_t v, unsigned long long bits) const { slice[v] = bits; }
};

// The same spread over the shared memory of a cluster's blocks: node v in block v mod C at
// v div C (C, the cluster's size, a power of two: `rank_bits` = log2 C). Interleaved, so that
// the hubs the renumbering puts first fall on every block alike. Reached through the
// shared::cluster window in PTX: a 64-bit atomicMin through a generic pointer into another
// block's shared memory did not take effect on the H100 (values wrong from clusters of 2 on,
// right with 1), where the explicit window's atom is the documented form.
struct ClusterDistances {
  unsigned own_part;  // this block's part: its shared::cta address
  unsigned rank_bits;
  __device__ unsigned at(std::int32_t v) const {
    unsigned address = own_part + (static_cast<unsigned>(v) >> rank_bits) * 8u;
#if __CUDA_ARCH__ >= 900
    const unsigned rank = static_cast<unsigned>(v) & ((1u << rank_bits) - 1u);
    asm("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(address) : "r"(address), "r"(rank));
#else
    __trap();
#endif
    return address;
  }
  __device__ unsigned long long load(std::int32_t v) const {
    unsigned long long bits = 0;
#if __CUDA_ARCH__ >= 900
    asm volatile("ld.relaxed.cluster.shared::cluster.u64 %0, [%1];" : "=l"(bits) : "r"(at(v)) : "memory");
#endif
    return bits;
  }
  __device__ unsigned long long atomic_min(std::int32_t v, unsigned long long bits) const {
    unsigned long long old = 0;
#if __CUDA_ARCH__ >= 900
    asm volatile("atom.relaxed.cluster.shared::cluster.min.u64 %0, [%1], %2;"
                 : "=l"(old)
                 : "r"(at(v)), "l"(bits)
                 : "memory");
#endif
    return old;
  }
  __device__ void store(std::int32_t v, unsigned long long bits) const {
#if __CUDA_ARCH__ >= 900
    asm volatile("st.relaxed.cluster.shared::cluster.u64 [%0], %1;" ::"r"(at(v)), "l"(bits) : "memory");
#endif
  }
};

}  // namespace pathscope::gpu::centrality
