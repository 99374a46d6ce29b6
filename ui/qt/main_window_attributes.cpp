// The window's attribute tools: the view following the colour, filter and label choices, the
// Legend dock that explains the colours and the Filter dock that picks the nodes shown (the
// menus are in attribute_menus.*).
#include <QDockWidget>

#include "main_window.hpp"

namespace pathscope::qt {

void MainWindow::build_attribute_docks() {
  attribute_view_ = new AttributeView(selection_, view_, this);
  connect(attribute_view_, &AttributeView::changed, this, &MainWindow::update_status);

  colour_legend_ = new ColourLegend(attribute_view_, this);
  auto* legend_dock = new QDockWidget(tr("Legend"), this);
  legend_dock->setObjectName(QStringLiteral("legendDock"));
  legend_dock->setWidget(colour_legend_);
  add_dock_beside_inspector(legend_dock);

  attribute_filter_ = new AttributeFilterPanel(selection_, this);
  auto* filter_dock = new QDockWidget(tr("Filter"), this);
  filter_dock->setObjectName(QStringLiteral("filterDock"));
  filter_dock->setWidget(attribute_filter_);
  add_dock_beside_inspector(filter_dock);
  // Shown when a colouring is chosen, so the colours never appear unexplained.
  connect(attribute_view_, &AttributeView::changed, this, [this, legend_dock] {
    if (attribute_view_->colouring() && !legend_dock->isVisible() && !scripted_) {
      legend_dock->show();
      legend_dock->raise();
    }
  });
}

}  // namespace pathscope::qt
