#pragma once
// Makes the view follow the attribute choices of ViewChoices: node colours by an attribute (and
// the legend that explains them), which nodes the filter shows, and what the labels say. It
// reads nothing but the Selection's view choices and its graph, so undo and sessions that
// restore the choices restore the picture.
#include <QObject>
#include <QString>
#include <cstdint>
#include <optional>
#include <string>

#include "graph_view.hpp"
#include "pathscope_ui_common/node_colouring.hpp"
#include "selection.hpp"

namespace pathscope::qt {

// The label_attribute that labels nodes by their id (an empty one labels them by name).
inline constexpr const char* kLabelByNodeId = "(id)";

class AttributeView : public QObject {
  Q_OBJECT
 public:
  AttributeView(const Selection* selection, GraphView* view, QObject* parent = nullptr);

  // The colouring shown, with the attribute it comes from; null when nodes have one colour.
  const NodeColouring* colouring() const { return colouring_ ? &*colouring_ : nullptr; }
  const std::string& colour_attribute() const { return colour_attribute_; }
  // Nodes the filter leaves in the view; -1 when nothing is filtered.
  std::int64_t shown_count() const { return shown_count_; }
  // The session's computed values changed (a centrality or flow run finished): colours,
  // filter and labels are made again from them.
  void refresh() { apply(); }

 Q_SIGNALS:
  // Colours, filter or labels were applied anew: the legend and the status bar follow.
  void changed();

 private:
  void apply();

  const Selection* selection_;
  GraphView* view_;
  const GraphSession* applied_session_ = nullptr;
  std::optional<NodeColouring> colouring_;
  std::string colour_attribute_;
  std::int64_t shown_count_ = -1;
};

// A node's label under this choice: its display name (empty choice), its id, or its value of
// the attribute (its display name when it has none).
QString node_label(const Graph& g, const std::string& label_attribute, const AttributeColumn* column, std::int32_t u);

}  // namespace pathscope::qt
