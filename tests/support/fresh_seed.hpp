#pragma once
// A new seed every run, so that repeated runs try new inputs; printed, so that a failure can be
// replayed with the seed that caused it: PATHSCOPE_TEST_SEED=<seed> (as in tests/python/conftest.py).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

namespace test_support {

inline std::uint64_t fresh_seed() {
  std::uint64_t seed = 0;
  if (const char* replay = std::getenv("PATHSCOPE_TEST_SEED"); replay != nullptr && *replay != '\0') {
    seed = std::stoull(replay);
  } else {
    static std::random_device device;
    seed = (static_cast<std::uint64_t>(device()) << 32) ^ device();
  }
  std::printf("seed %llu\n", static_cast<unsigned long long>(seed));
  return seed;
}

}  // namespace test_support
