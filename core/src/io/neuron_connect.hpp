#pragma once
// Typed connection tables whose rows say what kind of connection they list, read by what the
// type means rather than as plain arcs. Today: the Varshney et al. 2011 NeuronConnect table.
#include <string>
#include <vector>

#include "pathscope/io/load.hpp"

namespace pathscope::io {

class LineReader;

// True for the header "Neuron 1,Neuron 2,Type,Nbr" (in any column order).
bool is_neuron_connect_header(const std::vector<std::string>& header);

// Reads the rows after that header (the reader stands on the header line).
LoadedGraph read_neuron_connect(LineReader& reader, const std::vector<std::string>& header, char delimiter,
                                const LoadOptions& options);

}  // namespace pathscope::io
