#pragma once
// The Barnes-Hut quadtree: far groups of nodes push as one mass at their centre, which turns
// the n^2 repulsion sum into about n log n.
#include <cstdint>
#include <vector>

namespace pathscope::detail {

class QuadTree {
 public:
  // positions: n * 2 floats. Rebuilt every iteration because every node moves.
  void build(const std::vector<float>& positions);
  // Sum over all other nodes of strength * (p - q) / |p - q|^2, approximated by the tree.
  void repulsion(const std::vector<float>& positions, std::int32_t node, double theta,
                 double strength, double* fx, double* fy) const;

 private:
  struct Cell {
    double cx, cy, half;     // square cell: centre and half side
    double mass_x = 0, mass_y = 0;  // sum of positions; divided by count gives the centre of mass
    std::int32_t count = 0;
    std::int32_t body = -1;         // the single node of a leaf, -1 otherwise
    std::int32_t child[4] = {-1, -1, -1, -1};
    int depth = 0;
  };
  void insert(std::int32_t cell, std::int32_t node, const std::vector<float>& positions);
  std::int32_t child_for(std::int32_t cell, double x, double y);
  std::vector<Cell> cells_;
  // Coincident nodes would split cells forever; below this depth they share a leaf.
  static constexpr int kMaxDepth = 48;
};

}  // namespace pathscope::detail
