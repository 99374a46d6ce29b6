#include "attribute_view.hpp"

#include <QStringList>
#include <algorithm>

#include "pathscope/graph/node_index.hpp"
#include "pathscope_ui_common/attribute_values.hpp"
#include "pathscope_ui_common/node_attribute.hpp"

namespace pathscope::qt {

QString node_label(const Graph& g, const std::string& label_attribute, const AttributeColumn* column, std::int32_t u) {
  if (label_attribute == kLabelByNodeId) return QString::number(g.display_id(u));
  if (column && column->has(static_cast<std::size_t>(u))) {
    const auto text = column->to_text(static_cast<std::size_t>(u));
    if (!text.empty()) return QString::fromStdString(text);
  }
  return QString::fromStdString(node_display_name(g, u));
}

AttributeView::AttributeView(const Selection* selection, GraphView* view, QObject* parent)
    : QObject(parent), selection_(selection), view_(view) {
  connect(selection, &Selection::view_changed, this, &AttributeView::apply);
  // A new graph arrives through changed() (Selection::reset); other changes leave the view be.
  connect(selection, &Selection::changed, this, [this] {
    if (selection_->session() != applied_session_) apply();
  });
}

void AttributeView::apply() {
  applied_session_ = selection_->session();
  colouring_.reset();
  colour_attribute_.clear();
  shown_count_ = -1;
  if (!applied_session_) {
    Q_EMIT changed();
    return;
  }
  const Graph& g = applied_session_->graph();
  const ViewChoices& choices = selection_->view();

  std::vector<render::Rgba> colours;
  const ComputedNodeValues& computed = applied_session_->computed;
  if (const auto column =
          choices.colour_attribute.empty() ? std::nullopt : node_attribute(g, computed, choices.colour_attribute)) {
    const RampScale scale = choices.colour_scale == ViewChoices::Scale::Log      ? RampScale::Log
                            : choices.colour_scale == ViewChoices::Scale::Linear ? RampScale::Linear
                                                                                 : automatic_ramp_scale(*column);
    colouring_ = colour_nodes(*column, scale);
    colour_attribute_ = choices.colour_attribute;
    colours.reserve(colouring_->node_colours.size());
    for (const auto c : colouring_->node_colours) colours.push_back({c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1.0f});
  }

  std::vector<std::uint8_t> shown;
  if (const auto column = choices.filter_attribute.empty() ? std::nullopt : node_attribute(g, computed, choices.filter_attribute)) {
    shown = nodes_with_values(*column, choices.filter_values);
    shown_count_ = std::count(shown.begin(), shown.end(), std::uint8_t{1});
  }

  // Hidden nodes get no label, so no name floats where no node is drawn.
  const auto label_column = choices.label_attribute.empty() || choices.label_attribute == kLabelByNodeId
                                ? std::nullopt
                                : node_attribute(g, computed, choices.label_attribute);
  QStringList labels;
  labels.reserve(g.n);
  for (std::int32_t u = 0; u < g.n; ++u) {
    labels << (shown.empty() || shown[u] ? node_label(g, choices.label_attribute, label_column ? &*label_column : nullptr, u)
                                         : QString());
  }
  view_->set_node_colours(std::move(colours));
  view_->set_shown_nodes(std::move(shown));
  view_->set_labels(std::move(labels));
  Q_EMIT changed();
}

}  // namespace pathscope::qt
