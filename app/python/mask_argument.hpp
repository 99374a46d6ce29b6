#pragma once
// keep_nodes= and keep_arcs= as every engine call takes them: attribute conditions as typed on
// the CLI's --keep-nodes / --keep-arcs ("side == left", "synapses >= 10"; one str or a list of
// them, all of which must hold), or a NumPy bool array of one entry per node / per CSR arc.
// Both become the GraphMask the engines read instead of a copy of the graph.
#include <pybind11/pybind11.h>

#include <string>

#include "pathscope/filter/graph_mask.hpp"
#include "pathscope/graph/graph.hpp"

namespace pathscope::python {

struct MaskArgument {
  GraphMask mask;
  // What was kept, for the result (FilterSummary::text(); "" when everything is kept).
  std::string summary;
};

// Throws pathscope.InvalidArgument for a condition that does not parse or names an attribute
// the graph lacks, ValueError for an array of the wrong length, TypeError for anything else.
MaskArgument mask_argument(const Graph& g, const pybind11::handle& keep_nodes, const pybind11::handle& keep_arcs);

}  // namespace pathscope::python
