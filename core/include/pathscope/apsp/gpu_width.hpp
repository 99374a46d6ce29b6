#pragma once
// How wide gpu-blocked should run: a cost model of its seconds for a size, a distance type and a
// number of ranks, and the choice `--gpus all` makes with it (the fastest predicted width that
// fits, so a small graph stays on one GPU). Also the one home of the process-grid rule the
// several-GPU engine lays its ranks out by. Pure arithmetic: no CUDA, no device is asked.
// The constants, and the measurements they were fitted to, are described in docs/gpu.md
// ("Choosing the width"); scripts/bench/gpu_scaling_model.py reads the same constants.
#include <cstdint>
#include <string>
#include <vector>

#include "pathscope/graph/distance.hpp"

namespace pathscope {

// P ranks as rows x cols, as square as P allows, rows >= cols (6 -> 3 x 2, 7 -> 7 x 1).
struct GpuGrid {
  int rows = 1, cols = 1;
};
GpuGrid gpu_grid_for_ranks(int ranks);

struct GpuWidthCase {
  std::int64_t n = 0, arcs = 0;
  DistType dist = DistType::Int32;  // Int32, Float32 or Hop16 (what gpu-blocked computes)
  int ranks = 0;                    // 0: the one-GPU engine; P >= 1: P ranks of the several-GPU engine
  int devices = 1;                  // the distinct GPUs those ranks are on (logical ranks share one)
  std::uint64_t device_memory = 0;  // bytes a rank may use on its GPU; 0: as much as it needs
};

struct GpuWidthPrediction {
  double seconds = 0;  // the engine's whole run (Timing::seconds): the sum of the parts below
  double compute = 0;  // pivots: phase 3 (or the exchanges, when slower) and the per-pivot cost
  double download = 0; // the result into host memory (out of core: pinning it instead)
  double fixed = 0;    // per run
  GpuGrid grid;
  bool out_of_core = false;  // the matrix streams from host memory (one GPU, or every rank its block)
  bool fits = true;          // false: not even streaming fits device_memory (the engine refuses)
};

// Throws Error for ranks < 0, devices < 1, n < 0 or a distance type gpu-blocked lacks.
GpuWidthPrediction predict_gpu_blocked(const GpuWidthCase& c);

// The device bytes the several-GPU engine needs at most for one rank of P (an upper bound of
// its own count), and the one-GPU engine in core (ranks = 1).
std::uint64_t gpu_rank_bytes(std::int64_t n, std::int64_t arcs, DistType dist, int ranks);

struct GpuWidthChoice {
  int ranks = 1;  // 1: the one-GPU engine; P > 1: P ranks on the first P devices
  GpuWidthPrediction prediction;
  std::string reason;  // "1 of 4 GPUs (model: 1 GPU a s, 2 GPUs b s, 4 GPUs c s)"
};

// The width `--gpus all` runs at on devices whose usable bytes are device_memory[0..count):
// the fastest prediction among 1, 2, 4, ... and the device count itself, P > 1 only when
// every one of the first P devices can hold a rank (in core or streaming its block), and a wider P only when predicted a
// quarter faster than the narrower one chosen so far. Throws Error
// when device_memory is empty.
GpuWidthChoice choose_gpu_width(std::int64_t n, std::int64_t arcs, DistType dist,
                                const std::vector<std::uint64_t>& device_memory);

}  // namespace pathscope
