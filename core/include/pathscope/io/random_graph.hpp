#pragma once
// Reproducible random graphs for tests and benchmarks: "random:n=12529,deg=20,seed=1".
#include <cstdint>
#include <string>

#include "pathscope/graph/graph.hpp"
#include "pathscope/io/load_report.hpp"

namespace pathscope {

struct RandomGraphSpec {
  std::int32_t n = 1000;
  double degree = 8;           // mean out-degree before self-loops and duplicates are dropped
  std::uint64_t seed = 1;
  bool unweighted = false;     // every arc 1
  bool undirected = false;
  // Nodes placed uniformly in a square (one node per unit of area, coordinates kept), each
  // arc to a node of the same or a neighbouring unit cell: a road-like picture at any size
  // that needs no force layout (the renderer's benchmark at a million nodes).
  bool geometric = false;
  // "random-dag:": arcs only from earlier to later nodes of a hidden random order, so the
  // graph has no cycle and its condensation collapses nothing; each node draws its heads
  // among the nodes after it.
  bool dag = false;
  std::int32_t min_weight = 1, max_weight = 1000;
};

// Parses "random:n=..,deg=..,seed=..[,unweighted][,undirected][,geometric][,wmin=..][,wmax=..]",
// and the same keys after "random-dag:" (no undirected, no geometric).
bool is_random_graph_spec(const std::string& spec);
RandomGraphSpec parse_random_spec(const std::string& spec);
// Same spec, same graph, on every machine (own generator, not std::*_distribution).
Graph generate_random_graph(const RandomGraphSpec& spec, LoadReport& report);

// The generator behind it, exposed so tests draw reproducible inputs the same way.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, bound) by Lemire's multiply-shift (bias below 2^-32 for our bounds).
  std::uint32_t below(std::uint32_t bound) {
    return static_cast<std::uint32_t>((static_cast<unsigned __int128>(next() >> 32) * bound) >> 32);
  }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t state_;
};

}  // namespace pathscope
