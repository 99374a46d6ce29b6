#include "main_window.hpp"

#include <QAction>
#include <QApplication>
#include <QBuffer>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDir>
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
#include <QRegularExpression>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>
#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "open_dialog.hpp"
#include "pathscope/atomic_file.hpp"
#include "pathscope/gpu.hpp"
#include "pathscope/memory_budget.hpp"

namespace pathscope::qt {
namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

QString display_name(const QString& spec) {
  const QFileInfo info(spec);
  return info.exists() ? info.fileName() : spec;
}

QVariantMap options_to_map(const LoadOptions& o) {
  return {{QStringLiteral("format"), qs(o.format)},
          {QStringLiteral("cost_rule"), static_cast<int>(o.cost_rule)},
          {QStringLiteral("min_weight"), o.min_weight},
          {QStringLiteral("node_table"), qs(o.node_table)}};
}

LoadOptions options_from_map(const QVariantMap& m) {
  LoadOptions o;
  o.format = m.value(QStringLiteral("format")).toString().toStdString();
  o.cost_rule = static_cast<EdgeCostRule>(m.value(QStringLiteral("cost_rule")).toInt());
  o.min_weight = m.value(QStringLiteral("min_weight")).toDouble();
  o.node_table = m.value(QStringLiteral("node_table")).toString().toStdString();
  return o;
}

}  // namespace

QStringList sample_files() {
  const QStringList folders = {QCoreApplication::applicationDirPath() + QStringLiteral("/../share/pathscope/samples"),
                               QStringLiteral(PATHSCOPE_SAMPLES_DIR)};
  for (const auto& folder : folders) {
    QDir dir(folder);
    if (!dir.exists()) continue;
    // Side files (.co coordinates, node tables) are read with their graph, not opened alone.
    const auto names = dir.entryList({QStringLiteral("*.gr"), QStringLiteral("*.tsp"), QStringLiteral("*.graph"),
                                      QStringLiteral("*.mtx"), QStringLiteral("*.json")},
                                     QDir::Files, QDir::Name);
    QStringList files;
    for (const auto& name : names) files << dir.absoluteFilePath(name);
    if (!files.isEmpty()) return files;
  }
  return {};
}

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

  connect(load_job_, &JobRunner::failed, this, [this](const QString& title, const QString& error) {
    Q_EMIT load_failed(error);
    show_error(title, error);
  });
  connect(apsp_job_, &JobRunner::failed, this, [this](const QString& title, const QString& error) {
    engine_state_ = tr("all pairs failed: single-source answers");
    update_status();
    show_error(title, error);
  });
  connect(apsp_job_, &JobRunner::finished, this, [this](const QString&, bool cancelled, const QString&) {
    if (cancelled) {
      engine_state_ = tr("all pairs cancelled: single-source answers");
      update_status();
    }
    timing_panel_->set_run_enabled(session_ != nullptr);
  });
  connect(query_job_, &JobRunner::failed, this, &MainWindow::show_error);
  connect(view_, &GraphView::node_clicked, this, &MainWindow::select_node);
  connect(view_, &GraphView::node_shift_clicked, this, &MainWindow::toggle_stop);
  connect(view_, &GraphView::gl_failed, this, [this](const QString& message) { show_error(tr("OpenGL"), message); });
  connect(path_panel_, &PathPanel::node_activated, view_, &GraphView::center_on);
  connect(timing_panel_, &TimingPanel::run_both_requested, this, &MainWindow::run_both);
  timing_panel_->set_run_enabled(false);

  build_menus();
  build_toolbar();
  resize(1400, 900);
  resizeDocks({path_dock}, {420}, Qt::Horizontal);
  resizeDocks({timing_dock}, {150}, Qt::Vertical);
}

MainWindow::~MainWindow() = default;

