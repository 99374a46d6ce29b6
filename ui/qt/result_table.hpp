#pragma once
// The explorer's result lists (hops, found nodes, path sets) look and behave alike: read-only,
// one whole row chosen at a time, the last column stretched, rows as tall as the text.
#include <QString>
#include <QTableWidget>
#include <cstdint>

#include "pathscope/graph/graph.hpp"

namespace pathscope::qt {

QTableWidget* make_result_table(int columns, const QString& object_name, QWidget* parent);

// The lists' Name cell: the node's display name (a nameless neuron's type and last id digits),
// empty when that would only repeat the Id column.
QTableWidgetItem* name_item(const Graph& g, std::int32_t u);

}  // namespace pathscope::qt
