#pragma once
// A connectome written in FlyWire Codex's download layout, so the Codex reader can be tried at
// full size on a generated brain (real exports cannot be fetched here): connections.csv with a
// pair's synapses split over neuropils, classification.csv, consolidated_cell_types.csv,
// names.csv and coordinates.csv. Plain text; scripts/bench/write-codex-export.sh compresses them.
#include <cstdint>
#include <string>

#include "pathscope/graph/graph.hpp"

namespace pathscope {

// Writes the files into `folder` (created when missing), each through a temporary name.
// Synapse counts are Graph::arc_strengths (else the costs), which must be whole numbers of at
// least 1; root ids are Graph::ids (else the node indices). `seed` decides the neuropil split.
void write_codex_export(const Graph& g, const std::string& folder, std::uint64_t seed = 1);

}  // namespace pathscope
