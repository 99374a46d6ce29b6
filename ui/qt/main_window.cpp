#include "main_window.hpp"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QStatusBar>
#include <QSpinBox>
#include <QToolBar>
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "best_tour.hpp"
#include "caption.hpp"
#include "exports.hpp"
#include "open_dialog.hpp"
#include "pathscope/apsp/apsp_in_turn.hpp"
#include "pathscope/apsp/gpu.hpp"
#include "pathscope/runtime/memory_budget.hpp"
#include "recent_graphs.hpp"
#include "status_text.hpp"

namespace pathscope::qt {
namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

// Scripted selections name nodes by id or name; `what` says which role the key plays.
std::int32_t node_by_key(const GraphSession* session, const QString& key, const std::string& what) {
  if (!session) throw Error("no graph is open");
  auto u = session->graph().find_node(key.trimmed().toStdString());
  if (!u) throw Error(what + " '" + key.toStdString() + "' is not in " + session->spec);
  return *u;
}

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setWindowTitle(QStringLiteral("pathscope"));
  setAcceptDrops(true);
  view_ = new GraphView(this);
  view_->setObjectName(QStringLiteral("graphView"));
  setCentralWidget(view_);

  path_panel_ = new PathPanel(this);
  auto* path_dock = new QDockWidget(tr("Path"), this);
  path_dock->setObjectName(QStringLiteral("pathDock"));
  path_dock->setWidget(path_panel_);
  addDockWidget(Qt::RightDockWidgetArea, path_dock);

  inspector_ = new InspectorPanel(this);
  auto* inspector_dock = new QDockWidget(tr("Inspector"), this);
  inspector_dock->setObjectName(QStringLiteral("inspectorDock"));
  inspector_dock->setWidget(inspector_);
  addDockWidget(Qt::RightDockWidgetArea, inspector_dock);

  timing_panel_ = new TimingPanel(this);
  auto* timing_dock = new QDockWidget(tr("Timing"), this);
  timing_dock->setObjectName(QStringLiteral("timingDock"));
  timing_dock->setWidget(timing_panel_);
  addDockWidget(Qt::BottomDockWidgetArea, timing_dock);

  load_job_ = new JobRunner(this);
  apsp_job_ = new JobRunner(this);
  load_status_ = new JobStatus(load_job_, QStringLiteral("load"), this);
  apsp_status_ = new JobStatus(apsp_job_, QStringLiteral("apsp"), this);
  query_job_ = new JobRunner(this);
  query_status_ = new JobStatus(query_job_, QStringLiteral("query"), this);
  status_ = new QLabel(tr("Open a graph: File › Open, a sample, or drop a file here."), this);
  status_->setObjectName(QStringLiteral("statusSummary"));
  statusBar()->addWidget(status_, 1);
  statusBar()->addPermanentWidget(load_status_);
  statusBar()->addPermanentWidget(apsp_status_);
  statusBar()->addPermanentWidget(query_status_);

  selection_ = new Selection(this);
  view_->observe(selection_);
  path_panel_->observe(selection_);
  connect(selection_, &Selection::changed, this, [this] { view_->set_caption(view_caption(*selection_)); });
  connect(selection_, &Selection::query_outdated, query_job_, &JobRunner::cancel);
  connect(selection_, &Selection::path_failed, this, [this](const QString& error) { show_error(tr("Path"), error); });

