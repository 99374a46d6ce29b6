#include "pathscope/io/random_graph.hpp"

#include <algorithm>
#include <cmath>
#include <vector>
#include <string_view>
#include <utility>
#include <vector>

#include "generator_spec.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope {

bool is_random_graph_spec(const std::string& spec) {
  return spec.rfind("random:", 0) == 0 || spec.rfind("random-dag:", 0) == 0;
}

RandomGraphSpec parse_random_spec(const std::string& spec) {
  if (!is_random_graph_spec(spec))
    throw UsageError("'" + spec + "' is not a random graph spec (random:n=..,deg=..,seed=.. or random-dag:n=..,deg=..,seed=..)");
  RandomGraphSpec out;
  out.dag = spec.rfind("random-dag:", 0) == 0;
  for (const auto& [key, value] : generator_items(spec)) {
    if (!value) {
      if (key == "unweighted") out.unweighted = true;
      else if (key == "undirected") out.undirected = true;
      else if (key == "geometric") out.geometric = true;
      else throw UsageError("'" + spec + "': unknown flag '" + std::string(key) + "' (unweighted, undirected, geometric)");
      continue;
    }
    const double v = *value;
    if (key == "n") {
      if (v < 1 || v > 1e8 || v != std::floor(v)) throw UsageError("'" + spec + "': n must be a whole number from 1 to 100000000");
      out.n = static_cast<std::int32_t>(v);
    } else if (key == "deg" || key == "degree") {
      if (v < 0 || v > 1e4) throw UsageError("'" + spec + "': deg must be between 0 and 10000");
      out.degree = v;
    } else if (key == "seed") {
      if (v < 0 || v != std::floor(v)) throw UsageError("'" + spec + "': seed must be a whole number >= 0");
      out.seed = static_cast<std::uint64_t>(v);
    } else if (key == "wmin" || key == "wmax") {
      if (v != std::floor(v) || std::fabs(v) > 1e9) throw UsageError("'" + spec + "': " + std::string(key) + " must be a whole number");
      (key == "wmin" ? out.min_weight : out.max_weight) = static_cast<std::int32_t>(v);
    } else {
      throw UsageError("'" + spec + "': unknown key '" + std::string(key) + "' (n, deg, seed, wmin, wmax)");
    }
  }
  if (out.min_weight > out.max_weight) throw UsageError("'" + spec + "': wmin is larger than wmax");
  if (out.dag && out.undirected) throw UsageError("'" + spec + "': a random DAG cannot be undirected");
  if (out.dag && out.geometric) throw UsageError("'" + spec + "': a random DAG is not geometric");
  if (static_cast<double>(out.n) * out.degree > 2e9) throw UsageError("'" + spec + "': n * deg exceeds 2e9 arcs");
  // Each arc is held about twice while the graph is built (the builder's list, then the CSR
  // arrays) at 4 + 4 + 8 bytes; refused here rather than by the allocator half-way.
  const double arcs = static_cast<double>(out.n) * out.degree * (out.undirected ? 2 : 1);
  const double need = 32.0 * arcs + 16.0 * out.n;
  if (const auto physical = physical_memory_bytes(); physical > 0 && need > static_cast<double>(physical))
    throw Error("'" + spec + "': a graph of " + std::to_string(out.n) + " nodes and about " +
                std::to_string(static_cast<std::int64_t>(arcs)) + " arcs needs about " +
                format_bytes(static_cast<std::uint64_t>(need)) + " to build, more than this machine's " +
                format_bytes(physical));
  return out;
}

