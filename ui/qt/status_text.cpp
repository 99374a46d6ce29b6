#include "status_text.hpp"
#include "pathscope/runtime/count_text.hpp"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

namespace pathscope::qt {
namespace {
QString tr(const char* text) { return QCoreApplication::translate("StatusText", text); }
}  // namespace

QString status_text(const StatusFacts& f) {
  if (!f.has_graph) return tr("Open a graph: File › Open, a sample, or drop a file here.");
  QStringList parts;
  if (!f.made_by.isEmpty()) parts << f.made_by;
  if (f.shown_nodes >= 0) {
    parts << tr("showing %1 of %2 %3")
                 .arg(QLocale().toString(f.shown_nodes), QLocale().toString(f.nodes),
                      QString::fromStdString(count_noun(f.nodes, "node")));
  } else {
    parts << tr("%1 %2").arg(QLocale().toString(f.nodes), QString::fromStdString(count_noun(f.nodes, "node")));
  }
  parts << tr("%1 %2").arg(QLocale().toString(f.arcs), QString::fromStdString(count_noun(f.arcs, "arc")));
  if (!f.filter.isEmpty()) parts << f.filter;
  parts << tr("matrix %1 (%2)").arg(f.matrix_size, f.dist_type);
  // The matrix's state: what answers the next path (a saved table first).
  if (!f.saved_table.isEmpty()) {
    parts << tr("pairs from saved table %1").arg(f.saved_table);
  } else if (!f.matrix_engine.isEmpty()) {
    parts << tr("all pairs ready (%1, %2 s)").arg(f.matrix_engine).arg(f.matrix_seconds, 0, 'f', 2);
  } else if (!f.apsp_running.isEmpty()) {
    parts << tr("single-source until all pairs finish");
  } else if (!f.no_matrix_reason.isEmpty()) {
    parts << tr("single-source (%1)").arg(f.no_matrix_reason);
  } else {
    parts << tr("single-source");
  }
  if (!f.apsp_running.isEmpty()) parts << tr("running: %1").arg(f.apsp_running);
  if (!f.query_running.isEmpty()) parts << tr("running: %1").arg(f.query_running);
  if (!f.analysis_running.isEmpty()) parts << tr("running: %1").arg(f.analysis_running);
  if (!f.last_answer.isEmpty()) parts << tr("last answer: %1").arg(f.last_answer);
  return parts.join(QStringLiteral(" · "));
}

}  // namespace pathscope::qt
