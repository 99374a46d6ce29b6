#include "caption.hpp"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLocale>
#include <QStringList>

#include "path_panel.hpp"
#include "pathscope/runtime/count_text.hpp"
#include "pathscope/graph/node_index.hpp"

namespace pathscope::qt {
namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }
QString tr(const char* text) { return QCoreApplication::translate("pathscope::qt::MainWindow", text); }

}  // namespace

QString display_name(const QString& spec) {
  const QFileInfo info(spec);
  return info.exists() ? info.fileName() : spec;
}

QString view_caption(const Selection& s) {
  const GraphSession* session = s.session();
  if (!session) return {};
  const Graph& g = session->graph();
  const DrawnGraph& drawn = session->drawn;
  QStringList lines;
  lines << tr("%1 · %2 nodes · %3")
               .arg(display_name(qs(session->spec)))
               .arg(QLocale().toString(g.n))
               .arg(qs(drawn.position_source) +
                    (drawn.position_note.empty() ? QString() : QStringLiteral(" (") + qs(drawn.position_note) + ')'));
  if (const auto* tour = s.tour()) {
    lines << tr("best tour through %1 stops · length %2 · %3")
                 .arg(tour->stops.size())
                 .arg(format_cost(tour->walk.distance), qs(tour->method));
  } else if (const auto* reach = s.reach()) {
    const long long count = reach->count();
    lines << (reach->direction == ReachDirection::Downstream ? tr("%1 reaches %2") : tr("%2 %3 %1"))
                 .arg(qs(node_display_name(g, reach->start)), qs(count_text(count, "node")),
                      qs(count_noun(count, "reaches", "reach")));
  } else if (!s.stops().empty()) {
    lines << tr("%1 chosen").arg(qs(count_text(static_cast<long long>(s.stops().size()), "tour stop")));
  } else if (s.has_pair()) {
    if (s.path().reachable) {
      lines << tr("%1 → %2 · distance %3 · %4 · %5")
                   .arg(qs(node_display_name(g, s.source())), qs(node_display_name(g, s.target())),
                        format_cost(s.path().distance),
                        qs(count_text(static_cast<long long>(s.path().nodes.size()) - 1, "hop")), qs(s.method()));
    } else {
      lines << tr("no path from %1 to %2").arg(qs(node_display_name(g, s.source())), qs(node_display_name(g, s.target())));
    }
  }
  return lines.join('\n');
}

}  // namespace pathscope::qt
