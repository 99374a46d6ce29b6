#pragma once
// The index arithmetic of the exact tour solvers, shared word for word by the CPU (OpenMP) and
// the CUDA kernels, so that the unit tests exercise the very code the GPU runs.
//
// Exhaustive search. Stop 0 is fixed first; the other m = k-1 stops are permuted. For a
// symmetric matrix each tour equals its mirror, so only tours whose second stop a is smaller
// than their last stop b are visited: a pair (a, b) with the n = m-2 middle stops permuted
// between them. Otherwise n = m and every order is visited. Tour index = pair * n! + the
// lexicographic rank of the middle (factorial number system). The space is cut into "units"
// of L! consecutive indices (L = min(n, 5)): one prefix of n-L stops followed by every order of
// the last L, which are enumerated by fully unrolled code with the costs of the prefix summed
// once. Walking on from unit to unit is std::next_permutation's step on the prefix, and only the
// prefix sums after the first changed position are recomputed.
//
// Held-Karp. dp[S*m + j] = cheapest path from stop 0 through the stops of subset S (bit j =
// stop j+1) ending at stop j+1. Subsets are processed in layers of equal size; within a layer a
// subset is found from its rank by the combinatorial number system (colex order), and each
// subset of one layer fills its supersets' entries in the next.
#include <cstdint>

#include "pathscope/runtime/host_device.hpp"

