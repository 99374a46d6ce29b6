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
#include <cstdio>

#include "caption.hpp"
#include "exports.hpp"
#include "open_dialog.hpp"
#include "pathscope/graph/node_index.hpp"
#include "pathscope/runtime/memory_budget.hpp"
#include "recent_graphs.hpp"
#include "status_text.hpp"
#include "window_layout.hpp"

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

  selection_ = new Selection(this);
  history_ = new SelectionHistory(selection_, this);
  loading_ = new LoadController(this);
  all_pairs_ = new AllPairsController(selection_, timing_panel_, this);
  path_queries_ = new PathQueryController(selection_, timing_panel_, this);
  tours_reach_ = new TourReachController(selection_, timing_panel_, this);
  JobRunner* const load_job = loading_->job();
  JobRunner* const apsp_job = all_pairs_->job();
  JobRunner* const path_query_job = path_queries_->job();
  JobRunner* const query_job = tours_reach_->job();
  load_status_ = new JobStatus(load_job, QStringLiteral("load"), this);
  apsp_status_ = new JobStatus(apsp_job, QStringLiteral("apsp"), this);
  query_status_ = new JobStatus(query_job, QStringLiteral("query"), this);
  path_query_status_ = new JobStatus(path_query_job, QStringLiteral("paths"), this);
  status_ = new QLabel(tr("Open a graph: File › Open, a sample, or drop a file here."), this);
  status_->setObjectName(QStringLiteral("statusSummary"));
  statusBar()->addWidget(status_, 1);
  statusBar()->addPermanentWidget(load_status_);
  statusBar()->addPermanentWidget(apsp_status_);
  statusBar()->addPermanentWidget(query_status_);
  statusBar()->addPermanentWidget(path_query_status_);

  view_->observe(selection_);
  path_panel_->observe(selection_);
  connect(selection_, &Selection::changed, this, [this] { view_->set_caption(view_caption(*selection_)); });
  connect(selection_, &Selection::query_outdated, query_job, &JobRunner::cancel);
  connect(selection_, &Selection::query_outdated, path_query_job, &JobRunner::cancel);
  connect(selection_, &Selection::path_failed, this, [this](const QString& error) { show_error(tr("Path"), error); });
  // One query at a time, whichever controller runs it: a new one supersedes the last.
  connect(query_job, &JobRunner::started, path_query_job, &JobRunner::cancel);
  connect(path_query_job, &JobRunner::started, query_job, &JobRunner::cancel);

  connect(load_job, &JobRunner::failed, this, [this](const QString& title, const QString& error) {
    Q_EMIT load_failed(error);
    show_error(title, error);
  });
  connect(loading_, &LoadController::loaded, this, &MainWindow::adopt);
  connect(loading_, &LoadController::correlated, this,
          [this](std::shared_ptr<GraphSession> session, const std::vector<CorrelationOutcome::Run>& runs) {
            adopt(std::move(session), {});
            for (const auto& run : runs) timing_panel_->add_run(run.timing, tr("correlation"), run.pairs_tested);
            Q_EMIT correlation_ready();
          });
  connect(all_pairs_, &AllPairsController::changed, this, &MainWindow::update_status);
  connect(all_pairs_, &AllPairsController::error, this, &MainWindow::show_error);
  connect(all_pairs_, &AllPairsController::all_pairs_ready, this, &MainWindow::all_pairs_ready);
  connect(tours_reach_, &TourReachController::error, this, &MainWindow::show_error);
  connect(tours_reach_, &TourReachController::tour_ready, this, &MainWindow::tour_ready);
  connect(tours_reach_, &TourReachController::reach_ready, this, &MainWindow::reach_ready);
  connect(path_queries_, &PathQueryController::error, this, &MainWindow::show_error);
  connect(path_queries_, &PathQueryController::path_set_ready, this, [this] {
    if (auto* dock = findChild<QDockWidget*>(QStringLiteral("pathSetDock"))) {
      dock->show();
      dock->raise();
    }
    Q_EMIT path_set_ready();
  });
  // Live rows: the running job's progress and time left, in the timing panel.
  for (JobRunner* job : {load_job, apsp_job, query_job, path_query_job}) {
    connect(job, &JobRunner::started, this, [this] { job_clock_.start(); });
    connect(job, &JobRunner::progress, this, [this, job](double fraction) {
      timing_panel_->show_running(job->title(), fraction, job_clock_.isValid() ? job_clock_.elapsed() / 1000.0 : 0);
    });
    connect(job, &JobRunner::finished, timing_panel_, &TimingPanel::running_done);
  }
  // The summary follows every change of what runs and of what answered.
  for (JobRunner* job : {apsp_job, query_job, path_query_job}) {
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
  connect(timing_panel_, &TimingPanel::run_both_requested, all_pairs_, &AllPairsController::run_both);
  timing_panel_->set_run_enabled(false);

  build_analysis_jobs();
  build_session_restore();
  build_find_and_paths();  // before the menus, which list every panel
  build_attribute_docks();
  build_menus();
  build_toolbar();
  attach_completers();
  update_actions();
  connect(selection_, &Selection::changed, this, &MainWindow::update_actions);
  fit_window_to_screen(*this, QSize(1400, 900));
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
  all_pairs_->job()->cancel();
  loading_->open_graph(spec, options, keep);
}

