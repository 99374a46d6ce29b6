#include "draw_order.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

namespace pathscope::render {

CellGrid CellGrid::over(Point lo, Point hi, std::size_t objects, std::size_t per_cell, int max_cells) {
  CellGrid g;
  g.lo = lo;
  const double w = std::max(hi.x - lo.x, 1e-9), h = std::max(hi.y - lo.y, 1e-9);
  const double cells = std::clamp(static_cast<double>(objects) / static_cast<double>(per_cell), 1.0,
                                  static_cast<double>(max_cells));
  g.gx = std::clamp(static_cast<int>(std::lround(std::sqrt(cells * w / h))), 1, max_cells);
  g.gy = std::clamp(static_cast<int>(std::lround(cells / g.gx)), 1, max_cells / g.gx);
  // A hair wider than the box, so the far edge falls inside the last cell.
  g.cell_w = w * (1 + 1e-6) / g.gx;
  g.cell_h = h * (1 + 1e-6) / g.gy;
  return g;
}

int CellGrid::cell_of(double x, double y) const {
  const int cx = std::clamp(static_cast<int>(std::floor((x - lo.x) / cell_w)), 0, gx - 1);
  const int cy = std::clamp(static_cast<int>(std::floor((y - lo.y) / cell_h)), 0, gy - 1);
  return cy * gx + cx;
}

namespace {

// Interleaves the low 16 bits of x and y (x in the even bits).
std::uint32_t morton(std::uint32_t x, std::uint32_t y) {
  auto spread = [](std::uint32_t v) {
    v &= 0xFFFF;
    v = (v | (v << 8)) & 0x00FF00FF;
    v = (v | (v << 4)) & 0x0F0F0F0F;
    v = (v | (v << 2)) & 0x33333333;
    v = (v | (v << 1)) & 0x55555555;
    return v;
  };
  return spread(x) | (spread(y) << 1);
}

}  // namespace

int NodeOrder::level_for(double pixels_per_unit, double cell_px) const {
  const double cells = extent * pixels_per_unit / cell_px;  // cells across the longer side
  if (cells <= 1) return 0;
  return std::min(kLevels, static_cast<int>(std::ceil(std::log2(cells))));
}

NodeOrder order_nodes(const std::vector<float>& centres, Point lo, Point hi) {
  NodeOrder o;
  const std::size_t n = centres.size() / 2;
  o.grid = CellGrid::over(lo, hi, n, 512, 1024);
  o.extent = std::max({hi.x - lo.x, hi.y - lo.y, 1e-9});
  // Levels: in Morton order, a node is the first of its level-k cell when its code differs
  // from its predecessor's in the top 2k bits.
  const double quantum = 65535.0 / o.extent;
  std::vector<std::uint32_t> code(n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto qx = static_cast<std::uint32_t>(std::clamp((centres[2 * i] - lo.x) * quantum, 0.0, 65535.0));
    const auto qy = static_cast<std::uint32_t>(std::clamp((centres[2 * i + 1] - lo.y) * quantum, 0.0, 65535.0));
    code[i] = morton(qx, qy);
  }
  std::vector<std::int32_t> by_code(n);
  std::iota(by_code.begin(), by_code.end(), 0);
  std::sort(by_code.begin(), by_code.end(), [&](std::int32_t a, std::int32_t b) { return code[a] < code[b]; });
  std::vector<std::uint8_t> level(n, 0);
  for (std::size_t k = 1; k < n; ++k) {
    const std::uint32_t diff = code[by_code[k]] ^ code[by_code[k - 1]];
    // The highest differing bit pair names the first level at which the two part ways.
    level[by_code[k]] = diff == 0 ? NodeOrder::kLevels : static_cast<std::uint8_t>(__builtin_clz(diff) / 2 + 1);
  }

  std::vector<int> cell(n);
  o.cell_start.assign(o.grid.cells() + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    cell[i] = o.grid.cell_of(centres[2 * i], centres[2 * i + 1]);
    ++o.cell_start[cell[i] + 1];
  }
  std::partial_sum(o.cell_start.begin(), o.cell_start.end(), o.cell_start.begin());
  std::vector<std::int32_t> slot_order(n);
  std::iota(slot_order.begin(), slot_order.end(), 0);
  std::sort(slot_order.begin(), slot_order.end(), [&](std::int32_t a, std::int32_t b) {
    return cell[a] != cell[b] ? cell[a] < cell[b] : level[a] < level[b];
  });
  o.centres.resize(centres.size());
  o.index = slot_order;
  o.level.resize(n);
  for (std::size_t at = 0; at < n; ++at) {
    const auto i = static_cast<std::size_t>(slot_order[at]);
    o.centres[2 * at] = centres[2 * i];
    o.centres[2 * at + 1] = centres[2 * i + 1];
    o.level[at] = level[i];
  }
  return o;
}

ArcOrder order_arcs(const std::vector<float>& segments, Point lo, Point hi) {
  ArcOrder o;
  const std::size_t m = segments.size() / 4;
  o.grid = CellGrid::over(lo, hi, m, 256, 1024);
  const double short_enough = std::min(o.grid.cell_w, o.grid.cell_h);
  const int long_cell = o.grid.cells();  // a bucket after the last cell
  // A fixed seed: the same graph thins the same way on every run and in every front end.
  std::vector<std::int32_t> rank(m);
  std::iota(rank.begin(), rank.end(), 0);
  std::shuffle(rank.begin(), rank.end(), std::mt19937(20240611));
  auto tier_of = [](std::int32_t r) {
    return static_cast<int>(std::floor(std::log2(static_cast<double>(r) / ArcOrder::kFirstTier + 1)));
  };
  const int tiers = m == 0 ? 1 : tier_of(static_cast<std::int32_t>(m - 1)) + 1;
  std::vector<int> tier(m), bucket(m);
  std::vector<float> length(m);
  for (std::size_t a = 0; a < m; ++a) {
    const float* s = &segments[4 * a];
    length[a] = static_cast<float>(std::hypot(s[2] - s[0], s[3] - s[1]));
    bucket[a] = length[a] > short_enough ? long_cell : o.grid.cell_of((s[0] + s[2]) / 2, (s[1] + s[3]) / 2);
    tier[a] = tier_of(rank[a]);
  }
  std::vector<std::int32_t> order(m);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::int32_t a, std::int32_t b) {
    if (tier[a] != tier[b]) return tier[a] < tier[b];
    return bucket[a] != bucket[b] ? bucket[a] < bucket[b] : length[a] > length[b];
  });
  o.segments.resize(segments.size());
  o.lengths.resize(m);
  o.index = order;
  o.tiers.assign(static_cast<std::size_t>(tiers), ArcTier{});
  for (auto& t : o.tiers) t.cell_start.assign(o.grid.cells() + 1, 0);
  std::vector<std::int32_t> tier_size(static_cast<std::size_t>(tiers), 0);
  for (std::size_t i = 0; i < m; ++i) {
    const auto a = static_cast<std::size_t>(order[i]);
    std::copy_n(&segments[4 * a], 4, &o.segments[4 * i]);
    o.lengths[i] = length[a];
    ++tier_size[tier[a]];
    if (bucket[a] < long_cell) ++o.tiers[tier[a]].cell_start[bucket[a] + 1];
  }
  std::int32_t start = 0;
  for (int t = 0; t < tiers; ++t) {
    auto& cells = o.tiers[t].cell_start;
    cells[0] = start;
    std::partial_sum(cells.begin(), cells.end(), cells.begin());
    o.tiers[t].long_start = cells.back();
    start += tier_size[t];
    o.tiers[t].end = start;
  }
  return o;
}

