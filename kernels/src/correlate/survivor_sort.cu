// Survivors sorted by (i, j) on the device, so a band reaches the host in file order and the
// host never sorts millions of pairs.
#include <cub/device/device_radix_sort.cuh>

#include <bit>
#include <cstdint>

#include "common/cuda_check.hpp"
#include "correlate/correlate_kernels.cuh"
#include "pathscope/correlate/detail/incomplete_beta.hpp"

namespace pathscope::gpu {
namespace {

constexpr std::size_t kAlign = 256;

std::size_t aligned(std::size_t bytes) { return (bytes + kAlign - 1) / kAlign * kAlign; }

std::size_t radix_temp_bytes(unsigned long long count) {
  std::size_t temp = 0;
  CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, temp, static_cast<const std::uint64_t*>(nullptr),
                                             static_cast<std::uint64_t*>(nullptr), static_cast<const float*>(nullptr),
                                             static_cast<float*>(nullptr), static_cast<int>(count)));
  return temp;
}

__global__ void split_survivors(const CorrelationSurvivor* s, unsigned long long count, std::uint64_t* keys,
                                float* values) {
  for (unsigned long long k = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x; k < count;
       k += static_cast<unsigned long long>(gridDim.x) * blockDim.x) {
    keys[k] = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(s[k].i)) << 32) | static_cast<std::uint32_t>(s[k].j);
    values[k] = s[k].value;
  }
}

__global__ void join_survivors(const std::uint64_t* keys, const float* values, unsigned long long count,
                               CorrelationSurvivor* s) {
  for (unsigned long long k = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x; k < count;
       k += static_cast<unsigned long long>(gridDim.x) * blockDim.x)
    s[k] = CorrelationSurvivor{static_cast<std::int32_t>(keys[k] >> 32), static_cast<std::int32_t>(keys[k] & 0xffffffffu),
                               values[k]};
}

__global__ void records_kernel(const CorrelationSurvivor* s, unsigned long long count, const double* scale,
                               double samples, SurvivorRecord* out) {
  for (unsigned long long k = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x; k < count;
       k += static_cast<unsigned long long>(gridDim.x) * blockDim.x) {
    const CorrelationSurvivor v = s[k];
    // The host's exact_rho, then the host's p (detail/incomplete_beta.hpp), in double.
    double rho = static_cast<double>(v.value) * scale[v.i] * scale[v.j];
    rho = rho > 1 ? 1 : (rho < -1 ? -1 : rho);
    out[k] = SurvivorRecord{static_cast<std::uint32_t>(v.i), static_cast<std::uint32_t>(v.j), static_cast<float>(rho),
                            static_cast<float>(detail::correlation_p(rho, samples))};
  }
}

}  // namespace

void launch_survivor_records(const CorrelationSurvivor* survivors, unsigned long long count, const double* scale,
                             std::int32_t samples, SurvivorRecord* records, cudaStream_t stream) {
  if (count == 0) return;
  const int blocks = static_cast<int>(std::min<unsigned long long>((count + 255) / 256, 8192));
  records_kernel<<<blocks, 256, 0, stream>>>(survivors, count, scale, samples, records);
  CUDA_CHECK_LAUNCH();
}

std::size_t survivor_sort_scratch_bytes(unsigned long long count) {
  if (count == 0) return 0;
  return 2 * aligned(count * sizeof(std::uint64_t)) + 2 * aligned(count * sizeof(float)) + aligned(radix_temp_bytes(count));
}

void sort_survivors(CorrelationSurvivor* survivors, unsigned long long count, void* scratch, std::size_t scratch_bytes,
                    cudaStream_t stream) {
  if (count < 2) return;
  auto* base = static_cast<unsigned char*>(scratch);
  auto* keys_in = reinterpret_cast<std::uint64_t*>(base);
  auto* keys_out = reinterpret_cast<std::uint64_t*>(base + aligned(count * 8));
  auto* values_in = reinterpret_cast<float*>(base + 2 * aligned(count * 8));
  auto* values_out = reinterpret_cast<float*>(base + 2 * aligned(count * 8) + aligned(count * 4));
  void* temp = base + 2 * aligned(count * 8) + 2 * aligned(count * 4);
  std::size_t temp_bytes = scratch_bytes - (2 * aligned(count * 8) + 2 * aligned(count * 4));
  const int blocks = static_cast<int>(std::min<unsigned long long>((count + 255) / 256, 4096));
  split_survivors<<<blocks, 256, 0, stream>>>(survivors, count, keys_in, values_in);
  CUDA_CHECK_LAUNCH();
  CUDA_CHECK(cub::DeviceRadixSort::SortPairs(temp, temp_bytes, keys_in, keys_out, values_in, values_out,
                                             static_cast<int>(count), 0, 64, stream));
  join_survivors<<<blocks, 256, 0, stream>>>(keys_out, values_out, count, survivors);
  CUDA_CHECK_LAUNCH();
}

}  // namespace pathscope::gpu
