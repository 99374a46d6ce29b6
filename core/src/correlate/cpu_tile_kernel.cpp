#include "correlate/cpu_tile_kernel.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "pathscope/correlate/detail/row_preparation.hpp"

namespace pathscope::correlate {

typedef float Floats8 __attribute__((vector_size(32)));
typedef int Ints8 __attribute__((vector_size(32)));

// Built twice, for AVX2 and for the baseline x86-64, and chosen at load time: the release
// flags carry no -march, and this loop is where the time goes.
__attribute__((target_clones("avx2", "default"))) void correlate_quad(const CpuTileInputs& in, std::int32_t i0,
                                                                        std::int32_t i_end, std::int32_t panel_begin,
                                                                        std::int32_t panel_end,
                                                                        std::vector<CorrelationPair>& survivors,
                                                                        std::uint64_t& count) {
  const int stride = in.stride;
  const float loose = loose_cutoff(in.cutoff);
  const float* a = in.rows + static_cast<std::int64_t>(i0) * stride;
  float row_scale[kQuadRows];
  for (int r = 0; r < kQuadRows; ++r) row_scale[r] = in.scale_f[i0 + r];
  for (std::int32_t p = panel_begin; p < panel_end; ++p) {
    const float* b = in.panels + static_cast<std::int64_t>(p) * stride * kPanelRows;
    // Eight 8-float accumulators stay in registers; the vector types make the compiler keep
    // them there instead of spilling an array to the stack (docs/correlation.md: the cost).
    Floats8 acc[kQuadRows][2] = {};
    for (int k = 0; k < stride; ++k) {
      Floats8 b_low, b_high;
      std::memcpy(&b_low, b + k * kPanelRows, sizeof b_low);
      std::memcpy(&b_high, b + k * kPanelRows + 8, sizeof b_high);
      for (int r = 0; r < kQuadRows; ++r) {
        const float ar = a[r * stride + k];
        acc[r][0] += ar * b_low;
        acc[r][1] += ar * b_high;
      }
    }
    const std::int32_t j0 = p * kPanelRows;
    Floats8 scale_low, scale_high;
    std::memcpy(&scale_low, in.scale_f + j0, sizeof scale_low);  // scale_f is padded to whole panels
    std::memcpy(&scale_high, in.scale_f + j0 + 8, sizeof scale_high);
    const int rows_here = std::min<std::int32_t>(kQuadRows, i_end - i0);
    for (int r = 0; r < rows_here; ++r) {
      const std::int32_t i = i0 + r;
      // Most rows of a panel fail the cut-off: one vector test rules the 16 pairs out at once.
      const Floats8 low = acc[r][0] * row_scale[r] * scale_low, high = acc[r][1] * row_scale[r] * scale_high;
      const Ints8 pass = (low >= loose) | (low <= -loose) | (high >= loose) | (high <= -loose);
      int any = 0;
      for (int c = 0; c < 8; ++c) any |= pass[c];
      if (!any) continue;
      for (int c = 0; c < kPanelRows; ++c) {
        const std::int32_t j = j0 + c;
        if (j <= i || j >= in.n) continue;
        const float dot = acc[r][c / 8][c % 8];
        if (std::fabs(dot * row_scale[r] * in.scale_f[j]) < loose) continue;
        const double rho = exact_rho(dot, in.scale[i], in.scale[j]);
        if (std::fabs(rho) < in.cutoff) continue;
        ++count;
        if (!in.count_only) survivors.push_back({i, j, rho});
      }
    }
  }
}

}  // namespace pathscope::correlate