namespace {

// Cells whose box meets [lo, hi], as an inclusive column and row range; false when none.
bool cells_in_box(const CellGrid& g, Point lo, Point hi, int grow, int& x0, int& x1, int& y0, int& y1) {
  const double fx0 = std::floor((lo.x - g.lo.x) / g.cell_w), fx1 = std::floor((hi.x - g.lo.x) / g.cell_w);
  const double fy0 = std::floor((lo.y - g.lo.y) / g.cell_h), fy1 = std::floor((hi.y - g.lo.y) / g.cell_h);
  if (fx1 < -grow || fy1 < -grow || fx0 > g.gx - 1 + grow || fy0 > g.gy - 1 + grow) return false;
  x0 = static_cast<int>(std::max(fx0 - grow, 0.0));
  x1 = static_cast<int>(std::min(fx1 + grow, g.gx - 1.0));
  y0 = static_cast<int>(std::max(fy0 - grow, 0.0));
  y1 = static_cast<int>(std::min(fy1 + grow, g.gy - 1.0));
  return x0 <= x1 && y0 <= y1;
}

void append(std::vector<DrawRange>& out, std::int32_t first, std::int32_t count) {
  if (count <= 0) return;
  if (!out.empty() && out.back().first + out.back().count == first) {
    out.back().count += count;
  } else {
    out.push_back({first, count});
  }
}

// How many of the run [first, end), longest first, are at least min_length long.
std::int32_t long_enough(const std::vector<float>& lengths, std::int32_t first, std::int32_t end, double min_length) {
  const auto begin = lengths.begin() + first;
  const auto it = std::partition_point(begin, lengths.begin() + end,
                                       [&](float l) { return static_cast<double>(l) >= min_length; });
  return static_cast<std::int32_t>(it - begin);
}

}  // namespace