void MainWindow::adopt(std::shared_ptr<GraphSession> session, QStringList keep_selection) {
  session_ = std::move(session);
  all_pairs_->set_session(session_);
  path_queries_->set_session(session_);
  tours_reach_->set_session(session_);
  centrality_->set_session(session_);
  flow_->set_session(session_);
  const Graph& g = session_->graph();
  QStringList labels;
  labels.reserve(g.n);
  for (std::int32_t u = 0; u < g.n; ++u) labels << qs(node_display_name(g, u));
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
  }
  setWindowTitle(tr("%1 · %2 nodes — pathscope").arg(display_name(qs(session_->spec)), QLocale().toString(g.n)));
  {
    const QSignalBlocker block_rule(cost_rule_), block_weight(min_weight_);
    cost_rule_->setCurrentIndex(static_cast<int>(std::find_if(cost_rule_choices().begin(), cost_rule_choices().end(),
                                                              [&](const auto& c) { return c.second == session_->options.cost_rule; }) -
                                                 cost_rule_choices().begin()));
    min_weight_->set_min_weight(session_->options.min_weight);
  }
  for (const auto& key : keep_selection) {
    if (auto u = g.find_node(key.toStdString())) select_node(*u);
  }
  apply_session();
  update_status();
  Q_EMIT graph_ready();
  start_all_pairs(all_pairs_->engine());
}

void MainWindow::start_correlation(const CorrelationRequest& request) {
  all_pairs_->job()->cancel();
  tours_reach_->job()->cancel();
  path_queries_->job()->cancel();
  loading_->start_correlation(request);
}

void MainWindow::start_all_pairs(const QString& engine) { all_pairs_->start(engine); }

void MainWindow::select_node(std::int32_t node) { selection_->click(node); }

void MainWindow::toggle_stop(std::int32_t node) { selection_->toggle_stop(node); }

void MainWindow::clear_selection() { selection_->clear(); }

void MainWindow::select_stops(const QStringList& keys) {
  std::vector<std::int32_t> nodes;
  for (const auto& key : keys) {
    const auto u = node_by_key(session_.get(), key, "stop");
    if (std::find(nodes.begin(), nodes.end(), u) != nodes.end()) throw Error("stop '" + key.toStdString() + "' is given twice");
    nodes.push_back(u);
  }
  selection_->choose_stops(nodes);
}

void MainWindow::start_best_tour() { tours_reach_->start_best_tour(); }

void MainWindow::start_tour_through_all() { tours_reach_->start_tour_through_all(); }

void MainWindow::select_source(const QString& key) {
  selection_->choose_source(node_by_key(session_.get(), key, "node"));
}

void MainWindow::start_reach(ReachDirection direction) {
  tours_reach_->start_reach(direction, reach_hops_ && reach_hops_->value() > 0 ? reach_hops_->value() : kUnlimitedHops);
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
    f.filter = qs(session_->loaded.report.filter);
  }
  if (attribute_view_) f.shown_nodes = attribute_view_->shown_count();
  f.no_matrix_reason = all_pairs_->no_matrix_reason();
  if (all_pairs_->job()->busy()) f.apsp_running = all_pairs_->job()->title();
  if (tours_reach_->job()->busy()) {
    f.query_running = tours_reach_->job()->title();
  } else if (path_queries_->job()->busy()) {
    f.query_running = path_queries_->job()->title();
  }
  QStringList analysis_running;
  for (JobRunner* job : {centrality_->job(), flow_->job()}) {
    if (job->busy()) analysis_running << job->title();
  }
  f.analysis_running = analysis_running.join(QStringLiteral(", "));
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
  const std::initializer_list<JobRunner*> jobs = {loading_->job(),     all_pairs_->job(),  tours_reach_->job(),
                                                  path_queries_->job(), centrality_->job(), flow_->job()};
  for (JobRunner* job : jobs) job->cancel();
  for (JobRunner* job : jobs) job->wait();
  if (!scripted_) save_window_layout(*this);
  QMainWindow::closeEvent(event);
}

}  // namespace pathscope::qt