void MainWindow::build_menus() {
  auto* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::open_dialog);
  recent_menu_ = file->addMenu(tr("Open &Recent"));
  auto* samples = file->addMenu(tr("&Samples"));
  for (const auto& sample : sample_files()) {
    samples->addAction(QFileInfo(sample).fileName(), this, [this, sample] { open_graph(sample); });
  }
  samples->setEnabled(!samples->isEmpty());
  file->addSeparator();
  file->addAction(tr("Export Path or Tour as &JSON…"), this, &MainWindow::export_json_dialog);
  file->addAction(tr("Export View as &PNG…"), this, &MainWindow::export_png_dialog);
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
  rebuild_recent_menu();

  auto* view = menuBar()->addMenu(tr("&View"));
  view->addAction(tr("&Fit to View"), QKeySequence(Qt::Key_F), view_, &GraphView::fit_to_view);
  view->addAction(tr("Fit to &Path"), QKeySequence(Qt::Key_P), view_, &GraphView::fit_to_path);

  auto* compute = menuBar()->addMenu(tr("&Compute"));
  for (const char* engine : {"auto", "blocked", "sparse", "textbook", "gpu-blocked"}) {
    const QString name = QString::fromLatin1(engine);
    compute->addAction(tr("All Pairs with %1").arg(name), this, [this, name] { start_all_pairs(name); });
  }
  compute->addSeparator();
  compute->addAction(tr("Run &Both (CPU blocked + GPU)"), this, &MainWindow::run_both);
  compute->addSeparator();
  // Shared with the toolbar, so both show the same shortcut.
  auto* tour = compute->addAction(tr("Best &Tour (shift-click stops)"), this, &MainWindow::start_best_tour);
  tour->setObjectName(QStringLiteral("bestTourAction"));
  tour->setShortcut(QKeySequence(Qt::Key_T));
  auto* reachable = compute->addAction(tr("&Reachable from Source"), this,
                                       [this] { start_reach(ReachDirection::Downstream); });
  reachable->setObjectName(QStringLiteral("reachableAction"));
  reachable->setShortcut(QKeySequence(Qt::Key_R));
  auto* upstream = compute->addAction(tr("&Upstream of Source"), this, [this] { start_reach(ReachDirection::Upstream); });
  upstream->setObjectName(QStringLiteral("upstreamAction"));
  upstream->setShortcut(QKeySequence(Qt::Key_U));
}

void MainWindow::build_toolbar() {
  auto* bar = addToolBar(tr("Graph"));
  bar->setObjectName(QStringLiteral("graphToolbar"));
  search_ = new QLineEdit(bar);
  search_->setObjectName(QStringLiteral("searchBox"));
  search_->setPlaceholderText(tr("Find node by id or name, Enter"));
  search_->setClearButtonEnabled(true);
  search_->setMaximumWidth(260);
  connect(search_, &QLineEdit::returnPressed, this, &MainWindow::search);
  bar->addWidget(search_);
  bar->addSeparator();
  bar->addWidget(new QLabel(tr(" Edge cost: "), bar));
  cost_rule_ = new QComboBox(bar);
  cost_rule_->setObjectName(QStringLiteral("costRule"));
  for (const auto& choice : cost_rule_choices()) cost_rule_->addItem(choice.first);
  bar->addWidget(cost_rule_);
  bar->addWidget(new QLabel(tr(" Min weight: "), bar));
  min_weight_ = new QDoubleSpinBox(bar);
  min_weight_->setObjectName(QStringLiteral("minWeight"));
  min_weight_->setRange(0, 1e9);
  min_weight_->setDecimals(1);
  min_weight_->setKeyboardTracking(false);
  bar->addWidget(min_weight_);
  connect(cost_rule_, &QComboBox::activated, this, &MainWindow::reload_with_controls);
  connect(min_weight_, &QDoubleSpinBox::valueChanged, this, &MainWindow::reload_with_controls);
  bar->addSeparator();
  for (const char* name : {"bestTourAction", "reachableAction", "upstreamAction"}) {
    if (auto* action = findChild<QAction*>(QString::fromLatin1(name))) bar->addAction(action);
  }
}

