// The window's whole-brain tools: finding neurons by id, name or type (the find box, the From
// and To fields, completion, the Found list), answering pairs from a saved distance table, and
// path sets (all shortest, k shortest) computed in the background and stepped through.
#include <QCompleter>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QStatusBar>
#include <QStringListModel>
#include <chrono>

#include "main_window.hpp"
#include "pathscope/paths/path_sets.hpp"

namespace pathscope::qt {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

void MainWindow::build_find_and_paths() {
  find_panel_ = new FindPanel(this);
  auto* find_dock = new QDockWidget(tr("Found"), this);
  find_dock->setObjectName(QStringLiteral("findDock"));
  find_dock->setWidget(find_panel_);
  addDockWidget(Qt::RightDockWidgetArea, find_dock);
  if (auto* inspector_dock = findChild<QDockWidget*>(QStringLiteral("inspectorDock"))) {
    tabifyDockWidget(inspector_dock, find_dock);
    inspector_dock->raise();
  }
  connect(find_panel_, &FindPanel::node_activated, view_, &GraphView::center_on);
  connect(find_panel_, &FindPanel::node_activated, view_, &GraphView::mark_node);
  connect(find_panel_, &FindPanel::node_activated, inspector_, &InspectorPanel::pin);
  connect(find_panel_, &FindPanel::source_chosen, this, [this](std::int32_t u) { selection_->choose_source(u); });
  connect(find_panel_, &FindPanel::target_chosen, this, [this](std::int32_t u) {
    if (selection_->source() >= 0 && selection_->source() != u) {
      selection_->choose_pair(selection_->source(), u);
    } else {
      statusBar()->showMessage(tr("Choose a source first (click a node, or Use as Source)."), 5000);
    }
  });

  path_set_panel_ = new PathSetPanel(this);
  auto* paths_dock = new QDockWidget(tr("Paths"), this);
  paths_dock->setObjectName(QStringLiteral("pathSetDock"));
  paths_dock->setWidget(path_set_panel_);
  addDockWidget(Qt::RightDockWidgetArea, paths_dock);
  // Beside the Inspector and Found, so the hop list above stays in sight while stepping.
  if (auto* inspector_dock = findChild<QDockWidget*>(QStringLiteral("inspectorDock"))) {
    tabifyDockWidget(inspector_dock, paths_dock);
    inspector_dock->raise();
  }
  path_set_panel_->observe(selection_);
  connect(path_set_panel_, &PathSetPanel::requested, this, &MainWindow::start_path_set);
}

void MainWindow::attach_completers() {
  // One list of names and values for the three fields; each field has its own completer.
  completion_model_ = new QStringListModel(this);
  for (QLineEdit* field : {search_, from_, to_}) {
    auto* completer = new QCompleter(completion_model_, field);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchStartsWith);
    completer->setMaxVisibleItems(12);
    field->setCompleter(completer);
  }
}

void MainWindow::adopt_for_find() {
  QStringList keys;
  keys.reserve(static_cast<qsizetype>(session_->index.keys().size()));
  for (const auto& key : session_->index.keys()) keys << qs(key);
  completion_model_->setStringList(keys);
  find_panel_->clear();
  view_->set_found_nodes({});
}

NodeLookup MainWindow::find_nodes(const QString& key) {
  if (!session_) return {};
  const Graph& g = session_->graph();
  NodeLookup lookup = session_->index.find(key.toStdString());
  if (lookup.matches.empty()) {
    if (lookup.node) {  // one node: go there, as before types could be searched
      view_->center_on(*lookup.node);
      select_node(*lookup.node);
    } else {
      statusBar()->showMessage(tr("Nothing matches '%1' (ids, names and attribute values are searched).").arg(key), 5000);
    }
    return lookup;
  }
  find_panel_->show_lookup(g, key.trimmed(), lookup);
  view_->set_found_nodes(find_panel_->nodes());
  if (auto* dock = findChild<QDockWidget*>(QStringLiteral("findDock"))) {
    dock->show();
    dock->raise();
  }
  statusBar()->showMessage(find_panel_->summary(), 8000);
  return lookup;
}

