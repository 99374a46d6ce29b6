// gpu-blocked's cost model and the width `--gpus all` picks with it. The terms follow what the
// engines do (docs/gpu.md, "Choosing the width"): per 128-wide pivot, phase 3 over the matrix
// (spread over the GPUs, or waiting on the exchanges when those are slower) plus the cost of a
// pivot that look-ahead does not hide; the result carried to host memory; a cost per run.
#include "pathscope/apsp/gpu_width.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

// BEGIN MODEL CONSTANTS (read by scripts/bench/gpu_scaling_model.py; one name a line)
// Fitted to runs on H100s (scripts/bench/gpu_scaling_model.py --fit; the runs, the fit and what
// is left over: docs/gpu.md, "Choosing the width").
constexpr double kRateInt32 = 13.48e12;              // phase-3 min-plus updates/s of one GPU, per type
constexpr double kRateFloat = 11.84e12;
constexpr double kRateHop16 = 28.44e12;
constexpr double kPivotSeconds = 104.2e-6;           // a pivot's cost that look-ahead leaves on the path
constexpr double kRunSeconds = 0.5947e-3;                    // a run on one GPU, besides its pivots and download
constexpr double kSpreadSecondsPerGpu = 0.01929;      // a run over several GPUs, for each GPU
constexpr double kDownloadBytesPerSecond = 34e9;     // one GPU's result into host memory (staging)
constexpr double kHostDownloadBytesPerSecond = 34e9; // the host's limit on the ranks' downloads together
constexpr double kHostLinkBytesPerSecond = 54e9;     // pinned PCIe copies, each way
constexpr double kPinBytesPerSecond = 5.16e9;        // out of core: the result pinned before streaming
constexpr double kOutOfCoreEfficiency = 0.919;       // phase-3 rate streaming against in core
constexpr double kNvlinkBytesPerSecond = 450e9;      // what one GPU sends to peers of its host
constexpr int kMaxOutOfCoreWidth = 8192;             // blocked_out_of_core.cu's widest super-block
constexpr int kMaxRankOutOfCoreWidth = 2048;         // distributed_out_of_core.cu's widest super-block
// END MODEL CONSTANTS

constexpr std::int64_t kTile = 128;

std::int64_t padded(std::int64_t n) { return (std::max<std::int64_t>(n, 1) + kTile - 1) / kTile * kTile; }

int cell_bytes(DistType dist) { return dist == DistType::Hop16 ? 2 : 4; }

double rate(DistType dist) {
  switch (dist) {
    case DistType::Int32: return kRateInt32;
    case DistType::Float32: return kRateFloat;
    case DistType::Hop16: return kRateHop16;
    case DistType::Int64: break;
  }
  throw Error("gpu-blocked has no int64 kernels: no prediction for int64 distances");
}

std::uint64_t graph_bytes(std::int64_t n, std::int64_t arcs, DistType dist) {
  return std::uint64_t(n + 1) * 8 + std::uint64_t(arcs) * std::uint64_t(4 + cell_bytes(dist));
}

// The one-GPU engine streaming from host memory: the super-block width its plan would take
// (the panels and three slabs of 256 rows within the budget), 0 when even 128 does not fit.
std::int64_t out_of_core_width(std::int64_t n, std::int64_t arcs, DistType dist, std::uint64_t memory) {
  const std::int64_t size = padded(n), s = cell_bytes(dist);
  const std::uint64_t fixed = std::uint64_t(3 * 256 * size * s) + graph_bytes(n, arcs, dist);
  if (memory <= fixed) return 0;
  const std::int64_t width = std::int64_t((memory - fixed) / std::uint64_t(4 * s * size)) / kTile * kTile;
  return std::min<std::int64_t>(width, kMaxOutOfCoreWidth);
}

