#pragma once
// Kernels of the GPU information-flow engine (flow_gpu_engine.cu). Many repetitions run at
// once: each node holds, per word of 64 repetitions, a bitset of the repetitions that have
// reached it and of those that reached it at the last step (the frontier). One step is one
// pass over the nodes, each pulling from its in-arcs the repetitions whose draw crosses.
#include <cuda_runtime.h>

#include <cstdint>

#include "common/gpu_context.hpp"

namespace pathscope::gpu::flow {

// The arcs that can be crossed, by head: arcs into v are [offsets[v], offsets[v + 1]).
struct InArcs {
  const std::int64_t* offsets;  // n + 1
  const std::int32_t* tails;
  const std::int64_t* arcs;     // the arc's index in the graph's CSR: what the draw is keyed on
  const double* chances;
  std::int32_t n;
};

// One batch of repetitions: `words` words of 64 per node, node v's words at [v * words, (v + 1) * words).
struct RunBatch {
  std::int64_t words;
  std::uint32_t first_run;    // the repetition of bit 0 of word 0
  std::int32_t repetitions;   // repetitions in the batch: bits past them stay clear
  std::uint64_t seed;         // FlowOptions::seed
};

// Per node: layer sums, squared layer sums, runs reached (the seeds' own layer 1 excluded).
struct Tallies {
  unsigned long long* layer_sum;
  unsigned long long* layer_square_sum;
  unsigned* reached;
};

// reached = frontier = every repetition of the batch, at each seed. Both arrays start zeroed.
void launch_seed_batch(const GpuContext& gpu, const std::int32_t* seeds, std::int32_t seed_count, const RunBatch& batch,
                       std::uint64_t* reached, std::uint64_t* frontier, cudaStream_t stream);

// One step into `layer`: next = the repetitions newly reached at each node, reached |= next,
// tallies updated, *added set to 1 when any repetition reached any node.
void launch_flow_step(const GpuContext& gpu, const InArcs& in, const RunBatch& batch, std::uint32_t layer,
                      const std::uint64_t* frontier, std::uint64_t* reached, std::uint64_t* next,
                      const Tallies& tallies, int* added, cudaStream_t stream);

}  // namespace pathscope::gpu::flow