void MainWindow::search() {
  if (!session_) return;
  const QString key = search_->text().trimmed();
  if (key.isEmpty()) return;
  find_nodes(key);
  view_->setFocus();  // the next shortcut acts on the map, not the search text
}

void MainWindow::path_from_fields() {
  if (!session_) return;
  const QString from = from_->text().trimmed(), to = to_->text().trimmed();
  // A field naming a type rather than one node lists its neurons to pick from.
  for (const QString& key : {from, to}) {
    if (key.isEmpty()) continue;
    const NodeLookup lookup = session_->index.find(key.toStdString());
    if (!lookup.node && !lookup.matches.empty()) {
      find_nodes(key);
      statusBar()->showMessage(tr("'%1' names %2 nodes: pick one in the Found list, then Use as Source / Target.")
                                   .arg(key)
                                   .arg(find_panel_->nodes().size()),
                               8000);
      return;
    }
  }
  try {
    if (!from.isEmpty() && !to.isEmpty()) {
      select_pair(from, to);
    } else if (!from.isEmpty()) {
      select_source(from);
    } else {
      return;
    }
    view_->setFocus();
  } catch (const Error& e) {
    statusBar()->showMessage(QString::fromStdString(e.what()), 5000);
  }
}

void MainWindow::open_table(const QString& file) {
  if (!session_) throw Error("open a graph before its distance table");
  session_->table = open_saved_table(*session_, file.toStdString());
  update_status();
  update_actions();
  selection_->refresh_path();
  const std::string unchecked = session_->table->unchecked_warning(session_->spec);
  statusBar()->showMessage(tr("Pairs are answered from %1 (%2 × %2, %3)")
                                   .arg(QFileInfo(file).fileName(), QLocale().toString(static_cast<qlonglong>(session_->table->n())),
                                        QString::fromLatin1(dist_type_name(session_->table->type()))) +
                               (unchecked.empty() ? QString() : tr(". Warning: %1").arg(QString::fromStdString(unchecked))),
                           unchecked.empty() ? 8000 : 30000);
}

void MainWindow::open_table_dialog() {
  if (!session_) return;
  const QString file = QFileDialog::getOpenFileName(this, tr("Open distance table"), QString(),
                                                    tr("All-pairs tables from apsp --out (*.npy);;All files (*)"));
  if (file.isEmpty()) return;
  try {
    open_table(file);
  } catch (const Error& e) {
    show_error(tr("Open distance table"), QString::fromStdString(e.what()));
  }
}

void MainWindow::start_path_set(Selection::PathSet::Kind kind, int count) {
  if (!session_) return;
  if (!selection_->has_pair()) {
    show_error(tr("Paths"), tr("Choose a source and a target first."));
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
  query_job_->run(
      all ? tr("All shortest paths %1 → %2").arg(qs(g.label(set->source)), qs(g.label(set->target)))
          : tr("%1 shortest paths %2 → %3").arg(count).arg(qs(g.label(set->source)), qs(g.label(set->target))),
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
        if (session != session_) return;
        // answered: the paths found, counted the same way for both kinds.
        timing_panel_->add_run(*timing, tr("paths"), static_cast<double>(set->paths.size()));
        selection_->show_path_set(std::move(*set));
        if (auto* dock = findChild<QDockWidget*>(QStringLiteral("pathSetDock"))) {
          dock->show();
          dock->raise();
        }
        Q_EMIT path_set_ready();
      });
}

void MainWindow::step_path_set(int delta) {
  if (!selection_->path_set()) return;
  selection_->choose_in_path_set(selection_->path_set_index() + delta);
}

}  // namespace pathscope::qt
