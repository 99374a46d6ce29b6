#pragma once
// The explorer's result lists (hops, found nodes, path sets) look and behave alike: read-only,
// one whole row chosen at a time, the last column stretched, rows as tall as the text.
#include <QString>
#include <QTableWidget>

namespace pathscope::qt {

QTableWidget* make_result_table(int columns, const QString& object_name, QWidget* parent);

}  // namespace pathscope::qt
