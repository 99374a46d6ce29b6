#pragma once
// How each distance type lives on the device. Every type keeps "unreachable" as a working
// infinity with headroom, so min(a + b, c) never overflows and needs no branch:
//  - int32: 2^30 - 1, and check_int32_distances() keeps |real paths| below 2^29, so any sum
//    that used an unreachable leg stays above every real distance (the core's own rule).
//  - float: +inf, which IEEE arithmetic already absorbs.
//  - hop16: 0x7FFF, so a sum of two fits 16 bits unsigned (the DPX add wraps, it does not
//    saturate). Hop counts of 0x7FFE or more are therefore clipped; the engine notices
//    (a cell equal to 0x7FFE) and redoes the run in int32, see hop16_fallback in the engine.
// In the product kernel a register ("word") holds one int32/float or two hop16 cells.
#include <cstdint>
#include <limits>

#include "pathscope/graph/distance.hpp"

namespace pathscope::gpu {

struct Int32Dist {
  using Scalar = std::int32_t;
  using Word = std::int32_t;   // B operand and output word
  using AWord = std::int32_t;  // A operand word: one cell, broadcast to every lane of a Word
  static constexpr int kLanes = 1;
  static constexpr DistType kType = DistType::Int32;
  static constexpr Scalar kInf = (std::int32_t{1} << 30) - 1;
  static constexpr std::int64_t kReachableLimit = (std::int64_t{1} << 29) - 1;

  __host__ __device__ static Scalar add_min(Scalar a, Scalar b, Scalar c) { return a + b < c ? a + b : c; }
  __device__ static Word word_add_min(AWord a, Word b, Word c) { return __viaddmin_s32(a, b, c); }
  __host__ __device__ static AWord broadcast(Scalar a) { return a; }
  __host__ __device__ static bool is_unreachable(Scalar v) { return v > kReachableLimit; }
};

struct FloatDist {
  using Scalar = float;
  using Word = float;
  using AWord = float;
  static constexpr int kLanes = 1;
  static constexpr DistType kType = DistType::Float32;
  static constexpr Scalar kInf = std::numeric_limits<float>::infinity();

  __host__ __device__ static Scalar add_min(Scalar a, Scalar b, Scalar c) { return fminf(a + b, c); }
  __device__ static Word word_add_min(AWord a, Word b, Word c) { return fminf(a + b, c); }
  __host__ __device__ static AWord broadcast(Scalar a) { return a; }
  __host__ __device__ static bool is_unreachable(Scalar v) { return v == kInf; }
};

struct Hop16Dist {
  using Scalar = std::uint16_t;
  using Word = std::uint32_t;
  using AWord = std::uint32_t;
  static constexpr int kLanes = 2;
  static constexpr DistType kType = DistType::Hop16;
  static constexpr Scalar kInf = 0x7FFF;
  // A finite cell equal to this may hide longer, clipped paths.
  static constexpr Scalar kClipWitness = 0x7FFE;

  __host__ __device__ static Scalar add_min(Scalar a, Scalar b, Scalar c) {
    const unsigned sum = unsigned(a) + unsigned(b);
    return sum < c ? Scalar(sum) : c;
  }
  __device__ static Word word_add_min(AWord a, Word b, Word c) { return __viaddmin_u16x2(a, b, c); }
  __host__ __device__ static AWord broadcast(Scalar a) { return unsigned(a) | (unsigned(a) << 16); }
  __host__ __device__ static bool is_unreachable(Scalar v) { return v == kInf; }
};

}  // namespace pathscope::gpu
