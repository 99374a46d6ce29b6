#pragma once
// View › Label by and View › Colour by: one entry per node attribute of the open graph (its
// own columns, the derived ones and those computed on it), rebuilt each time a menu opens, and
// View › Colour Scale (automatic, linear, log); choosing one writes the Selection's view
// choices, which the view follows.
#include <QMenu>

#include "selection.hpp"

namespace pathscope::qt {

void add_attribute_menus(QMenu* view_menu, Selection* selection);

}  // namespace pathscope::qt