namespace {

// Positions in a square of side sqrt(n); arcs to nodes of the same or a neighbouring unit cell.
Graph generate_geometric_graph(const RandomGraphSpec& spec, LoadReport& report) {
  SplitMix64 rng(spec.seed * 0x2545F4914F6CDD1Dull + 0x7654321ull);
  const auto side = static_cast<std::int32_t>(std::ceil(std::sqrt(static_cast<double>(spec.n))));
  std::vector<float> coords(static_cast<std::size_t>(spec.n) * 2);
  std::vector<std::int32_t> cell_start(static_cast<std::size_t>(side) * side + 1, 0), cell_of(spec.n);
  for (std::int32_t u = 0; u < spec.n; ++u) {
    const double x = rng.unit() * side, y = rng.unit() * side;
    coords[2 * static_cast<std::size_t>(u)] = static_cast<float>(x);
    coords[2 * static_cast<std::size_t>(u) + 1] = static_cast<float>(y);
    const auto cx = std::min(side - 1, static_cast<std::int32_t>(x)), cy = std::min(side - 1, static_cast<std::int32_t>(y));
    cell_of[u] = cy * side + cx;
    ++cell_start[static_cast<std::size_t>(cell_of[u]) + 1];
  }
  for (std::size_t c = 1; c < cell_start.size(); ++c) cell_start[c] += cell_start[c - 1];
  std::vector<std::int32_t> next(cell_start.begin(), cell_start.end() - 1), members(spec.n);
  for (std::int32_t u = 0; u < spec.n; ++u) members[static_cast<std::size_t>(next[cell_of[u]]++)] = u;

  GraphBuilder builder(spec.n);
  const auto whole = static_cast<std::int64_t>(std::floor(spec.degree));
  const double fraction = spec.degree - static_cast<double>(whole);
  const auto span = static_cast<std::uint32_t>(spec.max_weight - spec.min_weight + 1);
  std::int64_t records = 0;
  for (std::int32_t u = 0; u < spec.n; ++u) {
    const auto count = whole + (fraction > 0 && rng.unit() < fraction ? 1 : 0);
    const std::int32_t cx = cell_of[u] % side, cy = cell_of[u] / side;
    for (std::int64_t k = 0; k < count; ++k) {
      // A neighbouring cell (or this one) that holds a node; a few tries, then none.
      for (int attempt = 0; attempt < 8; ++attempt) {
        const std::int32_t nx = cx + static_cast<std::int32_t>(rng.below(3)) - 1;
        const std::int32_t ny = cy + static_cast<std::int32_t>(rng.below(3)) - 1;
        if (nx < 0 || ny < 0 || nx >= side || ny >= side) continue;
        const std::size_t c = static_cast<std::size_t>(ny) * side + nx;
        const auto size = static_cast<std::uint32_t>(cell_start[c + 1] - cell_start[c]);
        if (size == 0) continue;
        const std::int32_t v = members[static_cast<std::size_t>(cell_start[c]) + rng.below(size)];
        const double w = spec.unweighted ? 1.0 : spec.min_weight + static_cast<double>(rng.below(span));
        if (spec.undirected) builder.add_edge(u, v, w);
        else builder.add_arc(u, v, w);
        ++records;
        break;
      }
    }
  }
  report.format = "random";
  report.records_read = records;
  Graph g = builder.build(!spec.undirected, report);
  g.coord_dims = 2;
  g.coords = std::move(coords);
  return g;
}

}  // namespace

Graph generate_random_graph(const RandomGraphSpec& spec, LoadReport& report) {
  if (spec.geometric) return generate_geometric_graph(spec, report);
  SplitMix64 rng(spec.seed * 0x2545F4914F6CDD1Dull + 0x1234567ull);
  GraphBuilder builder(spec.n);
  const auto whole = static_cast<std::int64_t>(std::floor(spec.degree));
  const double fraction = spec.degree - static_cast<double>(whole);
  const auto span = static_cast<std::uint32_t>(spec.max_weight - spec.min_weight + 1);
  std::int64_t records = 0;
  // A DAG's hidden order: node order[p] may only point to nodes order[p + 1 ..].
  std::vector<std::int32_t> order, position;
  if (spec.dag) {
    order.resize(spec.n);
    for (std::int32_t k = 0; k < spec.n; ++k) order[k] = k;
    for (std::int32_t k = spec.n - 1; k > 0; --k) std::swap(order[k], order[rng.below(static_cast<std::uint32_t>(k + 1))]);
    position.resize(spec.n);
    for (std::int32_t k = 0; k < spec.n; ++k) position[order[k]] = k;
  }
  for (std::int32_t u = 0; u < spec.n; ++u) {
    const auto count = whole + (fraction > 0 && rng.unit() < fraction ? 1 : 0);
    const std::int32_t after = spec.dag ? spec.n - 1 - position[u] : 0;
    if (spec.dag && after == 0) continue;
    for (std::int64_t k = 0; k < count; ++k) {
      const auto v = spec.dag ? order[position[u] + 1 + static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(after)))]
                              : static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(spec.n)));
      const double w = spec.unweighted ? 1.0 : spec.min_weight + static_cast<double>(rng.below(span));
      if (spec.undirected) builder.add_edge(u, v, w);
      else builder.add_arc(u, v, w);
      ++records;
    }
  }
  report.format = spec.dag ? "random-dag" : "random";
  report.records_read = records;
  Graph g = builder.build(!spec.undirected, report);
  return g;
}

}  // namespace pathscope
