#pragma once
// Connectome exports as people download them: FlyWire Codex (connections.csv.gz with one row
// per pair and neuropil, and neuron tables keyed by 64-bit root id) and neuPrint (hemibrain,
// MANC: traced-total-connections.csv or traced-roi-connections.csv, and traced-neurons.csv).
// Each connection table's rows of one pair are summed into one synapse count, which the cost
// rule turns into a cost (Graph::arc_strengths keeps the count).
#include <istream>
#include <string>
#include <vector>

#include "pathscope/io/load.hpp"

namespace pathscope::io {

LoadedGraph read_codex_connections(std::istream& in, const std::string& source, const LoadOptions& options);
LoadedGraph read_neuprint_connections(std::istream& in, const std::string& source, const LoadOptions& options);

// Joins a neuron table onto a loaded graph by id (root_id, bodyId): every other column becomes
// a typed node attribute (integer, real, or text as its values show), except name or instance
// (Graph::names) and Codex's "[x y z]" position (3-D coordinates). Neurons of the table the
// graph lacks are added as isolated nodes.
void apply_neuron_table(std::istream& in, const std::string& source, LoadedGraph& loaded, const LoadOptions& options);

// Content tests, by the header's column names.
bool looks_like_codex_connections(std::istream& in);    // pre_root_id, post_root_id, syn_count
bool looks_like_neuprint_connections(std::istream& in);  // bodyId_pre, bodyId_post, weight
bool looks_like_neuron_table(std::istream& in);          // root_id or bodyId, and nothing of a connection table

// The neuron tables a connection export is read with when they lie in its folder.
const std::vector<std::string>& codex_neuron_tables();     // classification.csv, ...
const std::vector<std::string>& neuprint_neuron_tables();  // traced-neurons.csv

}  // namespace pathscope::io