  connect(load_job_, &JobRunner::failed, this, [this](const QString& title, const QString& error) {
    Q_EMIT load_failed(error);
    show_error(title, error);
  });
  connect(apsp_job_, &JobRunner::failed, this, [this](const QString& title, const QString& error) {
    if (!session_ || !session_->apsp) no_matrix_reason_ = tr("all pairs failed");
    update_status();
    show_error(title, error);
  });
  connect(apsp_job_, &JobRunner::finished, this, [this](const QString&, bool cancelled, const QString&) {
    if (cancelled) {
      no_matrix_reason_ = tr("all pairs cancelled");
    }
    timing_panel_->set_run_enabled(session_ != nullptr);
    update_status();
  });
  connect(query_job_, &JobRunner::failed, this, &MainWindow::show_error);
  // Live rows: the running job's progress and time left, in the timing panel.
  for (JobRunner* job : {load_job_, apsp_job_, query_job_}) {
    connect(job, &JobRunner::started, this, [this] { job_clock_.start(); });
    connect(job, &JobRunner::progress, this, [this, job](double fraction) {
      timing_panel_->show_running(job->title(), fraction, job_clock_.isValid() ? job_clock_.elapsed() / 1000.0 : 0);
    });
    connect(job, &JobRunner::finished, timing_panel_, &TimingPanel::running_done);
  }
  // The summary follows every change of what runs and of what answered.
  for (JobRunner* job : {apsp_job_, query_job_}) {
    connect(job, &JobRunner::started, this, &MainWindow::update_status);
    connect(job, &JobRunner::finished, this, &MainWindow::update_status);
  }
  connect(selection_, &Selection::changed, this, &MainWindow::update_status);
  connect(view_, &GraphView::node_clicked, this, &MainWindow::select_node);
  connect(view_, &GraphView::node_hovered, inspector_, &InspectorPanel::hover);
  connect(selection_, &Selection::changed, this, [this] {
    // The last node chosen stays in the inspector while the mouse is over none.
    const std::int32_t chosen = selection_->target() >= 0 ? selection_->target() : selection_->source();
    inspector_->pin(chosen);
  });
  connect(view_, &GraphView::node_shift_clicked, this, &MainWindow::toggle_stop);
  connect(view_, &GraphView::gl_failed, this, [this](const QString& message) { show_error(tr("OpenGL"), message); });
  connect(path_panel_, &PathPanel::node_activated, view_, &GraphView::center_on);
  connect(path_panel_, &PathPanel::node_activated, view_, &GraphView::mark_node);
  connect(selection_, &Selection::changed, view_, [this] { view_->mark_node(-1); });
  connect(timing_panel_, &TimingPanel::run_both_requested, this, &MainWindow::run_both);
  timing_panel_->set_run_enabled(false);

  build_find_and_paths();  // before the menus, which list every panel
  build_menus();
  build_toolbar();
  attach_completers();
  update_actions();
  connect(selection_, &Selection::changed, this, &MainWindow::update_actions);
  resize(1400, 900);
  resizeDocks({path_dock}, {420}, Qt::Horizontal);
  resizeDocks({path_dock, inspector_dock}, {560, 260}, Qt::Vertical);
  resizeDocks({timing_dock}, {150}, Qt::Vertical);
}

MainWindow::~MainWindow() = default;

void MainWindow::open_graph(const QString& spec, const LoadOptions& options) {
  QStringList keep;  // a reload with new costs keeps the chosen pair, by label
  if (session_ && qs(session_->spec) == spec) {
    for (auto u : {selection_->source(), selection_->target()}) {
      if (u >= 0) keep << qs(session_->graph().label(u));
    }
  }
  apsp_job_->cancel();
  const std::string path = spec.toStdString();
  auto result = std::make_shared<std::shared_ptr<GraphSession>>();
  load_job_->run(
      tr("Loading %1").arg(display_name(spec)),
      [result, path, options](const JobContext& job) { *result = build_session(path, options, job); },
      [this, result, keep] { adopt(*result, keep); });
}

