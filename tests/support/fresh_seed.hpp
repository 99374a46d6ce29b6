#pragma once
// A new seed every run, so that repeated runs try new inputs; printed, so that a failure can be
// replayed with the seed that caused it.
#include <cstdint>
#include <cstdio>
#include <random>

namespace test_support {

inline std::uint64_t fresh_seed() {
  static std::random_device device;
  const std::uint64_t seed = (static_cast<std::uint64_t>(device()) << 32) ^ device();
  std::printf("seed %llu\n", static_cast<unsigned long long>(seed));
  return seed;
}

}  // namespace test_support
