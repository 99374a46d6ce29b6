#include "attribute_filter.hpp"

#include <QHBoxLayout>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

#include "pathscope_ui_common/attribute_values.hpp"
#include "pathscope_ui_common/node_attribute.hpp"

namespace pathscope::qt {

AttributeFilterPanel::AttributeFilterPanel(Selection* selection, QWidget* parent)
    : QWidget(parent), selection_(selection), attribute_(new QComboBox(this)), values_(new QListWidget(this)) {
  attribute_->setObjectName(QStringLiteral("filterAttribute"));
  values_->setObjectName(QStringLiteral("filterValues"));
  auto* all = new QPushButton(tr("All"), this);
  auto* none = new QPushButton(tr("None"), this);
  all->setObjectName(QStringLiteral("filterAll"));
  none->setObjectName(QStringLiteral("filterNone"));
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(all);
  buttons->addWidget(none);
  buttons->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(attribute_);
  layout->addWidget(values_, 1);
  layout->addLayout(buttons);
  connect(attribute_, &QComboBox::currentIndexChanged, this, &AttributeFilterPanel::attribute_chosen);
  connect(values_, &QListWidget::itemChanged, this, &AttributeFilterPanel::values_ticked);
  connect(all, &QPushButton::clicked, this, [this] { tick_all(true); });
  connect(none, &QPushButton::clicked, this, [this] { tick_all(false); });
  connect(selection, &Selection::view_changed, this, &AttributeFilterPanel::show_choices);
  connect(selection, &Selection::changed, this, [this] {
    if (selection_->session() != listed_session_) show_choices();
  });
  show_choices();
}

void AttributeFilterPanel::show_choices() {
  filling_ = true;
  const ViewChoices& choices = selection_->view();
  const GraphSession* session = selection_->session();
  if (session != listed_session_) {
    listed_session_ = session;
    attribute_->clear();
    attribute_->addItem(tr("Show every node"), QString());
    if (session) {
      for (const auto& name : node_attribute_names(session->graph(), session->computed)) {
        attribute_->addItem(QString::fromStdString(name), QString::fromStdString(name));
      }
    }
  }
  const int index = attribute_->findData(QString::fromStdString(choices.filter_attribute));
  attribute_->setCurrentIndex(std::max(index, 0));
  values_->clear();
  if (session && !choices.filter_attribute.empty()) {
    if (const auto column = node_attribute(session->graph(), session->computed, choices.filter_attribute)) {
      for (const auto& [value, count] : value_counts(*column)) {
        const QString shown = value.empty() ? tr("(none)") : QString::fromStdString(value);
        auto* item = new QListWidgetItem(tr("%1 (%2)").arg(shown, QLocale().toString(static_cast<qlonglong>(count))), values_);
        item->setData(Qt::UserRole, QString::fromStdString(value));
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        const bool ticked =
            std::find(choices.filter_values.begin(), choices.filter_values.end(), value) != choices.filter_values.end();
        item->setCheckState(ticked ? Qt::Checked : Qt::Unchecked);
      }
    }
  }
  filling_ = false;
}

void AttributeFilterPanel::attribute_chosen(int index) {
  if (filling_ || !selection_->session()) return;
  ViewChoices choices = selection_->view();
  choices.filter_attribute = attribute_->itemData(index).toString().toStdString();
  // A new attribute starts with every value ticked: nothing disappears until unticked.
  choices.filter_values.clear();
  if (const auto column = choices.filter_attribute.empty() ? std::nullopt
                                                           : node_attribute(selection_->session()->graph(), selection_->session()->computed, choices.filter_attribute)) {
    for (const auto& vc : value_counts(*column)) choices.filter_values.push_back(vc.value);
  }
  selection_->set_view(std::move(choices));
}

void AttributeFilterPanel::values_ticked() {
  if (filling_) return;
  ViewChoices choices = selection_->view();
  choices.filter_values.clear();
  for (int i = 0; i < values_->count(); ++i) {
    if (values_->item(i)->checkState() == Qt::Checked)
      choices.filter_values.push_back(values_->item(i)->data(Qt::UserRole).toString().toStdString());
  }
  selection_->set_view(std::move(choices));
}

void AttributeFilterPanel::tick_all(bool ticked) {
  filling_ = true;
  for (int i = 0; i < values_->count(); ++i) values_->item(i)->setCheckState(ticked ? Qt::Checked : Qt::Unchecked);
  filling_ = false;
  values_ticked();
}

}  // namespace pathscope::qt