// The largest block a rank of P holds: its rows and columns.
std::pair<std::int64_t, std::int64_t> largest_part(std::int64_t n, const GpuGrid& grid) {
  const std::int64_t tiles = padded(n) / kTile;
  return {(tiles + grid.rows - 1) / grid.rows * kTile, (tiles + grid.cols - 1) / grid.cols * kTile};
}

// Every rank streaming its block: the super-block width its plan would take (both panels before
// and after phase 2, hop16's widened A operand, the closed block twice, three slabs of 128 rows
// within the budget), 0 when even 128 does not fit.
std::int64_t rank_out_of_core_width(std::int64_t n, std::int64_t arcs, DistType dist, const GpuGrid& grid,
                                    std::uint64_t memory) {
  const auto [rows, cols] = largest_part(n, grid);
  const std::int64_t s = cell_bytes(dist);
  const std::uint64_t fixed = std::uint64_t(3 * kTile * cols * s) + graph_bytes(n, arcs, dist) + (1u << 20);
  for (std::int64_t w = kMaxRankOutOfCoreWidth; w >= kTile; w -= kTile) {
    const std::uint64_t panels = std::uint64_t(2 * w * (rows + cols) * s + (dist == DistType::Hop16 ? w * rows * 4 : 0) +
                                               4 * w * w * 4 + w * kTile * (2 * s + 4));
    if (fixed + panels <= memory) return w;
  }
  return 0;
}

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g s", seconds);
  return text;
}

}  // namespace

GpuGrid gpu_grid_for_ranks(int ranks) {
  if (ranks < 1) throw Error("a process grid needs at least one rank, not " + std::to_string(ranks));
  GpuGrid g;
  for (int c = 1; c * c <= ranks; ++c)
    if (ranks % c == 0) g.cols = c;
  g.rows = ranks / g.cols;
  return g;
}

std::uint64_t gpu_rank_bytes(std::int64_t n, std::int64_t arcs, DistType dist, int ranks) {
  const auto [part_rows, part_cols] = largest_part(n, gpu_grid_for_ranks(ranks));
  const std::uint64_t rows = std::uint64_t(part_rows), cols = std::uint64_t(part_cols), s = std::uint64_t(cell_bytes(dist));
  // The block, two sets of panels (hop16's A operand widened to a word), the closed tiles.
  return rows * cols * std::uint64_t(s) + 2 * kTile * (rows + cols) * std::uint64_t(s + 4) + 4 * kTile * kTile * 4 +
         graph_bytes(n, arcs, dist) + 4096;
}

