#pragma once
// How the open graph is shown, apart from what is chosen on it (Selection holds both, so undo
// and sessions see one state): what node labels say, what colours the nodes, which nodes are
// shown, how the arcs are drawn. Attribute names are the graph's node attribute columns
// (NodeAttributes), plus the derived ones the colour and label menus offer (e.g. "degree").
#include <string>
#include <vector>

namespace pathscope::qt {

struct ViewChoices {
  // Faded: every arc at a low alpha so paths and sets read over the haze; Hidden: nodes only.
  enum class Arcs { Shown, Faded, Hidden };
  Arcs arcs = Arcs::Shown;
  std::string label_attribute;   // empty: the node's name, else its id
  std::string colour_attribute;  // empty: one colour for every node
  // How numbers spread over the colour ramp (node_colouring.hpp); Automatic: log when skewed.
  enum class Scale { Automatic, Linear, Log };
  Scale colour_scale = Scale::Automatic;
  // Nodes shown: those whose filter_attribute value is one of filter_values; an empty
  // filter_attribute shows every node.
  std::string filter_attribute;
  std::vector<std::string> filter_values;

  bool operator==(const ViewChoices&) const = default;
};

}  // namespace pathscope::qt
