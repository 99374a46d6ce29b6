#pragma once
// The CPU engine's inner product: four rows against a run of 16-row panels, with the cut-off
// applied to each coefficient as it leaves the registers.
#include <cstdint>
#include <vector>

#include "pathscope/correlate/correlate.hpp"

namespace pathscope::correlate {

constexpr int kQuadRows = 4;
constexpr int kPanelRows = 16;

struct CpuTileInputs {
  const float* rows;     // row-major, `stride` floats per row
  const float* panels;   // panel p: stride x 16 floats, value k of row 16p+c at [k*16 + c]
  const double* scale;
  const float* scale_f;
  std::int32_t stride;
  std::int32_t n;        // real rows; padded ones have scale 0 and are never reported
  double cutoff;
  bool count_only;
};

// Pairs (i, j) with i in [i0, min(i0+4, i_end)), j > i, j < n, j in panels [panel_begin, panel_end).
void correlate_quad(const CpuTileInputs& in, std::int32_t i0, std::int32_t i_end, std::int32_t panel_begin,
                    std::int32_t panel_end,
                    std::vector<CorrelationPair>& survivors, std::uint64_t& count);

}  // namespace pathscope::correlate