GpuWidthPrediction predict_gpu_blocked(const GpuWidthCase& c) {
  if (c.n < 0 || c.arcs < 0) throw Error("a prediction needs a graph of zero or more nodes and arcs");
  if (c.ranks < 0 || c.devices < 1)
    throw Error("a prediction needs zero or more ranks on one or more GPUs, not " + std::to_string(c.ranks) +
                " on " + std::to_string(c.devices));
  const double r = rate(c.dist), n = double(c.n), size = double(padded(c.n)), s = cell_bytes(c.dist);
  const double pivots = size / kTile, result = n * n * s;
  GpuWidthPrediction p;
  if (c.ranks == 0) {
    p.fixed = kRunSeconds;
    const bool in_core = c.device_memory == 0 || gpu_rank_bytes(c.n, c.arcs, c.dist, 1) <= c.device_memory;
    if (in_core) {
      p.compute = pivots * (kTile * size * size / r + kPivotSeconds);
      p.download = result / kDownloadBytesPerSecond;
    } else {
      // Each round carries the whole matrix up and down once; the longer of that and phase 3.
      p.out_of_core = true;
      const std::int64_t width = out_of_core_width(c.n, c.arcs, c.dist, c.device_memory);
      p.fits = width > 0;
      const double rounds = width > 0 ? std::ceil(size / double(width)) : 0;
      p.compute = std::max(pivots * (kTile * size * size / (r * kOutOfCoreEfficiency) + kPivotSeconds),
                           rounds * result / kHostLinkBytesPerSecond);
      p.download = result / kPinBytesPerSecond;
    }
  } else {
    p.grid = gpu_grid_for_ranks(c.ranks);
    p.out_of_core = c.device_memory != 0 && gpu_rank_bytes(c.n, c.arcs, c.dist, c.ranks) > c.device_memory;
    const double phase3 = kTile * size * size / (double(c.devices) * r);
    if (p.out_of_core) {
      // Per super-block of width W: the diagonal's owner forms both panels (W^2 (rows + cols)
      // updates) while the others wait, then every rank carries its block up and down once
      // (each way at the link's rate, ranks sharing a GPU share its link) against phase 3.
      const std::int64_t width = rank_out_of_core_width(c.n, c.arcs, c.dist, p.grid, c.device_memory);
      p.fits = width > 0;
      const auto [rows, cols] = largest_part(c.n, p.grid);
      const double rounds = width > 0 ? std::ceil(size / double(width)) + p.grid.rows + p.grid.cols - 2 : 0;
      const double panels = double(width) * double(width) * double(rows + cols) / r;
      const double block_link = double(rows) * double(cols) * s * double(c.ranks) / double(c.devices) / kHostLinkBytesPerSecond;
      p.compute = std::max(pivots * (phase3 / kOutOfCoreEfficiency + kPivotSeconds), rounds * block_link) + rounds * panels;
      p.download = result / kPinBytesPerSecond;
    } else {
      // The owner of the diagonal tile sends its part of both panels to every peer of its
      // process row and column: the busiest sender of a pivot.
      const double sent = kTile * s * (size / p.grid.rows * (p.grid.cols - 1) + size / p.grid.cols * (p.grid.rows - 1));
      p.compute = pivots * (std::max(phase3, sent / kNvlinkBytesPerSecond) + kPivotSeconds);
      p.download = result / std::min(c.devices * kDownloadBytesPerSecond, kHostDownloadBytesPerSecond);
    }
    p.fixed = c.devices > 1 ? kSpreadSecondsPerGpu * c.devices : kRunSeconds;
  }
  p.seconds = p.compute + p.download + p.fixed;
  return p;
}

// Runs over several GPUs vary more from call to call than one GPU's (docs/gpu.md, "Choosing
// the width"): a wider run is taken only when the model has it this much faster.
constexpr double kWiderMustSave = 0.25;

GpuWidthChoice choose_gpu_width(std::int64_t n, std::int64_t arcs, DistType dist,
                                const std::vector<std::uint64_t>& device_memory) {
  if (device_memory.empty()) throw Error("--gpus all: no GPU to choose from");
  const int count = int(device_memory.size());
  std::vector<int> widths;
  for (int p = 1; p < count; p *= 2) widths.push_back(p);
  widths.push_back(count);
  GpuWidthChoice choice;
  std::string compared;
  bool chosen = false;
  for (const int p : widths) {
    GpuWidthCase c{n, arcs, dist, p == 1 ? 0 : p, p, device_memory[0]};
    for (int d = 1; d < p; ++d) c.device_memory = std::min(c.device_memory, device_memory[std::size_t(d)]);
    const GpuWidthPrediction predicted = predict_gpu_blocked(c);
    compared += (compared.empty() ? "" : ", ") + std::to_string(p) + (p == 1 ? " GPU " : " GPUs ") +
                (predicted.fits ? seconds_text(predicted.seconds) : std::string("do not fit"));
    // One GPU is the answer when nothing fits: its engine then says why it cannot run.
    if (p == 1) choice.prediction = predicted;
    if (!predicted.fits || (chosen && predicted.seconds >= (1 - kWiderMustSave) * choice.prediction.seconds)) continue;
    choice.ranks = p;
    choice.prediction = predicted;
    chosen = true;
  }
  choice.reason = std::to_string(choice.ranks) + " of " + std::to_string(count) + (count == 1 ? " GPU" : " GPUs") +
                  " (model: " + compared + ")";
  return choice;
}

}  // namespace pathscope
