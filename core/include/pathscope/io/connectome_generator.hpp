#pragma once
// Reproducible whole-brain-like connectomes for tests and benchmarks, since real exports cannot
// be fetched here: "connectome:n=139255,seed=1". Heavy-tailed in- and out-degrees and synapse
// counts, a few hundred named cell types (each wired mostly to a handful of partner types),
// super classes, sides, neurotransmitters, FlyWire-like 64-bit root ids and 3-D positions.
// Connections are read by the same rules as connection tables: --min-synapses, then the cost
// rule, with each arc's synapse count kept in Graph::arc_strengths.
#include <cstdint>
#include <string>

#include "pathscope/io/load.hpp"

namespace pathscope {

struct ConnectomeSpec {
  std::int32_t n = 1000;
  std::uint64_t seed = 1;
  double degree = 50;      // mean distinct partners per neuron, before --min-synapses
  std::int32_t types = 0;  // cell types; 0: n / 300, at least 1 and at most 1000
};

// Parses "connectome:n=..,seed=..[,deg=..][,types=..]"; throws Error naming the bad part.
ConnectomeSpec parse_connectome_spec(const std::string& spec);
// Same spec, same graph, on every machine (own SplitMix64, no std distributions).
LoadedGraph generate_connectome(const ConnectomeSpec& spec, const std::string& source, const LoadOptions& options);

}  // namespace pathscope
