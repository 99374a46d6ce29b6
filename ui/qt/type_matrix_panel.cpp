#include "type_matrix_panel.hpp"

#include <QColor>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

#include "path_panel.hpp"

namespace pathscope::qt {
namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

// Short paths dark, long ones pale: the eye goes to the close pairs of types first.
QColor heat(double value, double lo, double hi) {
  const double t = hi > lo ? (value - lo) / (hi - lo) : 0.0;
  const QColor near(33, 102, 172), far(209, 229, 240);
  const auto mix = [t](int a, int b) { return static_cast<int>(std::lround(a + (b - a) * t)); };
  return {mix(near.red(), far.red()), mix(near.green(), far.green()), mix(near.blue(), far.blue())};
}

std::string default_values_text() { return "top:" + std::to_string(kDefaultTypeGroups); }

}  // namespace

TypeMatrixPanel::TypeMatrixPanel(Selection* selection, QWidget* parent)
    : QWidget(parent), controller_(new TypeMatrixController(selection, this)) {
  attribute_ = new QComboBox(this);
  attribute_->setObjectName(QStringLiteral("typeMatrixAttribute"));
  attribute_->setToolTip(tr("The node attribute whose values make the rows and columns"));
  values_ = new QLineEdit(qs(default_values_text()), this);
  values_->setObjectName(QStringLiteral("typeMatrixValues"));
  values_->setToolTip(tr("Which values: top:K (the K most numerous), all, or a list such as EPG,PEN_a,Delta7"));
  compute_ = new QPushButton(tr("Compute"), this);
  compute_->setObjectName(QStringLiteral("typeMatrixCompute"));
  connect(compute_, &QPushButton::clicked, this, &TypeMatrixPanel::compute);
  connect(values_, &QLineEdit::returnPressed, this, &TypeMatrixPanel::compute);
  auto* controls = new QHBoxLayout;
  controls->addWidget(new QLabel(tr("Group by"), this));
  controls->addWidget(attribute_);
  controls->addWidget(values_, 1);
  controls->addWidget(compute_);

  summary_ = new QLabel(tr("Open a graph with node attributes (cell types), then Compute."), this);
  summary_->setObjectName(QStringLiteral("typeMatrixSummary"));
  summary_->setWordWrap(true);
  table_ = new QTableWidget(this);
  table_->setObjectName(QStringLiteral("typeMatrixTable"));
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  connect(table_, &QTableWidget::cellClicked, controller_, &TypeMatrixController::show_cell);

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(controls);
  layout->addWidget(summary_);
  layout->addWidget(table_, 1);

  connect(controller_, &TypeMatrixController::matrix_ready, this, &TypeMatrixPanel::show_matrix);
  connect(controller_->job(), &JobRunner::started, this, [this](const QString& title) { summary_->setText(title + QStringLiteral("…")); });
  connect(controller_, &TypeMatrixController::pair_shown, this, [this](int source, int target) {
    const GraphSession* session = controller_->session();
    if (!session) return;
    summary_->setText(tr("Showing %1 → %2, the first pair at the cell's minimum; click another cell for its pair.")
                          .arg(qs(session->graph().label(source)), qs(session->graph().label(target))));
  });
  connect(controller_, &TypeMatrixController::error, this,
          [this](const QString& title, const QString& text) { summary_->setText(title + QStringLiteral(": ") + text); });
}

void TypeMatrixPanel::set_session(std::shared_ptr<GraphSession> session) {
  if (session.get() == controller_->session()) return;
  controller_->set_session(session);
  table_->clear();
  table_->setRowCount(0);
  table_->setColumnCount(0);
  attribute_->clear();
  if (!session) return;
  const Graph& g = session->graph();
  for (const auto& column : g.node_attributes.columns)
    if (column.type == AttributeType::Text || column.type == AttributeType::Integer || column.type == AttributeType::Boolean)
      attribute_->addItem(qs(column.name));
  const std::string first = default_group_attribute(g);
  attribute_->setCurrentText(qs(first));
  values_->setText(qs(default_values_text()));
  compute_->setEnabled(attribute_->count() > 0);
  summary_->setText(attribute_->count() > 0 ? tr("Choose the groups, then Compute.")
                                            : tr("This graph has no node attributes to group its nodes by."));
}

void TypeMatrixPanel::compute() {
  TypeMatrixRequest request;
  request.attribute = attribute_->currentText().toStdString();
  for (const QString& value : values_->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
    if (!value.trimmed().isEmpty()) request.values.push_back(value.trimmed().toStdString());
  if (request.values.empty()) request.values.push_back(default_values_text());
  controller_->start(request);
}

void TypeMatrixPanel::show_matrix() {
  const TypeMatrix* matrix = controller_->matrix();
  if (!matrix) return;
  const auto& lengths = matrix->lengths;
  const int size = static_cast<int>(matrix->groups.size());
  table_->clear();
  table_->setRowCount(size);
  table_->setColumnCount(size);
  QStringList names;
  for (const auto& group : matrix->groups)
    names << tr("%1 (%2)").arg(qs(group.name), QLocale().toString(static_cast<qlonglong>(group.nodes.size())));
  table_->setVerticalHeaderLabels(names);
  table_->setHorizontalHeaderLabels(names);
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const auto& cell : lengths.cells)
    if (cell.has_path()) {
      lo = std::min(lo, cell.min);
      hi = std::max(hi, cell.min);
    }
  for (int r = 0; r < size; ++r)
    for (int c = 0; c < size; ++c) {
      const GroupPairLengths& cell = lengths.at(static_cast<std::size_t>(r), static_cast<std::size_t>(c));
      // Compact in the cell (pairs with a path / pairs), spelled out in the tooltip.
      const QString reachable = QLocale().toString(static_cast<qlonglong>(cell.reachable));
      const QString all = QLocale().toString(static_cast<qlonglong>(cell.pairs));
      const QString pairs = tr("%1 of %2 pairs").arg(reachable, all);
      auto* item = new QTableWidgetItem((cell.has_path() ? format_cost(cell.min) : tr("no path")) + QLatin1Char('\n') +
                                        reachable + QLatin1Char('/') + all);
      item->setTextAlignment(Qt::AlignCenter);
      item->setData(Qt::UserRole, cell.has_path() ? cell.min : -1.0);
      item->setToolTip(tr("%1 → %2: shortest %3, median %4 %5; %6 have a path. Click for a shortest one.")
                           .arg(names[r], names[c], cell.has_path() ? format_cost(cell.min) : tr("none"),
                                cell.has_path() ? format_cost(cell.median) : tr("none"), qs(lengths.unit), pairs));
      const QColor background = cell.has_path() ? heat(cell.min, lo, hi) : QColor(238, 238, 238);
      item->setBackground(background);
      item->setForeground(background.lightness() < 140 ? QColor(Qt::white) : QColor(Qt::black));
      table_->setItem(r, c, item);
    }
  summary_->setText(tr("Shortest path in %1 from each row's %2 to each column's, %3; each cell: the minimum over "
                       "its member pairs, and how many of them have a path / all of them. Click a cell for a shortest path.")
                        .arg(qs(lengths.unit), qs(matrix->request.attribute),
                             matrix->from_table ? tr("from the open distance table")
                                                : tr("by breadth-first search (%1 s)").arg(lengths.timing.seconds, 0, 'f', 2)));
}

}  // namespace pathscope::qt
