#include "apsp/distributed_grid.hpp"

#include <algorithm>
#include <cstdint>

#include "pathscope/apsp/gpu_width.hpp"

namespace pathscope::gpu {
namespace {

std::vector<int> split(int tiles, int parts) {
  std::vector<int> begin(parts + 1);
  for (int i = 0; i <= parts; ++i) begin[i] = int(std::int64_t(tiles) * i / parts);
  return begin;
}

int owner(const std::vector<int>& begin, int tile) {
  return int(std::upper_bound(begin.begin(), begin.end(), tile) - begin.begin()) - 1;
}

}  // namespace

// The rule is the core's, so the cost model that picks a width sees the grid the run will use.
ProcessGrid ProcessGrid::for_ranks(int ranks) {
  const GpuGrid shape = gpu_grid_for_ranks(ranks);
  ProcessGrid g;
  g.rows = shape.rows;
  g.cols = shape.cols;
  return g;
}

std::vector<int> ProcessGrid::row_members(int pr) const {
  std::vector<int> m;
  for (int c = 0; c < cols; ++c) m.push_back(rank_of(pr, c));
  return m;
}

std::vector<int> ProcessGrid::col_members(int pc) const {
  std::vector<int> m;
  for (int r = 0; r < rows; ++r) m.push_back(rank_of(r, pc));
  return m;
}

MatrixLayout::MatrixLayout(int n, int tile, ProcessGrid grid)
    : n_(n), tile_(tile), tiles_((std::max(n, 1) + tile - 1) / tile), grid_(grid),
      row_begin_(split(tiles_, grid.rows)), col_begin_(split(tiles_, grid.cols)) {}

MatrixPart MatrixLayout::part(int rank) const {
  MatrixPart p;
  p.pr = grid_.row_of(rank);
  p.pc = grid_.col_of(rank);
  p.row0 = row_begin_[p.pr] * tile_;
  p.rows = (row_begin_[p.pr + 1] - row_begin_[p.pr]) * tile_;
  p.col0 = col_begin_[p.pc] * tile_;
  p.cols = (col_begin_[p.pc + 1] - col_begin_[p.pc]) * tile_;
  return p;
}

std::vector<PivotSpan> MatrixLayout::super_blocks(int width) const {
  const int step = std::max(1, width / tile_);
  std::vector<PivotSpan> spans;
  for (int t = 0; t < tiles_;) {
    const int row_end = row_begin_[std::size_t(row_owner(t)) + 1], col_end = col_begin_[std::size_t(col_owner(t)) + 1];
    const int end = std::min({t + step, row_end, col_end});
    spans.push_back({t * tile_, (end - t) * tile_});
    t = end;
  }
  return spans;
}

int MatrixLayout::row_owner(int tile) const { return owner(row_begin_, tile); }
int MatrixLayout::col_owner(int tile) const { return owner(col_begin_, tile); }

}  // namespace pathscope::gpu