void MainWindow::adopt(std::shared_ptr<GraphSession> session, QStringList keep_selection) {
  apsp_job_->cancel();
  query_job_->cancel();
  session_ = std::move(session);
  const Graph& g = session_->graph();
  QStringList labels;
  labels.reserve(g.n);
  for (std::int32_t u = 0; u < g.n; ++u) labels << qs(g.label(u));
  view_->set_graph(session_->drawn.positions, session_->drawn.arcs, g.directed, labels);
  inspector_->set_session(session_);
  search_->clear();  // the last file's search means nothing here
  adopt_for_find();
  selection_->reset(session_);
  timing_panel_->clear();
  timing_panel_->set_run_enabled(true);
  // A network made in memory cannot be reopened from its spec, and what a script opens is not
  // among the person's recent files: scripted runs leave the settings as they found them.
  if (session_->made_by.empty() && !scripted_) {
    remember_recent_graph(qs(session_->spec), session_->options);
    rebuild_recent_menu();
  }
  setWindowTitle(tr("%1 · %2 nodes — pathscope").arg(display_name(qs(session_->spec)), QLocale().toString(g.n)));
  {
    const QSignalBlocker block_rule(cost_rule_), block_weight(min_weight_);
    cost_rule_->setCurrentIndex(static_cast<int>(std::find_if(cost_rule_choices().begin(), cost_rule_choices().end(),
                                                              [&](const auto& c) { return c.second == session_->options.cost_rule; }) -
                                                 cost_rule_choices().begin()));
    min_weight_->set_min_weight(session_->options.min_weight);
  }
  no_matrix_reason_.clear();
  for (const auto& key : keep_selection) {
    if (auto u = g.find_node(key.toStdString())) select_node(*u);
  }
  update_status();
  Q_EMIT graph_ready();
  start_all_pairs(apsp_engine_);
}

void MainWindow::start_correlation(const CorrelationRequest& request) {
  apsp_job_->cancel();
  query_job_->cancel();
  auto outcome = std::make_shared<CorrelationOutcome>();
  load_job_->run(
      tr("Correlating %1").arg(display_name(request.table)),
      [outcome, request](const JobContext& job) { *outcome = build_correlation_network(request, job); },
      [this, outcome] {
        adopt(outcome->session, {});
        for (const auto& run : outcome->runs) timing_panel_->add_run(run.timing, tr("correlation"), run.pairs_tested);
        Q_EMIT correlation_ready();
      });
}

void MainWindow::start_all_pairs(const QString& engine_name) {
  if (!session_ || engine_name.isEmpty()) return;  // empty: single-source only
  auto session = session_;
  const Graph& g = session->graph();
  ApspOptions options;
  options.dist = apsp_dist_type(g);
  const auto need = apsp_result_bytes(g.n, options.dist, false);
  const auto budget = effective_memory_budget(options);
  if (need > budget) {
    no_matrix_reason_ = tr("matrix %1 over budget %2").arg(qs(format_bytes(need)), qs(format_bytes(budget)));
    update_status();
    return;
  }
  std::shared_ptr<ApspEngine> engine;
  try {
    engine = make_apsp_engine(engine_name.toStdString());
  } catch (const Error& e) {
    show_error(tr("All pairs"), qs(e.what()));
    return;
  }
  if (const auto why = engine->unavailable_reason(); !why.empty()) {
    timing_panel_->add_unavailable(engine_name, qs(why));
    no_matrix_reason_ = tr("%1 unavailable").arg(engine_name);
    update_status();
    return;
  }
  auto result = std::make_shared<ApspResult>();
  apsp_job_->run(
      tr("All pairs (%1)").arg(engine_name),
      [engine, session, options, result](const JobContext& job) { *result = engine->run(session->graph(), options, job); },
      [this, session, result, engine_name] {
        if (session != session_) return;  // another graph was opened meanwhile
        session_->apsp = result;
        session_->timings.push_back(result->timing);
        timing_panel_->add_run(result->timing, tr("all pairs"), double(session_->graph().n) * session_->graph().n);
        selection_->refresh_path();
        update_status();
        Q_EMIT all_pairs_ready();
      });
}

