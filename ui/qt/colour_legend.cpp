#include "colour_legend.hpp"

#include <QHeaderView>
#include <QLocale>
#include <QPainter>
#include <QPixmap>
#include <QVBoxLayout>

namespace pathscope::qt {
namespace {

QColor qcolour(NodeColour c) { return QColor(c.r, c.g, c.b); }

QPixmap swatch(NodeColour c) {
  QPixmap pixmap(14, 14);
  pixmap.fill(qcolour(c));
  return pixmap;
}

// The ramp as a bar, the minimum at the left, with both ends and the middle's value written
// under it (on a log scale the middle is far below the mean of the ends: it shows the scale).
QPixmap ramp_bar(const NodeColouring& colouring, const QFont& font) {
  const int width = 220, bar = 14, height = bar + 18;
  QPixmap pixmap(width, height);
  pixmap.fill(Qt::transparent);
  QPainter painter(&pixmap);
  for (int x = 0; x < width; ++x) {
    painter.setPen(qcolour(ramp_colour(x / double(width - 1))));
    painter.drawLine(x, 0, x, bar - 1);
  }
  painter.setFont(font);
  painter.setPen(QPalette().color(QPalette::WindowText));
  const QRect labels(0, bar + 2, width, height - bar - 2);
  painter.drawText(labels, Qt::AlignLeft | Qt::AlignVCenter, QLocale().toString(colouring.min, 'g', 3));
  if (colouring.max > colouring.min) {
    painter.drawText(labels, Qt::AlignHCenter | Qt::AlignVCenter, QLocale().toString(ramp_value(colouring, 0.5), 'g', 3));
  }
  painter.drawText(labels, Qt::AlignRight | Qt::AlignVCenter, QLocale().toString(colouring.max, 'g', 3));
  return pixmap;
}

}  // namespace

ColourLegend::ColourLegend(const AttributeView* attributes, QWidget* parent)
    : QWidget(parent), attributes_(attributes), title_(new QLabel(this)), ramp_(new QLabel(this)),
      entries_(new QTreeWidget(this)) {
  entries_->setObjectName(QStringLiteral("legendEntries"));
  entries_->setColumnCount(2);
  entries_->setHeaderLabels({tr("Value"), tr("Nodes")});
  entries_->setRootIsDecorated(false);
  entries_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
  entries_->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
  title_->setObjectName(QStringLiteral("legendTitle"));
  title_->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(title_);
  layout->addWidget(ramp_);
  layout->addWidget(entries_, 1);
  connect(attributes, &AttributeView::changed, this, &ColourLegend::refresh);
  refresh();
}

void ColourLegend::refresh() {
  entries_->clear();
  const NodeColouring* colouring = attributes_->colouring();
  ramp_->setVisible(colouring && colouring->numeric);
  if (!colouring) {
    title_->setText(tr("One colour for every node. View › Colour by picks an attribute."));
    return;
  }
  const QString name = QString::fromStdString(attributes_->colour_attribute());
  if (colouring->numeric) {
    const QString scale = colouring->scale == RampScale::Log ? tr(" (log scale)") : QString();
    title_->setText(tr("%1%2: %3 nodes from %4 to %5")
                        .arg(name, scale, QLocale().toString(static_cast<qlonglong>(colouring->numbered_nodes)),
                             QLocale().toString(colouring->min, 'g', 6), QLocale().toString(colouring->max, 'g', 6)));
    ramp_->setPixmap(ramp_bar(*colouring, font()));
  } else {
    title_->setText(name);
  }
  for (const auto& entry : colouring->entries) {
    auto* item = new QTreeWidgetItem(entries_);
    item->setIcon(0, swatch(entry.colour));
    item->setText(0, QString::fromStdString(entry.label));
    item->setData(0, Qt::UserRole, qcolour(entry.colour));
    item->setText(1, QLocale().toString(static_cast<qlonglong>(entry.count)));
    item->setData(1, Qt::UserRole, static_cast<qlonglong>(entry.count));
    item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
  }
}

}  // namespace pathscope::qt
