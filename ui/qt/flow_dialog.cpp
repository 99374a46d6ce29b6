#include "flow_dialog.hpp"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QPushButton>
#include <QStandardItemModel>
#include <QVBoxLayout>
#include <algorithm>

#include "pathscope/flow/information_flow.hpp"
#include "pathscope_ui_common/attribute_values.hpp"
#include "pathscope_ui_common/node_attribute.hpp"

namespace pathscope::qt {

FlowDialog::FlowDialog(const GraphSession& session, std::vector<std::int32_t> chosen, QWidget* parent)
    : QDialog(parent), session_(session), chosen_(std::move(chosen)) {
  setObjectName(QStringLiteral("flowDialog"));
  setWindowTitle(tr("Information flow"));
  const Graph& g = session.graph();
  by_selection_ = new QRadioButton(tr("The %n chosen node(s)", nullptr, static_cast<int>(chosen_.size())), this);
  by_selection_->setObjectName(QStringLiteral("flowSeedsChosen"));
  by_value_ = new QRadioButton(tr("Every node whose"), this);
  by_value_->setObjectName(QStringLiteral("flowSeedsByValue"));
  attribute_ = new QComboBox(this);
  attribute_->setObjectName(QStringLiteral("flowSeedAttribute"));
  // Categories only: a seed set is a cell type, a side, a class, not a range of numbers.
  for (const auto& column : g.node_attributes.columns) {
    if (column.type == AttributeType::Text || column.type == AttributeType::Boolean) {
      attribute_->addItem(QString::fromStdString(column.name));
    }
  }
  const int cell_type = attribute_->findText(QStringLiteral("cell_type"));
  if (cell_type >= 0) attribute_->setCurrentIndex(cell_type);
  value_ = new QComboBox(this);
  value_->setObjectName(QStringLiteral("flowSeedValue"));
  value_->setEditable(true);
  value_->setInsertPolicy(QComboBox::NoInsert);
  by_selection_->setEnabled(!chosen_.empty());
  by_value_->setEnabled(attribute_->count() > 0);
  (chosen_.empty() ? by_value_ : by_selection_)->setChecked(true);
  repetitions_ = new QSpinBox(this);
  repetitions_->setObjectName(QStringLiteral("flowRepetitions"));
  repetitions_->setRange(1, 100000);
  repetitions_->setValue(FlowOptions{}.repetitions);
  repetitions_->setSuffix(tr(" runs"));
  engine_ = new QComboBox(this);
  engine_->setObjectName(QStringLiteral("flowEngine"));
  engine_->addItem(tr("CPU"), QStringLiteral("cpu"));
  engine_->addItem(tr("GPU"), QStringLiteral("gpu"));
  engine_->addItem(tr("Both, side by side"), QStringLiteral("both"));
  if (const std::string why = make_flow_engine("gpu")->unavailable_reason(); !why.empty()) {
    auto* model = qobject_cast<QStandardItemModel*>(engine_->model());
    for (int row : {1, 2}) {
      model->item(row)->setEnabled(false);
      model->item(row)->setToolTip(QString::fromStdString(why));
    }
    engine_->setToolTip(tr("GPU: %1").arg(QString::fromStdString(why)));
  }
  count_ = new QLabel(this);
  count_->setObjectName(QStringLiteral("flowSeedCount"));

  auto* value_row = new QHBoxLayout;
  value_row->addWidget(by_value_);
  value_row->addWidget(attribute_);
  value_row->addWidget(new QLabel(tr("is"), this));
  value_row->addWidget(value_, 1);
  auto* form = new QFormLayout;
  form->addRow(tr("Seeds:"), by_selection_);
  form->addRow(QString(), value_row);
  form->addRow(QString(), count_);
  form->addRow(tr("Repetitions:"), repetitions_);
  form->addRow(tr("Engine:"), engine_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Compute"));
  buttons->button(QDialogButtonBox::Ok)->setObjectName(QStringLiteral("flowCompute"));
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(buttons);
  connect(attribute_, &QComboBox::currentIndexChanged, this, &FlowDialog::list_values);
  connect(value_, &QComboBox::currentTextChanged, this, &FlowDialog::update_count);
  connect(by_selection_, &QRadioButton::toggled, this, &FlowDialog::update_count);
  list_values();
}

void FlowDialog::list_values() {
  const QSignalBlocker block(value_);
  value_->clear();
  if (const auto column = node_attribute(session_.graph(), attribute_->currentText().toStdString())) {
    for (const auto& [value, count] : value_counts(*column)) {
      if (!value.empty()) value_->addItem(QString::fromStdString(value));
    }
  }
  update_count();
}

FlowRequest FlowDialog::request() const {
  FlowRequest r;
  r.repetitions = repetitions_->value();
  r.engine = engine_->currentData().toString().toStdString();
  if (by_selection_->isChecked()) {
    r.seeds = chosen_;
    r.seed_label = tr("%n chosen node(s)", nullptr, static_cast<int>(chosen_.size())).toStdString();
    return r;
  }
  const std::string attribute = attribute_->currentText().toStdString(), value = value_->currentText().toStdString();
  if (const auto column = node_attribute(session_.graph(), attribute)) {
    const auto kept = nodes_with_values(*column, {value});
    for (std::int32_t u = 0; u < static_cast<std::int32_t>(kept.size()); ++u) {
      if (kept[u]) r.seeds.push_back(u);
    }
  }
  r.seed_label = attribute + " " + value;
  return r;
}

void FlowDialog::update_count() {
  const auto seeds = request().seeds.size();
  count_->setText(tr("%n seed node(s)", nullptr, static_cast<int>(seeds)));
}

}  // namespace pathscope::qt