void MainWindow::run_both() {
  if (!session_) return;
  auto session = session_;
  ApspOptions options;
  options.dist = apsp_dist_type(session->graph());
  // The CPU matrix is kept when there is none yet: paths are then answered from it.
  const std::vector<ApspTurn> turns = {{make_apsp_engine("blocked"), !session->apsp},
                                       {make_apsp_engine("gpu-blocked"), false}};
  auto outcomes = std::make_shared<std::vector<ApspTurnOutcome>>();
  timing_panel_->set_run_enabled(false);
  apsp_job_->run(
      tr("Run both"),
      [session, options, turns, outcomes](const JobContext& job) {
        *outcomes = run_apsp_in_turn(session->graph(), options, turns, job);
      },
      [this, session, outcomes] {
        if (session != session_) return;
        for (const auto& outcome : *outcomes) {
          if (!outcome.ran()) {
            std::string reason = outcome.unavailable_reason;
            const auto info = gpu_info();
            if (!info.available && !info.reason.empty() && info.reason != reason) reason += " (" + info.reason + ")";
            timing_panel_->add_unavailable(qs(outcome.engine), qs(reason));
            continue;
          }
          timing_panel_->add_run(outcome.timing, tr("all pairs"), double(session_->graph().n) * session_->graph().n);
          session_->timings.push_back(outcome.timing);
          if (outcome.result && !session_->apsp) {
            session_->apsp = outcome.result;
            selection_->refresh_path();
          }
        }
        update_status();
        Q_EMIT all_pairs_ready();
      });
}

void MainWindow::select_node(std::int32_t node) { selection_->click(node); }

void MainWindow::toggle_stop(std::int32_t node) { selection_->toggle_stop(node); }

void MainWindow::select_stops(const QStringList& keys) {
  std::vector<std::int32_t> nodes;
  for (const auto& key : keys) {
    const auto u = node_by_key(session_.get(), key, "stop");
    if (std::find(nodes.begin(), nodes.end(), u) != nodes.end()) throw Error("stop '" + key.toStdString() + "' is given twice");
    nodes.push_back(u);
  }
  selection_->choose_stops(nodes);
}

void MainWindow::start_best_tour() {
  if (!session_) return;
  const auto stops = selection_->stops();
  if (stops.size() < 2) {
    show_error(tr("Best tour"), tr("Shift-click at least two nodes as stops first (%1 chosen).").arg(stops.size()));
    return;
  }
  auto session = session_;
  auto tour = std::make_shared<Selection::Tour>();
  query_job_->run(
      tr("Best tour through %1 stops").arg(stops.size()),
      [session, stops, tour](const JobContext& job) { *tour = compute_best_tour(*session, stops, job); },
      [this, session, tour] {
        if (session != session_) return;
        timing_panel_->add_run(tour->result.timing, tr("tour"), static_cast<double>(tour->stops.size()));
        selection_->show_tour(std::move(*tour));
        Q_EMIT tour_ready();
      });
}

void MainWindow::start_tour_through_all() {
  if (!session_) return;
  auto session = session_;
  auto tour = std::make_shared<Selection::Tour>();
  query_job_->run(
      tr("Best tour through all %1 nodes").arg(session->graph().n),
      [session, tour](const JobContext& job) { *tour = compute_tour_through_all(*session, job); },
      [this, session, tour] {
        if (session != session_) return;
        timing_panel_->add_run(tour->result.timing, tr("tour"), static_cast<double>(tour->stops.size()));
        selection_->show_tour(std::move(*tour));
        Q_EMIT tour_ready();
      });
}

void MainWindow::select_source(const QString& key) {
  selection_->choose_source(node_by_key(session_.get(), key, "node"));
}

