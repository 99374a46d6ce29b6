#include "open_dialog.hpp"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QPushButton>

#include "pathscope/io/file_formats.hpp"

namespace pathscope::qt {
namespace {

QWidget* with_browse(QLineEdit* edit, QWidget* parent, const QString& title, InputKind kind) {
  auto* row = new QWidget(parent);
  auto* layout = new QHBoxLayout(row);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* browse = new QPushButton(QObject::tr("Browse…"), row);
  layout->addWidget(edit, 1);
  layout->addWidget(browse);
  const QString filter = QString::fromStdString(file_dialog_filter(kind));
  QObject::connect(browse, &QPushButton::clicked, row, [edit, parent, title, filter] {
    const QString chosen = QFileDialog::getOpenFileName(parent, title, edit->text(), filter);
    if (!chosen.isEmpty()) edit->setText(chosen);
  });
  return row;
}

}  // namespace

const QList<QPair<QString, EdgeCostRule>>& cost_rule_choices() {
  static const QList<QPair<QString, EdgeCostRule>> choices = {
      {QStringLiteral("weight"), EdgeCostRule::Weight},
      {QStringLiteral("hops"), EdgeCostRule::Hops},
      {QStringLiteral("inverse"), EdgeCostRule::Inverse},
      {QStringLiteral("max-minus"), EdgeCostRule::MaxMinus}};
  return choices;
}

std::string cost_rule_word(EdgeCostRule rule) {
  for (const auto& choice : cost_rule_choices()) {
    if (choice.second == rule) return choice.first.toStdString();
  }
  return "weight";
}

OpenDialog::OpenDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Open graph"));
  file_ = new QLineEdit(this);
  file_->setObjectName(QStringLiteral("dialogFile"));
  file_->setPlaceholderText(tr("graph file, or random:n=1000,deg=8,seed=1"));
  format_ = new QComboBox(this);
  format_->addItem(tr("detect from name and content"), QString());
  for (const FileFormat* f : file_formats_of(InputKind::Graph)) {
    format_->addItem(QString::fromStdString(f->name + ": " + f->title), QString::fromStdString(f->name));
  }
  cost_rule_ = new QComboBox(this);
  cost_rule_->addItem(tr("weight: the number in the file is the cost"));
  cost_rule_->addItem(tr("hops: every arc costs 1"));
  cost_rule_->addItem(tr("inverse: 1 / strength"));
  cost_rule_->addItem(tr("max-minus: max - strength + 1"));
  min_weight_ = new MinWeightBox(this);
  min_weight_->setObjectName(QStringLiteral("dialogMinWeight"));
  node_table_ = new QLineEdit(this);
  node_table_->setPlaceholderText(tr("optional CSV of names with x, y, z positions"));

  auto* form = new QFormLayout;
  form->addRow(tr("File:"), with_browse(file_, this, tr("Graph file"), InputKind::Graph));
  form->addRow(tr("Format:"), format_);
  form->addRow(tr("Edge cost:"), cost_rule_);
  form->addRow(tr("Minimum weight:"), min_weight_);
  form->addRow(tr("Node table:"), with_browse(node_table_, this, tr("Node table"), InputKind::NodeTable));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(buttons);
  resize(560, sizeHint().height());
}

void OpenDialog::set_values(const QString& file, const LoadOptions& options) {
  file_->setText(file);
  const int format = format_->findData(QString::fromStdString(options.format));
  format_->setCurrentIndex(format < 0 ? 0 : format);
  for (int i = 0; i < cost_rule_choices().size(); ++i) {
    if (cost_rule_choices()[i].second == options.cost_rule) cost_rule_->setCurrentIndex(i);
  }
  min_weight_->set_min_weight(options.min_weight);
  node_table_->setText(QString::fromStdString(options.node_table));
}

QString OpenDialog::file() const { return file_->text().trimmed(); }

LoadOptions OpenDialog::options() const {
  LoadOptions options;
  options.format = format_->currentData().toString().toStdString();
  options.cost_rule = cost_rule_choices()[cost_rule_->currentIndex()].second;
  options.min_weight = min_weight_->min_weight();
  options.node_table = node_table_->text().trimmed().toStdString();
  return options;
}

}  // namespace pathscope::qt
