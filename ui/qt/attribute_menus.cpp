#include "attribute_menus.hpp"

#include <QActionGroup>
#include <functional>

#include "attribute_view.hpp"
#include "pathscope_ui_common/node_attribute.hpp"

namespace pathscope::qt {
namespace {

// Fills `menu` with checkable choices, the fixed ones first, then the graph's attributes.
void fill(QMenu* menu, Selection* selection, const QString& prefix,
          const std::vector<std::pair<QString, std::string>>& fixed, std::string ViewChoices::*field) {
  menu->clear();
  auto* group = new QActionGroup(menu);
  auto add = [&](const QString& text, const std::string& value) {
    auto* action = menu->addAction(text);
    action->setObjectName(prefix + QString::fromStdString(value));
    action->setCheckable(true);
    action->setChecked(selection->view().*field == value);
    group->addAction(action);
    QObject::connect(action, &QAction::triggered, selection, [selection, value, field] {
      ViewChoices choices = selection->view();
      choices.*field = value;
      selection->set_view(std::move(choices));
    });
  };
  for (const auto& [text, value] : fixed) add(text, value);
  if (!selection->session()) return;
  menu->addSeparator();
  for (const auto& name : node_attribute_names(selection->session()->graph())) add(QString::fromStdString(name), name);
}

}  // namespace

void add_attribute_menus(QMenu* view_menu, Selection* selection) {
  auto* label_by = view_menu->addMenu(QObject::tr("Label &by"));
  label_by->setObjectName(QStringLiteral("labelByMenu"));
  QObject::connect(label_by, &QMenu::aboutToShow, label_by, [=] {
    fill(label_by, selection, QStringLiteral("labelBy:"),
         {{QObject::tr("Name"), std::string()}, {QObject::tr("Id"), std::string(kLabelByNodeId)}},
         &ViewChoices::label_attribute);
  });
  auto* colour_by = view_menu->addMenu(QObject::tr("&Colour by"));
  colour_by->setObjectName(QStringLiteral("colourByMenu"));
  QObject::connect(colour_by, &QMenu::aboutToShow, colour_by, [=] {
    fill(colour_by, selection, QStringLiteral("colourBy:"), {{QObject::tr("One Colour"), std::string()}},
         &ViewChoices::colour_attribute);
  });
}

}  // namespace pathscope::qt