void visible_node_ranges(const NodeOrder& o, Point lo, Point hi, double pad, int max_level, std::vector<DrawRange>& out) {
  out.clear();
  int x0, x1, y0, y1;
  if (!cells_in_box(o.grid, {lo.x - pad, lo.y - pad}, {hi.x + pad, hi.y + pad}, 0, x0, x1, y0, y1)) return;
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) {
      const int c = y * o.grid.gx + x;
      const std::int32_t first = o.cell_start[c], end = o.cell_start[c + 1];
      if (first == end) continue;
      if (max_level >= NodeOrder::kLevels) {
        append(out, first, end - first);
        continue;
      }
      const auto begin = o.level.begin() + first;
      const auto it = std::partition_point(begin, o.level.begin() + end, [&](std::uint8_t l) { return l <= max_level; });
      append(out, first, static_cast<std::int32_t>(it - begin));
    }
  }
}

void visible_arc_ranges(const ArcOrder& o, Point lo, Point hi, double min_length, std::vector<DrawRange>& out,
                        std::vector<std::size_t>* tier_ends) {
  out.clear();
  if (tier_ends) tier_ends->clear();
  int x0 = 0, x1 = -1, y0 = 0, y1 = -1;
  cells_in_box(o.grid, lo, hi, 1, x0, x1, y0, y1);
  for (const ArcTier& tier : o.tiers) {
    for (int y = y0; y <= y1; ++y) {
      for (int x = x0; x <= x1; ++x) {
        const int c = y * o.grid.gx + x;
        const std::int32_t first = tier.cell_start[c], end = tier.cell_start[c + 1];
        if (first < end) append(out, first, long_enough(o.lengths, first, end, min_length));
      }
    }
    // Long arcs are few (or the graph is a complete one): thinned, never culled.
    append(out, tier.long_start, long_enough(o.lengths, tier.long_start, tier.end, min_length));
    if (tier_ends) tier_ends->push_back(out.size());
  }
}

double clipped_length(const float* s, Point lo, Point hi) {
  // Liang-Barsky: the parameter interval of the segment inside each slab.
  const double dx = s[2] - s[0], dy = s[3] - s[1];
  double t0 = 0, t1 = 1;
  const double p[4] = {-dx, dx, -dy, dy}, q[4] = {s[0] - lo.x, hi.x - s[0], s[1] - lo.y, hi.y - s[1]};
  for (int i = 0; i < 4; ++i) {
    if (p[i] == 0) {
      if (q[i] < 0) return 0;
      continue;
    }
    const double t = q[i] / p[i];
    if (p[i] < 0) t0 = std::max(t0, t);
    else t1 = std::min(t1, t);
    if (t0 > t1) return 0;
  }
  return (t1 - t0) * std::hypot(dx, dy);
}

}  // namespace pathscope::render