namespace pathscope::tsp_walk {

inline constexpr int kMaxStops = 20;       // 19! < 2^63
inline constexpr int kMaxSuffix = 5;       // the unrolled tail: 5! = 120 tours per unit
inline constexpr int kMaxHeldKarpStops = 32;  // subsets of k-1 <= 31 stops fit a uint32 mask

PATHSCOPE_HD std::uint64_t factorial(int n) {
  std::uint64_t f = 1;
  for (int i = 2; i <= n; ++i) f *= static_cast<std::uint64_t>(i);
  return f;
}

PATHSCOPE_HD std::uint64_t binomial(int n, int r) {
  if (r < 0 || r > n) return 0;
  if (r > n - r) r = n - r;
  std::uint64_t b = 1;
  for (int i = 1; i <= r; ++i) b = b * static_cast<std::uint64_t>(n - r + i) / static_cast<std::uint64_t>(i);
  return b;
}

// The shape of the exhaustive index space for k stops.
struct TourSpace {
  int k = 0;
  int m = 0;              // stops after stop 0
  bool mirror = false;    // symmetric: only tours with a < b
  int n = 0;              // permuted stops between head and tail
  int suffix = 0;         // L: stops enumerated by the unrolled tail
  std::uint64_t pairs = 1, n_factorial = 1, suffix_factorial = 1;
  std::uint64_t units_per_pair = 1, units = 0, tours = 0;
};

// k >= 2 and k <= kMaxStops. Mirrors are skipped only from k = 4 on (k = 3 has one pair).
PATHSCOPE_HD TourSpace make_tour_space(int k, bool symmetric) {
  TourSpace s;
  s.k = k;
  s.m = k - 1;
  s.mirror = symmetric && s.m >= 3;
  s.n = s.mirror ? s.m - 2 : s.m;
  s.suffix = s.n < kMaxSuffix ? s.n : kMaxSuffix;
  s.pairs = s.mirror ? binomial(s.m, 2) : 1;
  s.n_factorial = factorial(s.n);
  s.suffix_factorial = factorial(s.suffix);
  s.units_per_pair = s.n_factorial / s.suffix_factorial;
  s.units = s.pairs * s.units_per_pair;
  s.tours = s.pairs * s.n_factorial;
  return s;
}

// The p-th pair (a, b), 1 <= a < b <= m, in lexicographic order.
PATHSCOPE_HD void unrank_pair(int m, std::uint64_t p, int* a, int* b) {
  int first = 1;
  std::uint64_t row = static_cast<std::uint64_t>(m - 1);  // pairs starting with `first`
  while (p >= row) {
    p -= row;
    ++first;
    --row;
  }
  *a = first;
  *b = first + 1 + static_cast<int>(p);
}

// Writes the index-th permutation (lexicographic) of the n sorted `elements` into out:
// digit i of the factorial number system picks among the n-i elements still unused.
PATHSCOPE_HD void decode_permutation(std::uint64_t index, int n, const int* elements, int* out) {
  int pool[kMaxStops];
  for (int i = 0; i < n; ++i) pool[i] = elements[i];
  for (int i = 0; i < n; ++i) {
    const std::uint64_t place = factorial(n - 1 - i);
    const int digit = static_cast<int>(index / place);
    index %= place;
    out[i] = pool[digit];
    for (int j = digit; j < n - 1 - i; ++j) pool[j] = pool[j + 1];
  }
}

// The stops of one pair's permutations, sorted, and the head/tail around them.
PATHSCOPE_HD int pair_elements(const TourSpace& s, std::uint64_t pair, int* elements, int* head, int* tail) {
  int a = 0, b = 0;
  if (s.mirror) unrank_pair(s.m, pair, &a, &b);
  int count = 0;
  for (int stop = 1; stop <= s.m; ++stop)
    if (stop != a && stop != b) elements[count++] = stop;
  *head = a;  // 0 when not mirrored: the tour starts at stop 0
  *tail = b;  // 0 when not mirrored: the tour returns to stop 0
  return count;
}

// The full tour (k stops, tour[0] = 0) of a tour index.
PATHSCOPE_HD void decode_tour(const TourSpace& s, std::uint64_t index, int* tour) {
  int elements[kMaxStops];
  int head = 0, tail = 0;
  const std::uint64_t pair = index / s.n_factorial;
  const int n = pair_elements(s, pair, elements, &head, &tail);
  tour[0] = 0;
  int at = 1;
  if (s.mirror) tour[at++] = head;
  decode_permutation(index % s.n_factorial, n, elements, tour + at);
  at += n;
  if (s.mirror) tour[at] = tail;
}

// std::next_permutation's step; returns the first changed position, or -1 after the last.
PATHSCOPE_HD int next_permutation_step(int* p, int n) {
  int i = n - 2;
  while (i >= 0 && p[i] >= p[i + 1]) --i;
  if (i < 0) return -1;
  int j = n - 1;
  while (p[j] <= p[i]) --j;
  int t = p[i];
  p[i] = p[j];
  p[j] = t;
  for (int lo = i + 1, hi = n - 1; lo < hi; ++lo, --hi) {
    t = p[lo];
    p[lo] = p[hi];
    p[hi] = t;
  }
  return i;
}

template <typename Cost>
struct Best {
  Cost cost;
  std::uint64_t index;
};

// Every order of the R stops in `rest` (ascending), after `last` with `partial` spent so far;
// close[j] is what finishing at rest[j] adds (its arc to the tail stop and the tail's way
// back), looked up once per unit rather than once per tour. `rank` is the index of the first
// of these tours and advances by one per tour, so that the strict comparison keeps the
// smallest index among equal costs.
template <typename Cost, int R>
PATHSCOPE_HD void enumerate_tail(const Cost* c, int k, const int (&rest)[R], const Cost (&close)[R], int last,
                                 Cost partial, Best<Cost>& best, std::uint64_t& rank) {
  if constexpr (R == 1) {
    const Cost total = partial + c[last * k + rest[0]] + close[0];
    if (total < best.cost) {
      best.cost = total;
      best.index = rank;
    }
    ++rank;
  } else {
    PATHSCOPE_UNROLL
    for (int i = 0; i < R; ++i) {
      int next[R - 1];
      Cost next_close[R - 1];
      PATHSCOPE_UNROLL
      for (int j = 0; j < R - 1; ++j) {
        next[j] = rest[j < i ? j : j + 1];
        next_close[j] = close[j < i ? j : j + 1];
      }
      enumerate_tail<Cost, R - 1>(c, k, next, next_close, rest[i], partial + c[last * k + rest[i]], best, rank);
    }
  }
}

// Searches units [unit, unit_end) of the space with the unrolled tail of length L == s.suffix.
template <typename Cost, int L>
PATHSCOPE_HD void search_units(const Cost* c, const TourSpace& s, std::uint64_t unit, std::uint64_t unit_end,
                               Best<Cost>& best) {
  if (unit >= unit_end) return;
  const int k = s.k, n = s.n, prefix = s.n - L;
  int elements[kMaxStops], perm[kMaxStops];
  Cost sums[kMaxStops];  // sums[t]: from stop 0 through head and perm[0..t]
  std::uint64_t pair = unit / s.units_per_pair;
  int head = 0, tail = 0;
  pair_elements(s, pair, elements, &head, &tail);
  decode_permutation((unit % s.units_per_pair) * s.suffix_factorial, n, elements, perm);
  // c[0][head] and c[tail][0] when mirrored; unmirrored, head and tail are stop 0 itself.
  Cost head_cost = s.mirror ? c[head] : Cost(0), tail_cost = s.mirror ? c[tail * k] : Cost(0);
  int first_changed = 0;
  for (;;) {
    Cost acc = first_changed == 0 ? head_cost : sums[first_changed - 1];
    int prev = first_changed == 0 ? head : perm[first_changed - 1];
    for (int t = first_changed; t < prefix; ++t) {
      acc = acc + c[prev * k + perm[t]];
      sums[t] = acc;
      prev = perm[t];
    }
    int rest[L];
    Cost close[L];
    PATHSCOPE_UNROLL
    for (int j = 0; j < L; ++j) {
      rest[j] = perm[prefix + j];
      close[j] = c[rest[j] * k + tail] + tail_cost;
    }
    std::uint64_t rank = unit * s.suffix_factorial;
    enumerate_tail<Cost, L>(c, k, rest, close, prefix > 0 ? perm[prefix - 1] : head,
                            prefix > 0 ? sums[prefix - 1] : head_cost, best, rank);
    if (++unit >= unit_end) return;
    if (unit % s.units_per_pair == 0) {
      ++pair;
      pair_elements(s, pair, elements, &head, &tail);
      for (int t = 0; t < n; ++t) perm[t] = elements[t];
      head_cost = s.mirror ? c[head] : Cost(0);
      tail_cost = s.mirror ? c[tail * k] : Cost(0);
      first_changed = 0;
    } else {
      // The tail is ascending; descending it makes the step below move to the next prefix.
      for (int lo = prefix, hi = n - 1; lo < hi; ++lo, --hi) {
        const int t = perm[lo];
        perm[lo] = perm[hi];
        perm[hi] = t;
      }
      first_changed = next_permutation_step(perm, n);
    }
  }
}

// Dispatches on the tail length (1..5) chosen by make_tour_space.
template <typename Cost>
PATHSCOPE_HD void search_units_any(const Cost* c, const TourSpace& s, std::uint64_t unit, std::uint64_t unit_end,
                                   Best<Cost>& best) {
  switch (s.suffix) {
    case 1: search_units<Cost, 1>(c, s, unit, unit_end, best); break;
    case 2: search_units<Cost, 2>(c, s, unit, unit_end, best); break;
    case 3: search_units<Cost, 3>(c, s, unit, unit_end, best); break;
    case 4: search_units<Cost, 4>(c, s, unit, unit_end, best); break;
    default: search_units<Cost, 5>(c, s, unit, unit_end, best); break;
  }
}

// Binomial coefficients C(n, r) for n, r <= 32, row n at table[n * kBinomialStride]: unranking
// looks them up many times per subset, and 64-bit divisions are slow on a GPU.
inline constexpr int kBinomialStride = kMaxHeldKarpStops + 1;
inline constexpr int kBinomialEntries = kBinomialStride * kBinomialStride;

PATHSCOPE_HD void fill_binomials(std::uint64_t* table) {
  for (int n = 0; n < kBinomialStride; ++n)
    for (int r = 0; r < kBinomialStride; ++r) table[n * kBinomialStride + r] = binomial(n, r);
}

// The rank-th subset of `size` elements of {0..m-1} in colex order, as a bit mask: the largest
// element is the largest c with C(c, size) <= rank, and so on down (combinatorial number system).
PATHSCOPE_HD std::uint32_t unrank_subset(std::uint64_t rank, int size, int m, const std::uint64_t* binomials) {
  std::uint32_t mask = 0;
  int c = m - 1;
  for (int i = size; i >= 1; --i) {
    while (binomials[c * kBinomialStride + i] > rank) --c;
    mask |= 1u << c;
    rank -= binomials[c * kBinomialStride + i];
    --c;
  }
  return mask;
}

PATHSCOPE_HD int lowest_bit(std::uint32_t x) {
#if defined(__CUDA_ARCH__)
  return __ffs(static_cast<int>(x)) - 1;
#else
  return __builtin_ctz(x);
#endif
}

// Extends the finished entries of `subset` (size s) to the subsets of size s+1 that add one
// stop j: dp[(subset | j)*m + j] = min over i in subset of dp[subset*m + i] + c[i][j]. Each
// entry of layer s+1 has exactly one such subset (itself less j), so the writes never collide,
// and every row of the table is read once, by one thread: the table is far larger than any
// cache, so reading each row once rather than once per superset is what keeps this fast.
// The empty subset starts the table: dp[{j}*m + j] = c[0][j].
template <typename Cost>
PATHSCOPE_HD void held_karp_extend(const Cost* c, int k, Cost* dp, std::uint32_t subset) {
  const int m = k - 1;
  if (subset == 0) {
    for (int j = 0; j < m; ++j) dp[(static_cast<std::uint64_t>(1u << j)) * m + j] = c[j + 1];
    return;
  }
  Cost row[kMaxHeldKarpStops];
  int members[kMaxHeldKarpStops];
  int count = 0;
  const std::uint64_t base = static_cast<std::uint64_t>(subset) * m;
  for (std::uint32_t rest = subset; rest; rest &= rest - 1) {
    const int i = lowest_bit(rest);
    members[count] = (i + 1) * k;  // row offset of stop i+1 in c
    row[count++] = dp[base + i];
  }
  for (int j = 0; j < m; ++j) {
    if (subset >> j & 1u) continue;
    Cost best = row[0] + c[members[0] + j + 1];
    for (int t = 1; t < count; ++t) {
      const Cost candidate = row[t] + c[members[t] + j + 1];
      if (candidate < best) best = candidate;
    }
    dp[static_cast<std::uint64_t>(subset | (1u << j)) * m + j] = best;
  }
}

}  // namespace pathscope::tsp_walk
