// Sessions: the window's state saved as a session file and put back from one (the file format
// is session_file.*). Opening loads the graph on the load job; the rest is put back once it is
// loaded, and the answer shown is found again on the query jobs.
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QSpinBox>
#include <QStatusBar>

#include "main_window.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::qt {

void MainWindow::build_session_restore() {
  connect(loading_->job(), &JobRunner::failed, this, [this] { pending_session_.reset(); });
  // An answer that fails, or choices changed meanwhile, ends the restore where it stands.
  connect(tours_reach_->job(), &JobRunner::failed, this, [this] { restoring_session_.reset(); });
  connect(path_queries_->job(), &JobRunner::failed, this, [this] { restoring_session_.reset(); });
  connect(selection_, &Selection::query_outdated, this, [this] { restoring_session_.reset(); });
  for (auto ready : {&MainWindow::tour_ready, &MainWindow::reach_ready, &MainWindow::path_set_ready}) {
    connect(this, ready, this, &MainWindow::finish_session_restore);
  }
}

SessionFile MainWindow::session_snapshot() const {
  if (!session_) throw Error("no graph is open");
  if (!session_->made_by.empty()) {
    throw Error("this network was made from a table, not read from a file: it cannot be reopened from a session");
  }
  if (session_->spec == "-") throw Error("this graph was read from standard input: it cannot be reopened from a session");
  const Graph& g = session_->graph();
  SessionFile s;
  s.graph = is_generator_spec(session_->spec)
                ? session_->spec
                : QFileInfo(QString::fromStdString(session_->spec)).absoluteFilePath().toStdString();
  s.options = session_->options;
  if (!s.options.node_table.empty() && s.options.node_table != "-") {
    s.options.node_table = QFileInfo(QString::fromStdString(s.options.node_table)).absoluteFilePath().toStdString();
  }
  const auto id = [&](std::int32_t u) { return u >= 0 ? std::optional<std::int64_t>(g.display_id(u)) : std::nullopt; };
  const Selection& chosen = *selection_;
  s.source = id(chosen.source());
  s.target = id(chosen.target());
  for (auto u : chosen.stops()) s.stops.push_back(g.display_id(u));
  if (const auto* tour = chosen.tour()) {
    // A tour through every node was asked for as such, not through chosen stops.
    const bool through_all =
        static_cast<std::int32_t>(tour->stops.size()) == g.n && chosen.stops().size() != tour->stops.size();
    s.shown = through_all ? SessionFile::Shown::TourThroughAll : SessionFile::Shown::Tour;
  } else if (const auto* reach = chosen.reach()) {
    s.shown = SessionFile::Shown::Reach;
    s.source = id(reach->start);
    s.reach_direction = reach->direction;
    s.reach_max_hops = reach->max_hops;
  } else if (const auto* set = chosen.path_set()) {
    s.shown = SessionFile::Shown::PathSet;
    s.path_set_kind = set->kind;
    s.path_set_count = set->limit;
    s.path_set_entry = std::max(0, chosen.path_set_index());
  } else if (chosen.has_pair()) {
    s.shown = SessionFile::Shown::Path;
  }
  s.view = chosen.view();
  s.centrality = centrality_->finished_requests();
  if (const auto& flow = flow_->finished_request()) {
    SessionFile::Flow f;
    for (auto u : flow->seeds) f.seeds.push_back(g.display_id(u));
    f.seed_label = flow->seed_label;
    f.repetitions = flow->repetitions;
    f.engine = flow->engine;
    s.flow = f;
  }
  const auto& camera = view_->camera();
  s.camera = SessionFile::Camera{camera.center().x, camera.center().y, camera.pixels_per_unit()};
  s.window_geometry = saveGeometry();
  s.window_state = saveState();
  return s;
}

void MainWindow::save_session(const QString& file) const { write_session_file(file, session_snapshot()); }

void MainWindow::open_session(const QString& file) {
  SessionFile s;
  try {
    s = read_session_file(file);
  } catch (const Error& e) {
    show_error(tr("Open session"), QString::fromStdString(e.what()));
    return;
  }
  // The layout first: the view has its final size before the camera is put back.
  if (!s.window_geometry.isEmpty()) restoreGeometry(s.window_geometry);
  if (!s.window_state.isEmpty()) restoreState(s.window_state);
  pending_session_file_ = file;
  const QString spec = QString::fromStdString(s.graph);
  const LoadOptions options = s.options;
  pending_session_ = std::move(s);
  open_graph(spec, options);
}

