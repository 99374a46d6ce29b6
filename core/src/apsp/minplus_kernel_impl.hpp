// The min-plus tile kernels, written once and compiled once per instruction set:
// minplus_kernels.cpp includes this file several times, each time inside a target region and
// with PATHSCOPE_KERNEL_NS / PATHSCOPE_VECTOR_BYTES set, so the same source becomes AVX-512,
// AVX2 and baseline SSE2 code and the binary still runs on any x86-64. No include guard, on
// purpose.
//
// Tiles are tile x tile blocks, contiguous and row-major; tile is a multiple of 32. The
// "unreachable" values are the engines' working infinities (int32: 2^30 - 1, int64: 2^62 - 1,
// float: +inf), whose sums stay above every real distance, so no cell needs a branch.
// int64 vectors hold half as many lanes; their next hops and hop counts then travel in int32
// vectors of as many lanes (half width), and masks are converted between the two widths.

namespace PATHSCOPE_KERNEL_NS {

typedef std::int32_t VecI __attribute__((vector_size(PATHSCOPE_VECTOR_BYTES)));
typedef float VecF __attribute__((vector_size(PATHSCOPE_VECTOR_BYTES)));
typedef std::int64_t VecL __attribute__((vector_size(PATHSCOPE_VECTOR_BYTES)));
typedef std::int32_t VecIHalf __attribute__((vector_size(PATHSCOPE_VECTOR_BYTES / 2)));

// Per cost type: its vector, and the int32 vector of as many lanes (next hops, hop counts).
template <class T> struct VecOf;
template <> struct VecOf<std::int32_t> { using type = VecI; using hops = VecI; };
template <> struct VecOf<float> { using type = VecF; using hops = VecI; };
template <> struct VecOf<std::int64_t> { using type = VecL; using hops = VecIHalf; };
template <class T> inline constexpr int kLanes = PATHSCOPE_VECTOR_BYTES / static_cast<int>(sizeof(T));

// A comparison mask as the mask of another vector type with as many lanes (-1 stays -1).
template <class To, class From>
inline To as_mask(const From& mask) {
  return __builtin_convertvector(mask, To);
}

template <class V, class T>
inline V load(const T* p) {
  V v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}
template <class V, class T>
inline void store(T* p, const V& v) {
  __builtin_memcpy(p, &v, sizeof v);
}
template <class V>
inline V vmin(const V& a, const V& b) {
#if defined(__clang__)
  return __builtin_elementwise_min(a, b);
#else
  return a < b ? a : b;
#endif
}

// c = min(c, a (x) b). The R x W block of c (W vectors wide) stays in registers for the whole
// k loop, so each k costs W loads of b, R broadcasts of a and R*W add+min pairs: the loop is
// limited by the vector ALUs, not by memory. c may be a or b itself (phase 2 of blocked
// Floyd-Warshall): a cell read after its update is only a better valid path, never a wrong one.
template <class T, int R, int W>
void product(T* c, const T* a, const T* b, int tile) {
  using V = typename VecOf<T>::type;
  for (int i0 = 0; i0 < tile; i0 += R) {
    for (int j0 = 0; j0 < tile; j0 += W * kLanes<T>) {
      V acc[R][W];
#pragma GCC unroll 16
      for (int r = 0; r < R; ++r)
#pragma GCC unroll 16
        for (int w = 0; w < W; ++w) acc[r][w] = load<V>(c + (i0 + r) * tile + j0 + w * kLanes<T>);
      for (int k = 0; k < tile; ++k) {
        V bk[W];
#pragma GCC unroll 16
        for (int w = 0; w < W; ++w) bk[w] = load<V>(b + k * tile + j0 + w * kLanes<T>);
#pragma GCC unroll 16
        for (int r = 0; r < R; ++r) {
          const T aik = a[(i0 + r) * tile + k];
#pragma GCC unroll 16
          for (int w = 0; w < W; ++w) acc[r][w] = vmin(acc[r][w], bk[w] + aik);
        }
      }
#pragma GCC unroll 16
      for (int r = 0; r < R; ++r)
#pragma GCC unroll 16
        for (int w = 0; w < W; ++w) store(c + (i0 + r) * tile + j0 + w * kLanes<T>, acc[r][w]);
    }
  }
}

// The same product keeping next hops. Paths are compared by (cost, hops), lexicographically:
// with plain cost, zero-cost cycles make ties that the blocked order can resolve
// inconsistently (u's next hop towards t via k, k's via u), and following next hops then
// loops. Counting hops removes every zero-cost cycle from the order, so next hops always lead
// strictly downhill in (cost, hops) and reach t. ch/ah/bh are the hop counts of c/a/b.
template <class T, int R, int W>
void product_next(T* c, const T* a, const T* b, std::int32_t* cn, const std::int32_t* an, std::int32_t* ch,
                  const std::int32_t* ah, const std::int32_t* bh, int tile) {
  using V = typename VecOf<T>::type;
  using H = typename VecOf<T>::hops;
  for (int i0 = 0; i0 < tile; i0 += R) {
    for (int j0 = 0; j0 < tile; j0 += W * kLanes<T>) {
      V acc[R][W];
      H hop[R][W], count[R][W];
#pragma GCC unroll 16
      for (int r = 0; r < R; ++r)
#pragma GCC unroll 16
        for (int w = 0; w < W; ++w) {
          const int at = (i0 + r) * tile + j0 + w * kLanes<T>;
          acc[r][w] = load<V>(c + at);
          hop[r][w] = load<H>(cn + at);
          count[r][w] = load<H>(ch + at);
        }
      for (int k = 0; k < tile; ++k) {
        V bk[W];
        H bcount[W];
#pragma GCC unroll 16
        for (int w = 0; w < W; ++w) {
          bk[w] = load<V>(b + k * tile + j0 + w * kLanes<T>);
          bcount[w] = load<H>(bh + k * tile + j0 + w * kLanes<T>);
        }
#pragma GCC unroll 16
        for (int r = 0; r < R; ++r) {
          const T aik = a[(i0 + r) * tile + k];
          const std::int32_t hop_k = an[(i0 + r) * tile + k];
          const std::int32_t count_k = ah[(i0 + r) * tile + k];
#pragma GCC unroll 16
          for (int w = 0; w < W; ++w) {
            const V through_k = bk[w] + aik;
            const H through_count = bcount[w] + count_k;
            const H better = as_mask<H>(through_k < acc[r][w]) |
                             (as_mask<H>(through_k == acc[r][w]) & (through_count < count[r][w]));
            acc[r][w] = as_mask<decltype(through_k < acc[r][w])>(better) ? through_k : acc[r][w];
            hop[r][w] = better ? (H{} + hop_k) : hop[r][w];
            count[r][w] = better ? through_count : count[r][w];
          }
        }
      }
#pragma GCC unroll 16
      for (int r = 0; r < R; ++r)
#pragma GCC unroll 16
        for (int w = 0; w < W; ++w) {
          const int at = (i0 + r) * tile + j0 + w * kLanes<T>;
          store(c + at, acc[r][w]);
          store(cn + at, hop[r][w]);
          store(ch + at, count[r][w]);
        }
    }
  }
}

// Floyd-Warshall inside one tile (phase 1): k must run in order, rows are vector-wide.
// Row k does not change during step k (its diagonal is 0 and there is no negative cycle), so
// updating in place is exact.
template <class T>
void closure(T* p, int tile) {
  using V = typename VecOf<T>::type;
  for (int k = 0; k < tile; ++k)
    for (int i = 0; i < tile; ++i) {
      const T dik = p[i * tile + k];
      for (int j = 0; j < tile; j += kLanes<T>)
        store(p + i * tile + j, vmin(load<V>(p + i * tile + j), load<V>(p + k * tile + j) + dik));
    }
}

// The same with next hops and hop counts, (cost, hops) compared as in product_next.
template <class T>
void closure_next(T* p, std::int32_t* pn, std::int32_t* ph, int tile) {
  using V = typename VecOf<T>::type;
  using H = typename VecOf<T>::hops;
  for (int k = 0; k < tile; ++k)
    for (int i = 0; i < tile; ++i) {
      const T dik = p[i * tile + k];
      const std::int32_t hop_k = pn[i * tile + k];
      const std::int32_t count_k = ph[i * tile + k];
      for (int j = 0; j < tile; j += kLanes<T>) {
        const int at = i * tile + j;
        const V through_k = load<V>(p + k * tile + j) + dik;
        const H through_count = load<H>(ph + k * tile + j) + count_k;
        const V current = load<V>(p + at);
        const H count = load<H>(ph + at);
        const H better = as_mask<H>(through_k < current) | (as_mask<H>(through_k == current) & (through_count < count));
        store(p + at, as_mask<decltype(through_k < current)>(better) ? through_k : current);
        store(pn + at, better ? (H{} + hop_k) : load<H>(pn + at));
        store(ph + at, better ? through_count : count);
      }
    }
}

inline constexpr MinPlusKernels kKernels = {
    PATHSCOPE_KERNEL_NAME,
    {&closure<std::int32_t>, &closure_next<std::int32_t>, &product<std::int32_t, PATHSCOPE_ROWS, 2>,
     &product_next<std::int32_t, PATHSCOPE_NEXT_ROWS, 2>},
    {&closure<float>, &closure_next<float>, &product<float, PATHSCOPE_ROWS, 2>,
     &product_next<float, PATHSCOPE_NEXT_ROWS, 2>},
    {&closure<std::int64_t>, &closure_next<std::int64_t>, &product<std::int64_t, PATHSCOPE_ROWS, 2>,
     &product_next<std::int64_t, PATHSCOPE_NEXT_ROWS, 2>},
};

}  // namespace PATHSCOPE_KERNEL_NS
