// The window's whole-brain tools: finding neurons by id, name or type (the find box, the From
// and To fields, completion, the Found list), the saved distance table and path sets (the
// queries themselves run in path_query_controller.*).
#include <QCompleter>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QStatusBar>
#include <QStringListModel>

#include "main_window.hpp"

namespace pathscope::qt {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

void MainWindow::add_dock_beside_inspector(QDockWidget* dock) {
  addDockWidget(Qt::RightDockWidgetArea, dock);
  // Tabs rather than one more row of right-hand docks: each row's minimum height adds up, and
  // a few rows push the window past a small (or scaled) screen's height.
  if (auto* inspector_dock = findChild<QDockWidget*>(QStringLiteral("inspectorDock"))) {
    tabifyDockWidget(inspector_dock, dock);
    inspector_dock->raise();
  }
}

void MainWindow::build_find_and_paths() {
  find_panel_ = new FindPanel(this);
  auto* find_dock = new QDockWidget(tr("Found"), this);
  find_dock->setObjectName(QStringLiteral("findDock"));
  find_dock->setWidget(find_panel_);
  add_dock_beside_inspector(find_dock);
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
  // Beside the Inspector and Found, so the hop list above stays in sight while stepping.
  add_dock_beside_inspector(paths_dock);
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
  // What the attribute filter hides is not on the map to show, so it is not found either.
  if (lookup.node && !view_->node_shown(*lookup.node)) lookup.node.reset();
  for (auto& match : lookup.matches) std::erase_if(match.nodes, [this](std::int32_t u) { return !view_->node_shown(u); });
  std::erase_if(lookup.matches, [](const AttributeMatch& match) { return match.nodes.empty(); });
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
  path_queries_->open_table(file);
  update_status();
  update_actions();
  const std::string unchecked = session_->table->unchecked_warning(session_->spec);
  // The table's own name: a Zarr table picked by its .zarray is named by its folder.
  const QString name = QFileInfo(QString::fromStdString(session_->table->path())).fileName();
  statusBar()->showMessage(tr("Pairs are answered from %1 (%2 × %2, %3)")
                                   .arg(name, QLocale().toString(static_cast<qlonglong>(session_->table->n())),
                                        QString::fromLatin1(dist_type_name(session_->table->type()))) +
                               (unchecked.empty() ? QString() : tr(". Warning: %1").arg(QString::fromStdString(unchecked))),
                           unchecked.empty() ? 8000 : 30000);
}

void MainWindow::open_table_dialog() {
  if (!session_) return;
  // A Zarr table is a folder: it is opened by its metadata file, .zarray, which a dialog
  // lists only when it shows hidden files.
  QFileDialog dialog(this, tr("Open distance table"));
  dialog.setFileMode(QFileDialog::ExistingFile);
  dialog.setNameFilters({tr("All-pairs tables from apsp --out (*.npy .zarray)"), tr("All files (*)")});
  dialog.setFilter(dialog.filter() | QDir::Hidden);
  if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty()) return;
  const QString file = dialog.selectedFiles().front();
  try {
    open_table(file);
  } catch (const Error& e) {
    show_error(tr("Open distance table"), QString::fromStdString(e.what()));
  }
}

void MainWindow::start_path_set(Selection::PathSet::Kind kind, int count) { path_queries_->start_path_set(kind, count); }

void MainWindow::step_path_set(int delta) { path_queries_->step_path_set(delta); }

}  // namespace pathscope::qt
