#include "layout/quadtree.hpp"

#include <algorithm>
#include <cmath>

namespace pathscope::detail {

void QuadTree::build(const std::vector<float>& positions) {
  cells_.clear();
  const std::int32_t n = static_cast<std::int32_t>(positions.size() / 2);
  if (n == 0) return;
  double lo_x = positions[0], hi_x = positions[0], lo_y = positions[1], hi_y = positions[1];
  for (std::int32_t i = 1; i < n; ++i) {
    lo_x = std::min<double>(lo_x, positions[2 * i]);
    hi_x = std::max<double>(hi_x, positions[2 * i]);
    lo_y = std::min<double>(lo_y, positions[2 * i + 1]);
    hi_y = std::max<double>(hi_y, positions[2 * i + 1]);
  }
  Cell root;
  root.cx = (lo_x + hi_x) / 2;
  root.cy = (lo_y + hi_y) / 2;
  root.half = std::max(hi_x - lo_x, hi_y - lo_y) / 2 + 1e-6;
  cells_.reserve(static_cast<std::size_t>(n) * 2);
  cells_.push_back(root);
  for (std::int32_t i = 0; i < n; ++i) insert(0, i, positions);
}

std::int32_t QuadTree::child_for(std::int32_t cell, double x, double y) {
  const int quadrant = (x >= cells_[cell].cx ? 1 : 0) + (y >= cells_[cell].cy ? 2 : 0);
  if (cells_[cell].child[quadrant] < 0) {
    Cell c;
    c.half = cells_[cell].half / 2;
    c.cx = cells_[cell].cx + ((quadrant & 1) ? c.half : -c.half);
    c.cy = cells_[cell].cy + ((quadrant & 2) ? c.half : -c.half);
    c.depth = cells_[cell].depth + 1;
    cells_.push_back(c);  // may reallocate: index, never hold references across this
    cells_[cell].child[quadrant] = static_cast<std::int32_t>(cells_.size() - 1);
  }
  return cells_[cell].child[quadrant];
}

void QuadTree::insert(std::int32_t cell, std::int32_t node, const std::vector<float>& positions) {
  const double x = positions[2 * node], y = positions[2 * node + 1];
  while (true) {
    Cell& c = cells_[cell];
    const bool empty_leaf = c.count == 0;
    const bool internal = c.child[0] >= 0 || c.child[1] >= 0 || c.child[2] >= 0 || c.child[3] >= 0;
    c.count += 1;
    c.mass_x += x;
    c.mass_y += y;
    if (empty_leaf) {
      c.body = node;
      return;
    }
    if (!internal) {
      if (c.depth >= kMaxDepth) return;  // coincident bodies stay together in this leaf
      const std::int32_t resident = c.body;
      c.body = -1;
      const double rx = positions[2 * resident], ry = positions[2 * resident + 1];
      const std::int32_t target = child_for(cell, rx, ry);
      Cell& t = cells_[target];
      t.count = 1;
      t.mass_x = rx;
      t.mass_y = ry;
      t.body = resident;
    }
    cell = child_for(cell, x, y);
  }
}

void QuadTree::repulsion(const std::vector<float>& positions, std::int32_t node, double theta,
                         double strength, double* fx, double* fy) const {
  if (cells_.empty()) return;
  const double x = positions[2 * node], y = positions[2 * node + 1];
  std::int32_t stack[4 * kMaxDepth + 8];
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const Cell& c = cells_[stack[--top]];
    if (c.count == 0) continue;
    const double mx = c.mass_x / c.count, my = c.mass_y / c.count;
    double dx = x - mx, dy = y - my;
    double d2 = dx * dx + dy * dy;
    const bool leaf = c.child[0] < 0 && c.child[1] < 0 && c.child[2] < 0 && c.child[3] < 0;
    if (leaf || (2 * c.half) * (2 * c.half) < theta * theta * d2) {
      int others = c.count;
      if (leaf && (c.body == node || (c.count > 1 && d2 < 1e-18))) {
        // The node itself (alone, or sharing a leaf with coincident nodes): push it away from
        // its twins in a direction fixed by the index, so the result stays deterministic.
        others -= 1;
        if (others == 0) continue;
        dx = std::cos(node * 2.399963);
        dy = std::sin(node * 2.399963);
        d2 = 1e-4;
        dx *= 1e-2;
        dy *= 1e-2;
      }
      if (d2 < 1e-12) d2 = 1e-12;
      *fx += strength * others * dx / d2;
      *fy += strength * others * dy / d2;
      continue;
    }
    for (std::int32_t child : c.child) {
      if (child >= 0) stack[top++] = child;
    }
  }
}

}  // namespace pathscope::detail