void MainWindow::start_reach(ReachDirection direction) {
  if (!session_) return;
  const auto start = selection_->source();
  if (start < 0) {
    show_error(direction == ReachDirection::Downstream ? tr("Reachable") : tr("Upstream"),
               tr("Click a node first: its reach set is computed."));
    return;
  }
  auto session = session_;
  auto set = std::make_shared<ReachSet>();
  auto timing = std::make_shared<Timing>();
  timing->engine = "bfs";
  timing->device = cpu_device_label(1);
  const std::int32_t max_hops = reach_hops_ && reach_hops_->value() > 0 ? reach_hops_->value() : kUnlimitedHops;
  query_job_->run(
      direction == ReachDirection::Downstream ? tr("Reachable from %1").arg(qs(session->graph().label(start)))
                                              : tr("Upstream of %1").arg(qs(session->graph().label(start))),
      [session, start, direction, set, max_hops, timing](const JobContext&) {
        const Graph& g = session->graph();
        const auto begin = std::chrono::steady_clock::now();
        *set = direction == ReachDirection::Downstream ? reach_by_search(g, start, direction, max_hops)
                                                       : reach_by_search(reverse_graph(g), start, direction, max_hops);
        timing->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        timing->updates = static_cast<double>(g.arc_count());  // a search reads each arc at most once
      },
      [this, session, set, start, timing] {
        if (session != session_ || selection_->source() != start) return;  // the selection moved on meanwhile
        timing_panel_->add_run(*timing, tr("reach"), timing->updates);
        selection_->show_reach(std::move(*set));
        Q_EMIT reach_ready();
      });
}

void MainWindow::select_pair(const QString& source_key, const QString& target_key) {
  const auto s = node_by_key(session_.get(), source_key, "node");
  selection_->choose_pair(s, node_by_key(session_.get(), target_key, "node"));
}

void MainWindow::update_status() {
  StatusFacts f;
  if (session_) {
    const Graph& g = session_->graph();
    const auto dist = apsp_dist_type(g);
    f.has_graph = true;
    f.nodes = g.n;
    f.arcs = static_cast<long long>(g.arc_count());
    f.matrix_size = qs(format_bytes(apsp_result_bytes(g.n, dist, false)));
    f.dist_type = QString::fromLatin1(dist_type_name(dist));
    if (session_->table) f.saved_table = QFileInfo(qs(session_->table->path())).fileName();
    if (session_->apsp) {
      f.matrix_engine = qs(session_->apsp->timing.engine);
      f.matrix_seconds = session_->apsp->timing.seconds;
    }
    f.made_by = qs(session_->made_by);
  }
  f.no_matrix_reason = no_matrix_reason_;
  if (apsp_job_->busy()) f.apsp_running = apsp_job_->title();
  if (query_job_->busy()) f.query_running = query_job_->title();
  if (const auto* tour = selection_->tour()) {
    f.last_answer = tr("tour by %1").arg(qs(tour->method));
  } else if (selection_->reach()) {
    f.last_answer = tr("reach set by breadth-first search");
  } else if (selection_->has_pair() && !selection_->method().empty()) {
    f.last_answer = tr("path by %1").arg(qs(selection_->method()));
  }
  status_->setText(pathscope::qt::status_text(f));
}

void MainWindow::export_json(const QString& file) const { export_selection_json(*selection_, file); }

void MainWindow::export_png(const QString& file, QSize size, bool light) { export_view_png(*view_, file, size, light); }

void MainWindow::export_svg(const QString& file) const {
  if (!session_) throw Error("no graph is open");
  write_all_or_none({{file, view_->render_svg()}});
}

void MainWindow::show_error(const QString& title, const QString& text) {
  if (scripted_) {
    Q_EMIT script_failed(title + QStringLiteral(": ") + text);
    return;
  }
  // Also on the terminal the explorer was started from, where a log or a script finds it.
  std::fprintf(stderr, "pathscope: %s: %s\n", title.toLocal8Bit().constData(), text.toLocal8Bit().constData());
  auto* box = new QMessageBox(QMessageBox::Critical, title, text, QMessageBox::Ok, this);
  box->setObjectName(QStringLiteral("errorBox"));
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  for (const auto& url : event->mimeData()->urls()) {
    if (url.isLocalFile()) {
      open_graph(url.toLocalFile());
      event->acceptProposedAction();
      return;
    }
  }
}

void MainWindow::closeEvent(QCloseEvent* event) {
  // Stop the workers before the widgets they report to go away.
  load_job_->cancel();
  apsp_job_->cancel();
  query_job_->cancel();
  load_job_->wait();
  apsp_job_->wait();
  query_job_->wait();
  QMainWindow::closeEvent(event);
}

}  // namespace pathscope::qt
