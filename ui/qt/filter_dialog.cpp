#include "filter_dialog.hpp"

#include <QDialogButtonBox>
#include <QPushButton>
#include <QVBoxLayout>

#include "pathscope/runtime/error.hpp"

namespace pathscope::qt {
namespace {

QString lines_of(const std::vector<AttributeCondition>& conditions) {
  QStringList lines;
  for (const auto& c : conditions) lines << QString::fromStdString(condition_text(c));
  return lines.join(QLatin1Char('\n'));
}

}  // namespace

std::vector<AttributeCondition> parse_condition_lines(const QString& text, const QString& what) {
  std::vector<AttributeCondition> out;
  const QStringList lines = text.split(QLatin1Char('\n'));
  for (int i = 0; i < lines.size(); ++i) {
    const QString line = lines[i].trimmed();
    if (line.isEmpty()) continue;
    try {
      out.push_back(parse_attribute_condition(line.toStdString()));
    } catch (const Error& e) {
      throw UsageError(QObject::tr("%1, line %2: %3").arg(what).arg(i + 1).arg(QString::fromStdString(e.what())).toStdString());
    }
  }
  return out;
}

FilterDialog::FilterDialog(const GraphFilter& current, const QStringList& node_attributes, QWidget* parent)
    : QDialog(parent), filter_(current) {
  setObjectName(QStringLiteral("filterGraphDialog"));
  setWindowTitle(tr("Filter graph"));
  auto* help = new QLabel(tr("One condition per line; every one must hold. Operators: == != < <= > >= "
                             "in {a, b} not in {a, b} ~ (regular expression). Node attributes here: %1. "
                             "Arcs also have weight and synapses.")
                              .arg(node_attributes.isEmpty() ? tr("none") : node_attributes.join(QStringLiteral(", "))),
                          this);
  help->setWordWrap(true);
  nodes_ = new QPlainTextEdit(lines_of(current.nodes), this);
  nodes_->setObjectName(QStringLiteral("keepNodes"));
  nodes_->setPlaceholderText(QStringLiteral("side == left"));
  arcs_ = new QPlainTextEdit(lines_of(current.arcs), this);
  arcs_->setObjectName(QStringLiteral("keepArcs"));
  arcs_->setPlaceholderText(QStringLiteral("synapses >= 10"));
  problem_ = new QLabel(this);
  problem_->setObjectName(QStringLiteral("filterProblem"));
  problem_->setWordWrap(true);
  problem_->setStyleSheet(QStringLiteral("color: #d04040"));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Reload Keeping These"));
  buttons->button(QDialogButtonBox::Ok)->setObjectName(QStringLiteral("filterApply"));
  connect(buttons, &QDialogButtonBox::accepted, this, &FilterDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(help);
  layout->addWidget(new QLabel(tr("Keep nodes where:"), this));
  layout->addWidget(nodes_);
  layout->addWidget(new QLabel(tr("Keep arcs where:"), this));
  layout->addWidget(arcs_);
  layout->addWidget(problem_);
  layout->addWidget(buttons);
  resize(520, 380);
}

void FilterDialog::accept() {
  try {
    GraphFilter filter;
    filter.nodes = parse_condition_lines(nodes_->toPlainText(), tr("Keep nodes"));
    filter.arcs = parse_condition_lines(arcs_->toPlainText(), tr("Keep arcs"));
    filter_ = std::move(filter);
  } catch (const Error& e) {
    problem_->setText(QString::fromStdString(e.what()));
    return;
  }
  QDialog::accept();
}

}  // namespace pathscope::qt
