// gpu_minplus_peak(): the device's own min-plus ceiling, so `bench` can say how close each
// engine comes. The microkernel has the product kernel's register shape (8 x 8 accumulators
// fed by 8 + 8 operands) without its loads: after each step the operands are renamed from the
// accumulators, which costs no instruction but keeps the compiler from folding repeated
// min(a + b, c) into one.
#include <array>
#include <mutex>

#include "apsp/dist_traits.cuh"
#include "common/device.hpp"
#include "common/device_memory.hpp"
#include "common/entry_points.hpp"

namespace pathscope::gpu {
namespace {

constexpr int kPeakThreads = 256;
constexpr int kPeakSteps = 2048;

template <class D>
__global__ void __launch_bounds__(kPeakThreads, 2) peak_kernel(typename D::Word* sink, unsigned seed) {
  using Word = typename D::Word;
  Word acc[8][8], a[8], b[8];
  const unsigned t = seed ^ (blockIdx.x * kPeakThreads + threadIdx.x);
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    a[i] = Word((t >> i) & 7);
    b[i] = Word((t >> (i + 3)) & 7);
#pragma unroll
    for (int j = 0; j < 8; ++j) acc[i][j] = Word(((t >> (i + j)) & 63) + 40);
  }
  for (int step = 0; step < kPeakSteps; ++step) {
#pragma unroll
    for (int r = 0; r < 8; ++r)
#pragma unroll
      for (int c = 0; c < 8; ++c) acc[r][c] = D::word_add_min(a[r], b[c], acc[r][c]);
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      a[i] = acc[i][(i + 1) & 7];
      b[i] = acc[(i + 3) & 7][i];
    }
  }
  Word folded = acc[0][0];
#pragma unroll
  for (int r = 0; r < 8; ++r)
#pragma unroll
    for (int c = 0; c < 8; ++c) folded = D::word_add_min(folded, acc[r][c], acc[r][c]);
  sink[blockIdx.x * kPeakThreads + threadIdx.x] = folded;
}

template <class D>
double measure_peak() {
  const GpuInfo info = device_info();
  if (!info.available) return 0;
  const int blocks = info.multiprocessors * 8;
  DeviceArray<typename D::Word> sink(std::size_t(blocks) * kPeakThreads);
  Stream stream;
  Event start(true), stop(true);
  double best = 1e30;
  for (int attempt = 0; attempt < 4; ++attempt) {  // the first one also loads the module
    start.record(stream.get());
    peak_kernel<D><<<blocks, kPeakThreads, 0, stream.get()>>>(sink.get(), 12345u + attempt);
    CUDA_CHECK_LAUNCH();
    stop.record(stream.get());
    stop.sync();
    if (attempt > 0) best = std::min(best, stop.seconds_since(start));
  }
  const double updates = double(blocks) * kPeakThreads * kPeakSteps * 64 * D::kLanes;
  return updates / best;
}

}  // namespace

double minplus_peak(DistType dist) {
  static std::mutex mutex;
  static std::array<double, 3> cached{-1, -1, -1};
  if (dist == DistType::Int64) return 0;  // no int64 kernels to measure
  std::lock_guard<std::mutex> lock(mutex);
  double& slot = cached[static_cast<int>(dist)];
  if (slot < 0) {
    switch (dist) {
      case DistType::Int32: slot = measure_peak<Int32Dist>(); break;
      case DistType::Float32: slot = measure_peak<FloatDist>(); break;
      case DistType::Hop16: slot = measure_peak<Hop16Dist>(); break;
      case DistType::Int64: break;
    }
  }
  return slot;
}

}  // namespace pathscope::gpu
