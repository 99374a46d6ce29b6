#include "attribute_menus.hpp"

#include <QActionGroup>
#include <functional>
#include <tuple>

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
  for (const auto& name : node_attribute_names(selection->session()->graph(), selection->session()->computed)) add(QString::fromStdString(name), name);
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
  // Numbers only: a skewed measure (betweenness) reads on a log ramp, an even one on a linear.
  auto* scale = view_menu->addMenu(QObject::tr("Colour &Scale"));
  scale->setObjectName(QStringLiteral("colourScaleMenu"));
  auto* group = new QActionGroup(scale);
  for (const auto& [name, text, value] :
       {std::tuple{"colourScaleAutomatic", QObject::tr("&Automatic (Log When Skewed)"), ViewChoices::Scale::Automatic},
        std::tuple{"colourScaleLinear", QObject::tr("&Linear"), ViewChoices::Scale::Linear},
        std::tuple{"colourScaleLog", QObject::tr("L&og"), ViewChoices::Scale::Log}}) {
    auto* action = scale->addAction(text);
    action->setObjectName(QString::fromLatin1(name));
    action->setCheckable(true);
    action->setChecked(selection->view().colour_scale == value);
    group->addAction(action);
    QObject::connect(action, &QAction::triggered, selection, [selection, value = value] {
      ViewChoices choices = selection->view();
      choices.colour_scale = value;
      selection->set_view(std::move(choices));
    });
    QObject::connect(selection, &Selection::view_changed, action,
                     [selection, action, value = value] { action->setChecked(selection->view().colour_scale == value); });
  }
}

}  // namespace pathscope::qt
