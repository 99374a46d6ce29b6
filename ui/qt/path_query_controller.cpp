#include "path_query_controller.hpp"

#include <chrono>

#include "pathscope/paths/path_sets.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/count_text.hpp"
#include "pathscope/graph/node_index.hpp"

namespace pathscope::qt {

PathQueryController::PathQueryController(Selection* selection, TimingPanel* timing_panel, QObject* parent)
    : QObject(parent), selection_(selection), timing_panel_(timing_panel), job_(new JobRunner(this)) {
  connect(job_, &JobRunner::failed, this, &PathQueryController::error);
}

void PathQueryController::set_session(std::shared_ptr<GraphSession> session) {
  job_->cancel();
  session_ = std::move(session);
}

void PathQueryController::open_table(const QString& file) {
  if (!session_) throw Error("open a graph before its distance table");
  session_->table = open_saved_table(*session_, file.toStdString());
  selection_->refresh_path();
}

void PathQueryController::start_path_set(Selection::PathSet::Kind kind, int count) {
  if (!session_) return;
  if (!selection_->has_pair()) {
    Q_EMIT error(tr("Paths"), tr("Choose a source and a target first."));
    return;
  }
  auto session = session_;
  auto set = std::make_shared<Selection::PathSet>();
  set->kind = kind;
  set->source = selection_->source();
  set->target = selection_->target();
  set->limit = count;
  auto timing = std::make_shared<Timing>();
  const bool all = kind == Selection::PathSet::Kind::AllShortest;
  timing->engine = all ? "all shortest" : "k shortest (Yen)";
  timing->device = cpu_device_label(1);
  const Graph& g = session->graph();
  const QString from = QString::fromStdString(node_display_name(g, set->source)), to = QString::fromStdString(node_display_name(g, set->target));
  job_->run(
      all ? tr("All shortest paths %1 → %2").arg(from, to) : tr("%1 %2 → %3").arg(QString::fromStdString(count_text(count, "shortest path")), from, to),
      [session, set, timing, all, count](const JobContext& job) {
        const auto begin = std::chrono::steady_clock::now();
        if (all) {
          ShortestPathSet found = all_shortest_paths(session->graph(), set->source, set->target, count, job);
          set->paths = std::move(found.paths);
          set->total = found.total;
        } else {
          set->paths = k_shortest_paths(session->graph(), set->source, set->target, count, job);
          set->total.value = set->paths.size();
        }
        timing->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
      },
      [this, session, set, timing] {
        if (session != session_) return;  // another graph was opened meanwhile
        // answered: the paths found, counted the same way for both kinds.
        timing_panel_->add_run(*timing, tr("paths"), static_cast<double>(set->paths.size()));
        selection_->show_path_set(std::move(*set));
        Q_EMIT path_set_ready();
      });
}

void PathQueryController::step_path_set(int delta) {
  if (!selection_->path_set()) return;
  selection_->choose_in_path_set(selection_->path_set_index() + delta);
}

}  // namespace pathscope::qt
