// The blocked engine's tile kernels, every instruction set this CPU can run (AVX-512, AVX2,
// baseline), against scalar loops doing the same arithmetic in the same order, on random
// tiles with negative values and the engines' working infinities.
#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "../../core/src/apsp/minplus_kernels.hpp"
#include "pathscope/io/random_graph.hpp"

namespace pathscope {
namespace {

using detail::MinPlusKernels;
using detail::TileKernels;

template <class T> T working_infinity();
template <> std::int32_t working_infinity<std::int32_t>() { return (1 << 30) - 1; }  // blocked_engine.cpp
template <> std::int64_t working_infinity<std::int64_t>() { return (std::int64_t{1} << 62) - 1; }
template <> float working_infinity<float>() { return std::numeric_limits<float>::infinity(); }

template <class T> const TileKernels<T>& typed(const MinPlusKernels& k);
template <> const TileKernels<std::int32_t>& typed(const MinPlusKernels& k) { return k.i32; }
template <> const TileKernels<float>& typed(const MinPlusKernels& k) { return k.f32; }
template <> const TileKernels<std::int64_t>& typed(const MinPlusKernels& k) { return k.i64; }

// A fifth unreachable; the rest whole numbers (or, for float, any reals) in [low, 1000], int64
// ones scaled by 2^33 so that they need all 64 bits' lanes.
template <class T>
std::vector<T> random_tile(SplitMix64& rng, int tile, int low) {
  std::vector<T> t(static_cast<std::size_t>(tile) * tile);
  for (auto& x : t) {
    if (rng.below(5) == 0) x = working_infinity<T>();
    else if constexpr (std::is_same_v<T, float>) x = static_cast<float>(low + rng.unit() * (1000 - low));
    else if constexpr (std::is_same_v<T, std::int64_t>)
      x = (low + static_cast<T>(rng.below(static_cast<std::uint32_t>(1001 - low)))) * (T{1} << 33) +
          static_cast<T>(rng.below(3));
    else x = low + static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(1001 - low)));
  }
  return t;
}

std::vector<std::int32_t> random_ints(SplitMix64& rng, int tile, std::uint32_t bound) {
  std::vector<std::int32_t> t(static_cast<std::size_t>(tile) * tile);
  for (auto& x : t) x = static_cast<std::int32_t>(rng.below(bound));
  return t;
}

template <class T>
bool lexicographically_better(T cost, std::int32_t hops, T best_cost, std::int32_t best_hops) {
  return cost < best_cost || (cost == best_cost && hops < best_hops);
}

template <class T>
void check_products(const MinPlusKernels& kernels, int tile, std::uint64_t seed) {
  SplitMix64 rng(seed);
  const auto a = random_tile<T>(rng, tile, -50), b = random_tile<T>(rng, tile, -50);
  const auto c = random_tile<T>(rng, tile, -50);
  const auto an = random_ints(rng, tile, 1000), cn = random_ints(rng, tile, 1000);
  const auto ah = random_ints(rng, tile, 4), bh = random_ints(rng, tile, 4), ch = random_ints(rng, tile, 8);

  auto plain = c;
  typed<T>(kernels).product(plain.data(), a.data(), b.data(), tile);
  auto with_next = c;
  auto next = cn, hops = ch;
  typed<T>(kernels).product_next(with_next.data(), a.data(), b.data(), next.data(), an.data(), hops.data(), ah.data(),
                                 bh.data(), tile);
  for (int i = 0; i < tile; ++i)
    for (int j = 0; j < tile; ++j) {
      const int at = i * tile + j;
      T best = c[at], lex_best = c[at];
      std::int32_t best_next = cn[at], best_hops = ch[at];
      for (int k = 0; k < tile; ++k) {
        const T through = a[i * tile + k] + b[k * tile + j];
        if (through < best) best = through;
        const std::int32_t through_hops = ah[i * tile + k] + bh[k * tile + j];
        if (lexicographically_better(through, through_hops, lex_best, best_hops)) {
          lex_best = through;
          best_hops = through_hops;
          best_next = an[i * tile + k];
        }
      }
      ASSERT_EQ(plain[at], best) << kernels.instruction_set << " tile " << tile << " cell " << i << "," << j;
      ASSERT_EQ(with_next[at], lex_best) << kernels.instruction_set << " cell " << i << "," << j;
      ASSERT_EQ(next[at], best_next) << kernels.instruction_set << " cell " << i << "," << j;
      ASSERT_EQ(hops[at], best_hops) << kernels.instruction_set << " cell " << i << "," << j;
    }
}

// The closure runs Floyd-Warshall in place; with a zero diagonal and no negative value the
// vector and scalar orders give the same result.
template <class T>
void check_closures(const MinPlusKernels& kernels, int tile, std::uint64_t seed) {
  SplitMix64 rng(seed);
  auto p = random_tile<T>(rng, tile, 0);
  std::vector<std::int32_t> pn(p.size(), -1), ph(p.size(), 0);
  for (int i = 0; i < tile; ++i)
    for (int j = 0; j < tile; ++j) {
      const int at = i * tile + j;
      if (i == j) p[at] = 0;
      else if (p[at] != working_infinity<T>()) pn[at] = j, ph[at] = 1;
    }
  auto plain = p;
  typed<T>(kernels).closure(plain.data(), tile);
  auto with_next = p;
  auto next = pn, hops = ph;
  typed<T>(kernels).closure_next(with_next.data(), next.data(), hops.data(), tile);
  auto reference = p, lex = p;
  auto reference_next = pn, reference_hops = ph;
  for (int k = 0; k < tile; ++k)
    for (int i = 0; i < tile; ++i)
      for (int j = 0; j < tile; ++j) {
        const int at = i * tile + j;
        const T through = reference[i * tile + k] + reference[k * tile + j];
        if (through < reference[at]) reference[at] = through;
        const T lex_through = lex[i * tile + k] + lex[k * tile + j];
        const std::int32_t through_hops = reference_hops[i * tile + k] + reference_hops[k * tile + j];
        if (lexicographically_better(lex_through, through_hops, lex[at], reference_hops[at])) {
          lex[at] = lex_through;
          reference_hops[at] = through_hops;
          reference_next[at] = reference_next[i * tile + k];
        }
      }
  EXPECT_EQ(plain, reference) << kernels.instruction_set << " tile " << tile;
  EXPECT_EQ(with_next, lex) << kernels.instruction_set << " tile " << tile;
  EXPECT_EQ(next, reference_next) << kernels.instruction_set << " tile " << tile;
  EXPECT_EQ(hops, reference_hops) << kernels.instruction_set << " tile " << tile;
}

TEST(MinPlusKernels, EveryInstructionSetMatchesScalarLoops) {
  const auto all = detail::runnable_minplus_kernels();
  ASSERT_FALSE(all.empty());
  EXPECT_EQ(all.front(), &detail::minplus_kernels());
  std::uint64_t seed = 1;
  for (const MinPlusKernels* kernels : all)
    for (const int tile : {32, 64, 128}) {
      check_products<std::int32_t>(*kernels, tile, ++seed);
      check_products<float>(*kernels, tile, ++seed);
      check_closures<std::int32_t>(*kernels, tile, ++seed);
      check_closures<float>(*kernels, tile, ++seed);
      check_products<std::int64_t>(*kernels, tile, ++seed);
      check_closures<std::int64_t>(*kernels, tile, ++seed);
    }
}

}  // namespace
}  // namespace pathscope
