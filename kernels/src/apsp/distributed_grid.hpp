#pragma once
// Where each part of the all-pairs matrix lives in a several-GPU run: P ranks in a process
// grid of Pr rows x Pc columns (as square as P allows, Pr >= Pc: gpu_grid_for_ranks, the core's
// rule, which the cost model of gpu_width.hpp also lays ranks out by), and the matrix's 128-cell
// tiles split into Pr row blocks and Pc column blocks as evenly as whole tiles allow. Rank
// (pr, pc) holds the cells of row block pr and column block pc. No CUDA here.
#include <vector>

namespace pathscope::gpu {

struct ProcessGrid {
  int rows = 1, cols = 1;
  static ProcessGrid for_ranks(int ranks);
  int rank_of(int pr, int pc) const { return pr * cols + pc; }
  int row_of(int rank) const { return rank / cols; }
  int col_of(int rank) const { return rank % cols; }
  std::vector<int> row_members(int pr) const;  // the ranks of process row pr
  std::vector<int> col_members(int pc) const;  // the ranks of process column pc
};

// A run of consecutive pivot rows and columns [first, first + width), in cells.
struct PivotSpan {
  int first = 0, width = 0;
};

// One rank's block, in cells of the padded matrix (multiples of the tile; rows or cols may be
// 0 when there are fewer tiles than process rows or columns).
struct MatrixPart {
  int pr = 0, pc = 0;
  int row0 = 0, rows = 0, col0 = 0, cols = 0;
};

class MatrixLayout {
 public:
  MatrixLayout(int n, int tile, ProcessGrid grid);
  const ProcessGrid& grid() const { return grid_; }
  int n() const { return n_; }
  int tile() const { return tile_; }
  int size() const { return tiles_ * tile_; }  // padded side
  int pivots() const { return tiles_; }
  MatrixPart part(int rank) const;
  int row_owner(int tile) const;  // the process row holding tile row `tile`
  int col_owner(int tile) const;
  // The padded side cut into spans of at most `width` cells (a multiple of the tile), none
  // crossing a row block's or a column block's edge: each lies in one process row and one
  // process column, as a super-block of the out-of-core ranks must.
  std::vector<PivotSpan> super_blocks(int width) const;

 private:
  int n_, tile_, tiles_;
  ProcessGrid grid_;
  std::vector<int> row_begin_, col_begin_;  // in tiles, Pr + 1 and Pc + 1 entries
};

}  // namespace pathscope::gpu