void MainWindow::apply_session() {
  restoring_session_.reset();
  if (!pending_session_) return;
  SessionFile s = std::move(*pending_session_);
  pending_session_.reset();
  if (s.graph != session_->spec) return;  // another graph was opened meanwhile
  const Graph& g = session_->graph();
  const auto node = [&](std::int64_t id, const char* role) {
    const auto u = node_with_display_id(g, id);
    if (!u) {
      throw Error(pending_session_file_.toStdString() + ": " + role + " node " + std::to_string(id) + " is not in " +
                  s.graph);
    }
    return *u;
  };
  std::int32_t source = -1, target = -1;
  std::vector<std::int32_t> stops;
  std::optional<FlowRequest> flow;
  try {
    if (s.source) source = node(*s.source, "source");
    if (s.target) target = node(*s.target, "target");
    for (auto id : s.stops) stops.push_back(node(id, "stop"));
    if (s.flow) {
      flow.emplace();
      for (auto id : s.flow->seeds) flow->seeds.push_back(node(id, "flow seed"));
      flow->seed_label = s.flow->seed_label;
      flow->repetitions = s.flow->repetitions;
      flow->engine = s.flow->engine;
    }
  } catch (const Error& e) {
    show_error(tr("Open session"), QString::fromStdString(e.what()));
    return;
  }
  selection_->set_view(s.view);
  // The values the view colours by are computed again in the background; the session's own
  // colour choice stands (set above), and is drawn once they are back.
  colour_by_next_result_ = false;
  if (!s.centrality.empty()) {
    last_centrality_request_ = s.centrality.back();
    centrality_->start_in_turn(s.centrality);
  }
  if (flow) flow_->start(*flow);
  if (s.camera) view_->set_camera({s.camera->centre_x, s.camera->centre_y}, s.camera->pixels_per_unit);
  if (!stops.empty()) selection_->choose_stops(stops);
  if (source >= 0 && target >= 0) {
    selection_->choose_pair(source, target);
  } else if (source >= 0) {
    selection_->choose_source(source);
  }
  const auto shown = s.shown;
  restoring_session_ = std::move(s);  // after the choices: choosing outdates what was restoring
  switch (shown) {
    case SessionFile::Shown::Tour:
      start_best_tour();
      return;
    case SessionFile::Shown::TourThroughAll:
      start_tour_through_all();
      return;
    case SessionFile::Shown::Reach: {
      const std::int32_t hops = restoring_session_->reach_max_hops;
      if (reach_hops_) reach_hops_->setValue(hops == kUnlimitedHops ? 0 : hops);  // the toolbar shows the limit used
      tours_reach_->start_reach(restoring_session_->reach_direction, hops);
      return;
    }
    case SessionFile::Shown::PathSet:
      start_path_set(restoring_session_->path_set_kind, static_cast<int>(restoring_session_->path_set_count));
      return;
    case SessionFile::Shown::Nothing:
    case SessionFile::Shown::Path:
      finish_session_restore();
      return;
  }
}

void MainWindow::finish_session_restore() {
  if (!restoring_session_) return;
  const SessionFile s = std::move(*restoring_session_);
  restoring_session_.reset();
  if (s.shown == SessionFile::Shown::PathSet) selection_->choose_in_path_set(s.path_set_entry);
  // What was chosen before the session is not a step back from it.
  undo_stack()->clear();
  statusBar()->showMessage(tr("Opened session %1").arg(QFileInfo(pending_session_file_).fileName()), 5000);
  Q_EMIT session_restored();
}

void MainWindow::save_session_dialog() {
  const QString file = QFileDialog::getSaveFileName(this, tr("Save session"), QStringLiteral("session.json"),
                                                    tr("pathscope sessions (*.json)"));
  if (file.isEmpty()) return;
  try {
    save_session(file);
    statusBar()->showMessage(tr("Wrote %1").arg(file), 5000);
  } catch (const Error& e) {
    show_error(tr("Save session"), QString::fromStdString(e.what()));
  }
}

void MainWindow::open_session_dialog() {
  // Window-modal: the event loop and the jobs keep running while it is open.
  auto* dialog = new QFileDialog(this, tr("Open session"), QString(), tr("pathscope sessions (*.json);;All files (*)"));
  dialog->setObjectName(QStringLiteral("openSessionDialog"));
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setFileMode(QFileDialog::ExistingFile);
  connect(dialog, &QFileDialog::fileSelected, this, &MainWindow::open_session);
  dialog->open();
}

}  // namespace pathscope::qt