void MainWindow::open_graph(const QString& spec, const LoadOptions& options) {
  QStringList keep;  // a reload with new costs keeps the chosen pair, by label
  if (session_ && qs(session_->spec) == spec) {
    for (auto u : {source_, target_}) {
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
  view_->set_graph(session_->positions, session_->draw_arcs, g.directed, labels);
  source_ = target_ = -1;
  path_ = {};
  method_.clear();
  stops_.clear();
  tour_.reset();
  reach_.reset();
  timing_panel_->clear();
  timing_panel_->set_run_enabled(true);
  path_panel_->show_message(tr("Click a node for the source, then another for the target."));
  remember_recent(qs(session_->spec), session_->options);
  setWindowTitle(display_name(qs(session_->spec)) + QStringLiteral(" — pathscope"));
  {
    const QSignalBlocker block_rule(cost_rule_), block_weight(min_weight_);
    cost_rule_->setCurrentIndex(static_cast<int>(std::find_if(cost_rule_choices().begin(), cost_rule_choices().end(),
                                                              [&](const auto& c) { return c.second == session_->options.cost_rule; }) -
                                                 cost_rule_choices().begin()));
    min_weight_->setValue(session_->options.min_weight);
  }
  engine_state_.clear();
  for (const auto& key : keep_selection) {
    if (auto u = g.find_node(key.toStdString())) select_node(*u);
  }
  update_caption();
  update_status();
  Q_EMIT graph_ready();
  start_all_pairs(apsp_engine_);
}

void MainWindow::start_all_pairs(const QString& engine_name) {
  if (!session_ || engine_name.isEmpty()) return;  // empty: single-source only
  auto session = session_;
  const Graph& g = session->graph();
  ApspOptions options;
  options.dist = apsp_dist_type(g);
  const auto need = apsp_result_bytes(g.n, options.dist, false);
  const auto budget = default_memory_budget();
  if (need > budget) {
    engine_state_ = tr("matrix %1 over budget %2: single-source answers").arg(qs(format_bytes(need)), qs(format_bytes(budget)));
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
    engine_state_ = tr("%1 unavailable: single-source answers").arg(engine_name);
    update_status();
    return;
  }
  engine_state_ = tr("all pairs running (%1); single-source answers meanwhile").arg(engine_name);
  update_status();
  auto result = std::make_shared<ApspResult>();
  apsp_job_->run(
      tr("All pairs (%1)").arg(engine_name),
      [engine, session, options, result](const JobContext& job) { *result = engine->run(session->graph(), options, job); },
      [this, session, result, engine_name] {
        if (session != session_) return;  // another graph was opened meanwhile
        session_->apsp = result;
        session_->timings.push_back(result->timing);
        timing_panel_->add_run(result->timing);
        engine_state_ = tr("all pairs ready (%1 → %2, %3 s)")
                            .arg(engine_name, qs(result->timing.engine))
                            .arg(result->timing.seconds, 0, 'f', 2);
        if (source_ >= 0 && target_ >= 0) update_path();
        update_status();
        Q_EMIT all_pairs_ready();
      });
}

void MainWindow::run_both() {
  if (!session_) return;
  auto session = session_;
  ApspOptions options;
  options.dist = apsp_dist_type(session->graph());
  const auto need = apsp_result_bytes(session->graph().n, options.dist, false);
  if (need > default_memory_budget()) {
    show_error(tr("Run both"), tr("The all-pairs matrix needs %1, over the memory budget of %2.")
                                   .arg(qs(format_bytes(need)), qs(format_bytes(default_memory_budget()))));
    return;
  }
  struct Outcome {
    std::vector<Timing> timings;
    std::shared_ptr<ApspResult> cpu;
    std::string gpu_reason;
  };
  auto outcome = std::make_shared<Outcome>();
  timing_panel_->set_run_enabled(false);
  apsp_job_->run(
      tr("Run both"),
      [session, options, outcome](const JobContext& job) {
        // The CPU run reports the first half of the progress, the GPU run the second. The
        // outer cancel flag is not reachable through JobContext, so each report relays it.
        auto cpu = make_apsp_engine("blocked");
        std::atomic<bool> stop{false};
        JobContext cpu_job([&job, &stop](double f) {
          job.report(f / 2);
          stop = job.cancel_requested();
        }, &stop);
        outcome->cpu = std::make_shared<ApspResult>(cpu->run(session->graph(), options, cpu_job));
        outcome->timings.push_back(outcome->cpu->timing);
        auto gpu = make_apsp_engine("gpu-blocked");
        outcome->gpu_reason = gpu->unavailable_reason();
        if (outcome->gpu_reason.empty()) {
          JobContext gpu_job([&job, &stop](double f) {
            job.report(0.5 + f / 2);
            stop = job.cancel_requested();
          }, &stop);
          outcome->timings.push_back(gpu->run(session->graph(), options, gpu_job).timing);
        }
      },
      [this, session, outcome] {
        if (session != session_) return;
        for (const auto& t : outcome->timings) {
          timing_panel_->add_run(t);
          session_->timings.push_back(t);
        }
        if (!outcome->gpu_reason.empty()) {
          std::string reason = outcome->gpu_reason;
          const auto info = gpu_info();
          if (!info.available && !info.reason.empty() && info.reason != reason) reason += " (" + info.reason + ")";
          timing_panel_->add_unavailable(QStringLiteral("gpu-blocked"), qs(reason));
        }
        if (!session_->apsp) {
          session_->apsp = outcome->cpu;
          engine_state_ = tr("all pairs ready (blocked)");
          if (source_ >= 0 && target_ >= 0) update_path();
        }
        update_status();
        Q_EMIT all_pairs_ready();
      });
}

void MainWindow::select_node(std::int32_t node) {
  if (!session_ || node < 0 || node >= session_->graph().n) return;
  if (!stops_.empty() || tour_ || reach_) {
    clear_tour_and_reach();
    source_ = target_ = -1;
  }
  if (source_ < 0 || target_ >= 0) {
    source_ = node;
    target_ = -1;
    path_ = {};
    method_.clear();
    view_->set_markers(source_, -1);
    path_panel_->show_message(tr("Source %1. Click a target.").arg(qs(session_->graph().label(node))));
    update_caption();
    Q_EMIT path_changed();
    return;
  }
  target_ = node;
  update_path();
}

void MainWindow::update_path() {
  try {
    path_ = find_path(*session_, source_, target_, method_);
  } catch (const Error& e) {
    path_ = {};
    view_->set_markers(source_, target_);
    path_panel_->show_message(qs(e.what()));
    show_error(tr("Path"), qs(e.what()));
    return;
  }
  if (path_.reachable) {
    view_->set_path(path_.nodes);
  } else {
    view_->set_markers(source_, target_);
  }
  path_panel_->show_path(session_->graph(), path_, qs(method_));
  update_caption();
  Q_EMIT path_changed();
}

void MainWindow::clear_tour_and_reach() {
  query_job_->cancel();
  stops_.clear();
  tour_.reset();
  reach_.reset();
  view_->set_stops({});
  view_->set_overlay_nodes({});
}

void MainWindow::toggle_stop(std::int32_t node) {
  if (!session_ || node < 0 || node >= session_->graph().n) return;
  // Stops replace the pair and any earlier tour or reach set; the new tour starts from them.
  query_job_->cancel();
  tour_.reset();
  reach_.reset();
  view_->set_overlay_nodes({});
  source_ = target_ = -1;
  path_ = {};
  method_.clear();
  const auto found = std::find(stops_.begin(), stops_.end(), node);
  if (found != stops_.end()) {
    stops_.erase(found);
  } else {
    stops_.push_back(node);
  }
  view_->set_markers(-1, -1);
  view_->set_stops(stops_);
  path_panel_->show_message(stops_.size() < 2 ? tr("%1 stop(s). Shift-click more stops, then Best Tour (T).").arg(stops_.size())
                                              : tr("%1 stops. Best Tour (T) finds the shortest closed tour.").arg(stops_.size()));
  update_caption();
  Q_EMIT path_changed();
}

void MainWindow::select_stops(const QStringList& keys) {
  if (!session_) throw Error("no graph is open");
  const Graph& g = session_->graph();
  std::vector<std::int32_t> nodes;
  for (const auto& key : keys) {
    auto u = g.find_node(key.trimmed().toStdString());
    if (!u) throw Error("stop '" + key.toStdString() + "' is not in " + session_->spec);
    if (std::find(nodes.begin(), nodes.end(), *u) != nodes.end()) throw Error("stop '" + key.toStdString() + "' is given twice");
    nodes.push_back(*u);
  }
  clear_tour_and_reach();
  for (auto u : nodes) toggle_stop(u);
}

void MainWindow::start_best_tour() {
  if (!session_) return;
  if (stops_.size() < 2) {
    show_error(tr("Best tour"), tr("Shift-click at least two nodes as stops first (%1 chosen).").arg(stops_.size()));
    return;
  }
  auto session = session_;
  auto stops = stops_;
  auto tour = std::make_shared<Tour>();
  query_job_->run(
      tr("Best tour through %1 stops").arg(stops.size()),
      [session, stops, tour](const JobContext& job) {
        const Graph& g = session->graph();
        TspInstance instance;
        try {
          instance = tsp_instance_from_graph(g, stops, std::filesystem::path(session->spec).filename().string(), job);
        } catch (const TspInfeasible& e) {
          throw Error(std::string("No closed tour visits all these stops: ") + e.what());
        }
        TspOptions options;
        options.backend = gpu_info().available ? TspBackend::Gpu : TspBackend::Cpu;
        tour->result = solve_tsp(instance, options, job);
        tour->legs = expand_tour(g, instance, tour->result.tour);
        for (auto i : tour->result.tour) tour->stops.push_back(stops[static_cast<std::size_t>(i)]);
        // The walk lists each leg's nodes without the node it ends at; the next leg starts
        // there, and the last leg ends at the first stop, which the closed loop implies.
        Path& walk = tour->walk;
        walk.source = walk.target = tour->stops.front();
        walk.reachable = true;
        for (const auto& leg : tour->legs) {
          walk.nodes.insert(walk.nodes.end(), leg.nodes.begin(), leg.nodes.end() - 1);
          walk.arc_costs.insert(walk.arc_costs.end(), leg.arc_costs.begin(), leg.arc_costs.end());
          walk.distance += leg.distance;
        }
        tour->method = std::string("tsp ") + tsp_algorithm_name(tour->result.algorithm) + " (" +
                       tsp_backend_name(tour->result.backend) + ")";
      },
      [this, session, tour] {
        if (session != session_) return;
        tour_ = std::move(*tour);
        show_tour();
        Q_EMIT tour_ready();
      });
}

void MainWindow::show_tour() {
  const Graph& g = session_->graph();
  view_->set_path(tour_->walk.nodes, true);
  view_->set_stops(tour_->stops);
  path_panel_->show_tour(g, tour_->stops, tour_->legs,
                         qs(tour_->method) + (tour_->result.proven_optimal ? tr(", optimal") : tr(", best found")));
  update_caption();
}

void MainWindow::select_source(const QString& key) {
  if (!session_) throw Error("no graph is open");
  auto u = session_->graph().find_node(key.toStdString());
  if (!u) throw Error("node '" + key.toStdString() + "' is not in " + session_->spec);
  clear_tour_and_reach();
  source_ = target_ = -1;
  select_node(*u);
}

void MainWindow::start_reach(ReachDirection direction) {
  if (!session_) return;
  if (source_ < 0) {
    show_error(direction == ReachDirection::Downstream ? tr("Reachable") : tr("Upstream"),
               tr("Click a node first: its reach set is computed."));
    return;
  }
  auto session = session_;
  const auto start = source_;
  auto set = std::make_shared<ReachSet>();
  query_job_->run(
      direction == ReachDirection::Downstream ? tr("Reachable from %1").arg(qs(session->graph().label(start)))
                                              : tr("Upstream of %1").arg(qs(session->graph().label(start))),
      [session, start, direction, set](const JobContext&) {
        const Graph& g = session->graph();
        *set = direction == ReachDirection::Downstream ? reach_by_search(g, start, direction)
                                                       : reach_by_search(reverse_graph(g), start, direction);
      },
      [this, session, set, start] {
        if (session != session_ || source_ != start) return;  // the selection moved on meanwhile
        tour_.reset();
        stops_.clear();
        view_->set_stops({});
        reach_ = std::move(*set);
        path_ = {};
        target_ = -1;
        view_->set_markers(start, -1);
        view_->set_overlay_nodes(reach_->nodes);
        path_panel_->show_reach(session_->graph(), *reach_);
        update_caption();
        Q_EMIT reach_ready();
      });
}

void MainWindow::select_pair(const QString& source_key, const QString& target_key) {
  if (!session_) throw Error("no graph is open");
  const Graph& g = session_->graph();
  auto s = g.find_node(source_key.toStdString());
  if (!s) throw Error("node '" + source_key.toStdString() + "' is not in " + session_->spec);
  auto t = g.find_node(target_key.toStdString());
  if (!t) throw Error("node '" + target_key.toStdString() + "' is not in " + session_->spec);
  source_ = target_ = -1;
  select_node(*s);
  select_node(*t);
}

void MainWindow::update_caption() {
  if (!session_) return view_->set_caption({});
  const Graph& g = session_->graph();
  QStringList lines;
  lines << tr("%1 · %2 nodes · %3")
               .arg(display_name(qs(session_->spec)))
               .arg(QLocale().toString(g.n))
               .arg(qs(session_->position_source) +
                    (session_->position_note.empty() ? QString() : QStringLiteral(" (") + qs(session_->position_note) + ')'));
  if (tour_) {
    lines << tr("best tour through %1 stops · length %2 · %3")
                 .arg(tour_->stops.size())
                 .arg(format_cost(tour_->walk.distance), qs(tour_->method));
  } else if (reach_) {
    lines << (reach_->direction == ReachDirection::Downstream ? tr("%1 reaches %2 nodes") : tr("%2 nodes reach %1"))
                 .arg(qs(g.label(reach_->start)))
                 .arg(reach_->count());
  } else if (!stops_.empty()) {
    lines << tr("%1 tour stops chosen").arg(stops_.size());
  } else if (source_ >= 0 && target_ >= 0) {
    if (path_.reachable) {
      lines << tr("%1 → %2 · distance %3 · %4 hops · %5")
                   .arg(qs(g.label(source_)), qs(g.label(target_)), format_cost(path_.distance))
                   .arg(path_.nodes.size() - 1)
                   .arg(qs(method_));
    } else {
      lines << tr("no path from %1 to %2").arg(qs(g.label(source_)), qs(g.label(target_)));
    }
  }
  view_->set_caption(lines.join('\n'));
}

void MainWindow::update_status() {
  if (!session_) return;
  const Graph& g = session_->graph();
  const auto dist = apsp_dist_type(g);
  const auto need = apsp_result_bytes(g.n, dist, false);
  status_->setText(tr("%1 nodes · %2 arcs · matrix %3 (%4) · %5")
                       .arg(QLocale().toString(g.n), QLocale().toString(static_cast<qlonglong>(g.arc_count())),
                            qs(format_bytes(need)), QString::fromLatin1(dist_type_name(dist)),
                            engine_state_.isEmpty() ? tr("single-source") : engine_state_));
}

void MainWindow::search() {
  if (!session_) return;
  const QString key = search_->text().trimmed();
  if (key.isEmpty()) return;
  if (auto u = session_->graph().find_node(key.toStdString())) {
    view_->center_on(*u);
    select_node(*u);
  } else {
    statusBar()->showMessage(tr("No node '%1' (ids and names are searched).").arg(key), 5000);
  }
}

void MainWindow::reload_with_controls() {
  if (!session_) return;
  LoadOptions options = session_->options;
  options.cost_rule = cost_rule_choices()[cost_rule_->currentIndex()].second;
  options.min_weight = min_weight_->value();
  open_graph(qs(session_->spec), options);
}

void MainWindow::remember_recent(const QString& spec, const LoadOptions& options) {
  QSettings settings;
  QVariantList recent = settings.value(QStringLiteral("recent")).toList();
  for (int i = recent.size() - 1; i >= 0; --i) {
    if (recent[i].toMap().value(QStringLiteral("spec")).toString() == spec) recent.removeAt(i);
  }
  QVariantMap entry = options_to_map(options);
  entry.insert(QStringLiteral("spec"), spec);
  recent.prepend(entry);
  while (recent.size() > 10) recent.removeLast();
  settings.setValue(QStringLiteral("recent"), recent);
  rebuild_recent_menu();
}

void MainWindow::rebuild_recent_menu() {
  recent_menu_->clear();
  const QVariantList recent = QSettings().value(QStringLiteral("recent")).toList();
  for (const auto& item : recent) {
    const QVariantMap entry = item.toMap();
    const QString spec = entry.value(QStringLiteral("spec")).toString();
    const LoadOptions options = options_from_map(entry);
    recent_menu_->addAction(spec, this, [this, spec, options] { open_graph(spec, options); });
  }
  recent_menu_->setEnabled(!recent.isEmpty());
}

void MainWindow::open_dialog() {
  OpenDialog dialog(this);
  if (session_) dialog.set_values(qs(session_->spec), session_->options);
  if (dialog.exec() == QDialog::Accepted && !dialog.file().isEmpty()) open_graph(dialog.file(), dialog.options());
}

void MainWindow::export_json(const QString& file) const {
  if (!session_) throw Error("no graph is open");
  if (tour_) {
    auto info = export_info(*session_, tour_->method);
    info.tour = true;
    write_path_json(file.toStdString(), session_->graph(), tour_->walk, info);
    return;
  }
  if (source_ < 0 || target_ < 0) throw Error("no path to export: click a source and a target first");
  write_path_json(file.toStdString(), session_->graph(), path_, export_info(*session_, method_));
}

void MainWindow::export_png(const QString& file, QSize size) {
  if (size.width() < 16 || size.height() < 16 || size.width() > 16384 || size.height() > 16384) {
    throw Error("image size " + std::to_string(size.width()) + "x" + std::to_string(size.height()) +
                " is outside 16 to 16384 pixels per side");
  }
  QImage image;
  try {
    image = view_->render_image(size);
  } catch (const std::runtime_error& e) {
    throw Error(file.toStdString() + ": " + e.what());
  }
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  if (!image.save(&buffer, "PNG")) throw Error(file.toStdString() + ": cannot encode the image as PNG");
  AtomicFile out(file.toStdString());
  out.write(bytes.constData(), static_cast<std::size_t>(bytes.size()));
  out.commit();
}

void MainWindow::export_json_dialog() {
  const QString file = QFileDialog::getSaveFileName(this, tr("Export path as JSON"), QStringLiteral("path.json"),
                                                    tr("JSON (*.json)"));
  if (file.isEmpty()) return;
  try {
    export_json(file);
    statusBar()->showMessage(tr("Wrote %1").arg(file), 5000);
  } catch (const Error& e) {
    show_error(tr("Export JSON"), qs(e.what()));
  }
}

void MainWindow::export_png_dialog() {
  const QString file = QFileDialog::getSaveFileName(this, tr("Export view as PNG"), QStringLiteral("view.png"),
                                                    tr("PNG (*.png)"));
  if (file.isEmpty()) return;
  bool ok = false;
  const QString size_text = QInputDialog::getText(this, tr("Image size"), tr("Width x height in pixels:"),
                                                  QLineEdit::Normal, QStringLiteral("1600x1200"), &ok);
  if (!ok) return;
  const auto match = QRegularExpression(QStringLiteral("^\\s*(\\d+)\\s*[xX×]\\s*(\\d+)\\s*$")).match(size_text);
  try {
    if (!match.hasMatch()) throw Error("size '" + size_text.toStdString() + "' is not WIDTHxHEIGHT");
    export_png(file, QSize(match.captured(1).toInt(), match.captured(2).toInt()));
    statusBar()->showMessage(tr("Wrote %1").arg(file), 5000);
  } catch (const Error& e) {
    show_error(tr("Export PNG"), qs(e.what()));
  }
}

void MainWindow::show_error(const QString& title, const QString& text) {
  if (scripted_) {
    std::fprintf(stderr, "pathscope: %s: %s\n", title.toLocal8Bit().constData(), text.toLocal8Bit().constData());
    QCoreApplication::exit(1);
    return;
  }
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
