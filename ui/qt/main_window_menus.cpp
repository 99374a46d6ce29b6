// The window's menus, toolbar and the dialogs they open; the window's state and jobs are in
// main_window.cpp.
#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QActionGroup>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenuBar>
#include <QStatusBar>
#include <QSpinBox>
#include <QToolBar>
#include <algorithm>
#include <functional>
#include <tuple>

#include "about_text.hpp"
#include "attribute_menus.hpp"
#include "exports.hpp"
#include "help_text.hpp"
#include "main_window.hpp"
#include "open_dialog.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope_ui_common/sample_files.hpp"
#include "recent_graphs.hpp"
#include "type_matrix_panel.hpp"

namespace pathscope::qt {

void MainWindow::build_menus() {
  auto* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::open_dialog);
  recent_menu_ = file->addMenu(tr("Open &Recent"));
  recent_menu_->setObjectName(QStringLiteral("recentMenu"));
  // Read when opened, not at start-up: a scripted run never reads the settings, and a file
  // deleted since is never offered.
  connect(recent_menu_, &QMenu::aboutToShow, this, &MainWindow::rebuild_recent_menu);
  recent_menu_->addAction(tr("No recent graphs"))->setEnabled(false);  // a menu with no item never opens
  file->addAction(tr("Open Sess&ion…"), this, &MainWindow::open_session_dialog)
      ->setObjectName(QStringLiteral("openSessionAction"));
  file->addAction(tr("Sa&ve Session…"), this, &MainWindow::save_session_dialog)
      ->setObjectName(QStringLiteral("saveSessionAction"));
  file->addAction(tr("Open &Distance Table…"), this, &MainWindow::open_table_dialog)
      ->setObjectName(QStringLiteral("openTableAction"));
  file->addAction(tr("&Correlation Network from Table…"), this, &MainWindow::correlation_dialog)
      ->setToolTip(tr("Correlate every pair of a table's rows (CPU, and GPU where there is one) and explore the network"));
  auto* samples = file->addMenu(tr("&Samples"));
  for (const std::string& file : bundled_samples()) {
    const QString sample = QString::fromStdString(file);
    samples->addAction(QFileInfo(sample).fileName(), this, [this, sample] { open_graph(sample); });
  }
  samples->setEnabled(!samples->isEmpty());
  file->addSeparator();
  file->addAction(tr("Export Path or Tour as &JSON…"), this, &MainWindow::export_json_dialog)
      ->setObjectName(QStringLiteral("exportJsonAction"));
  file->addAction(tr("Export &Graph as GraphML, GEXF, JSON or CSV…"), this, &MainWindow::export_graph_dialog)
      ->setObjectName(QStringLiteral("exportGraphAction"));
  file->addAction(tr("Export Reach Set as CSV or JSON…"), this, &MainWindow::export_reach_dialog)
      ->setObjectName(QStringLiteral("exportReachAction"));
  file->addAction(tr("Export View as &PNG…"), this, [this] { export_png_dialog(false); })
      ->setObjectName(QStringLiteral("exportPngAction"));
  file->addAction(tr("Export View as PNG, &Light Theme…"), this, [this] { export_png_dialog(true); })
      ->setObjectName(QStringLiteral("exportPngLightAction"));
  file->addAction(tr("Export View as &SVG…"), this, &MainWindow::export_svg_dialog)
      ->setObjectName(QStringLiteral("exportSvgAction"));
  file->setToolTipsVisible(true);
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
  build_edit_menu();

  auto* view = menuBar()->addMenu(tr("&View"));
  view->addAction(tr("&Fit to View"), QKeySequence(Qt::Key_F), view_, &GraphView::fit_to_view);
  view->addAction(tr("Fit to &Path"), QKeySequence(Qt::Key_P), view_, &GraphView::fit_to_path);
  view->addSeparator();
  auto* labels = view->addMenu(tr("&Labels"));
  auto* label_group = new QActionGroup(this);
  const struct {
    const char* name;
    QString text;
    LabelMode mode;
    Qt::Key key;
  } label_modes[] = {{"labelsAll", tr("&All That Fit"), LabelMode::All, Qt::Key_1},
                     {"labelsPathOnly", tr("&Path Only"), LabelMode::PathOnly, Qt::Key_2},
                     {"labelsNone", tr("&None"), LabelMode::None, Qt::Key_3}};
  for (const auto& m : label_modes) {
    auto* action = labels->addAction(m.text, this, [this, mode = m.mode] { view_->set_label_mode(mode); });
    action->setObjectName(QString::fromLatin1(m.name));
    action->setCheckable(true);
    action->setChecked(view_->label_mode() == m.mode);
    action->setShortcut(QKeySequence(Qt::ALT | m.key));
    label_group->addAction(action);
  }
  add_attribute_menus(view, selection_);
  view->addSeparator();
  // Made on first use: the matrix is a question asked of a graph, not a panel every graph needs.
  view->addAction(tr("&Type-to-Type Path Lengths"), this, [this] {
    auto* dock = findChild<QDockWidget*>(QStringLiteral("typeMatrixDock"));
    if (!dock) {
      auto* panel = new TypeMatrixPanel(selection_, this);
      dock = new QDockWidget(tr("Type-to-Type"), this);
      dock->setObjectName(QStringLiteral("typeMatrixDock"));
      dock->setWidget(panel);
      addDockWidget(Qt::BottomDockWidgetArea, dock);
      connect(this, &MainWindow::graph_ready, panel, [this, panel] { panel->set_session(session_); });
    }
    static_cast<TypeMatrixPanel*>(dock->widget())->set_session(session_);
    dock->show();
    dock->raise();
  })->setObjectName(QStringLiteral("typeMatrixAction"));
  // Arcs shown, faded or hidden: a view choice, kept by the selection so undo and sessions
  // restore it; the checks follow it back.
  auto* arcs = view->addMenu(tr("A&rcs"));
  auto* arc_group = new QActionGroup(this);
  for (const auto& [name, text, mode] : {std::tuple{"arcsShown", tr("&Shown"), ViewChoices::Arcs::Shown},
                                         std::tuple{"arcsFaded", tr("&Faded"), ViewChoices::Arcs::Faded},
                                         std::tuple{"arcsHidden", tr("&Hidden"), ViewChoices::Arcs::Hidden}}) {
    auto* action = arcs->addAction(text, this, [this, mode = mode] {
      ViewChoices choices = selection_->view();
      choices.arcs = mode;
      selection_->set_view(choices);
    });
    action->setObjectName(QString::fromLatin1(name));
    action->setCheckable(true);
    action->setChecked(selection_->view().arcs == mode);
    arc_group->addAction(action);
    connect(selection_, &Selection::view_changed, action,
            [this, action, mode = mode] { action->setChecked(selection_->view().arcs == mode); });
  }
  view->addSeparator();
  // A closed panel comes back from here.
  for (auto* dock : findChildren<QDockWidget*>()) view->addAction(dock->toggleViewAction());

  auto* compute = menuBar()->addMenu(tr("&Compute"));
  compute->setToolTipsVisible(true);
  for (const char* engine : {"auto", "blocked", "sparse", "textbook", "gpu-blocked", "gpu-sparse"}) {
    const QString name = QString::fromLatin1(engine);
    auto* action = compute->addAction(tr("All Pairs with %1").arg(name), this, [this, name] { start_all_pairs(name); });
    action->setObjectName(QStringLiteral("allPairs-") + name);
  }
  compute->addSeparator();
  compute->addAction(tr("Run &Both (CPU blocked + GPU)"), all_pairs_, &AllPairsController::run_both)
      ->setObjectName(QStringLiteral("runBothAction"));
  compute->addSeparator();
  // Shared with the toolbar, so both show the same shortcut.
  auto* tour = compute->addAction(tr("Best &Tour (shift-click stops)"), this, &MainWindow::start_best_tour);
  tour->setObjectName(QStringLiteral("bestTourAction"));
  tour->setShortcut(QKeySequence(Qt::Key_T));
  compute->addAction(tr("Tour Through &All Nodes"), this, &MainWindow::start_tour_through_all)
      ->setObjectName(QStringLiteral("tourAllAction"));
  auto* reachable = compute->addAction(tr("&Reachable from Source"), this,
                                       [this] { start_reach(ReachDirection::Downstream); });
  reachable->setObjectName(QStringLiteral("reachableAction"));
  reachable->setShortcut(QKeySequence(Qt::Key_R));
  auto* upstream = compute->addAction(tr("&Upstream of Source"), this, [this] { start_reach(ReachDirection::Upstream); });
  upstream->setObjectName(QStringLiteral("upstreamAction"));
  upstream->setShortcut(QKeySequence(Qt::Key_U));

  compute->addSeparator();
  const struct {
    const char* name;
    QString text;
    QKeySequence key;
    std::function<void()> run;
  } path_sets[] = {
      {"allShortestAction", tr("All &Shortest Paths"), QKeySequence(Qt::Key_A),
       [this] { start_path_set(Selection::PathSet::Kind::AllShortest, path_set_panel_->kind() == Selection::PathSet::Kind::AllShortest ? path_set_panel_->count() : 100); }},
      {"kShortestAction", tr("&k Shortest Paths"), QKeySequence(Qt::Key_K),
       [this] { start_path_set(Selection::PathSet::Kind::KShortest, path_set_panel_->kind() == Selection::PathSet::Kind::KShortest ? path_set_panel_->count() : 10); }},
      {"nextPathAction", tr("&Next Path in Set"), QKeySequence(Qt::Key_BracketRight), [this] { step_path_set(1); }},
      {"previousPathAction", tr("Pre&vious Path in Set"), QKeySequence(Qt::Key_BracketLeft), [this] { step_path_set(-1); }}};
  for (const auto& p : path_sets) {
    auto* action = compute->addAction(p.text, this, p.run);
    action->setObjectName(QString::fromLatin1(p.name));
    action->setShortcut(p.key);
  }

  build_analysis_menu();

  auto* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&Keyboard and Mouse"), QKeySequence::HelpContents, this,
                  [this] { show_help(tr("Keyboard and mouse"), shortcuts_help_html()); })
      ->setObjectName(QStringLiteral("helpShortcutsAction"));
  help->addAction(tr("&How To…"), this, [this] { show_help(tr("How to"), how_to_help_html()); })
      ->setObjectName(QStringLiteral("helpHowToAction"));
  help->addSeparator();
  help->addAction(tr("&About pathscope"), this, [this] { show_help(tr("About pathscope"), about_html()); })
      ->setObjectName(QStringLiteral("helpAboutAction"));
}

void MainWindow::build_edit_menu() {
  auto* edit = menuBar()->addMenu(tr("&Edit"));
  // The stack's own actions: enabled only when there is a step, their text naming it.
  QAction* undo = undo_stack()->createUndoAction(this, tr("&Undo"));
  undo->setObjectName(QStringLiteral("undoAction"));
  undo->setShortcuts(QKeySequence::Undo);
  QAction* redo = undo_stack()->createRedoAction(this, tr("&Redo"));
  redo->setObjectName(QStringLiteral("redoAction"));
  redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
  edit->addAction(undo);
  edit->addAction(redo);
  edit->addSeparator();
  // Esc only clears what is chosen: a job is cancelled by its own Cancel button.
  edit->addAction(tr("&Clear Selection"), QKeySequence(Qt::Key_Escape), this, &MainWindow::clear_selection)
      ->setObjectName(QStringLiteral("clearSelectionAction"));
}

void MainWindow::show_help(const QString& title, const QString& html) {
  auto* dialog = new QDialog(this);
  dialog->setObjectName(QStringLiteral("helpDialog"));
  dialog->setWindowTitle(title);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  auto* text = new QTextBrowser(dialog);
  text->setObjectName(QStringLiteral("helpText"));
  text->setHtml(html);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
  connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
  auto* layout = new QVBoxLayout(dialog);
  layout->addWidget(text);
  layout->addWidget(buttons);
  dialog->resize(620, 520);
  dialog->open();  // window-modal, the event loop keeps running
}

void MainWindow::update_actions() {
  // Each action says why it cannot run, in its tooltip, rather than failing when chosen.
  const auto set = [this](const char* name, bool enabled, const QString& why) {
    auto* action = findChild<QAction*>(QString::fromLatin1(name));
    if (!action) return;
    action->setEnabled(enabled);
    action->setToolTip(enabled ? action->text().remove(QLatin1Char('&')).remove(QStringLiteral("…")) : why);
  };
  const bool open = session_ != nullptr;
  const QString no_graph = tr("Open a graph first");
  const auto stops = selection_->stops().size();
  set("bestTourAction", open && stops >= 2,
      open ? tr("Shift-click at least two nodes as stops (%1 chosen)").arg(stops) : no_graph);
  const bool has_source = selection_->source() >= 0;
  set("reachableAction", open && has_source, open ? tr("Click a node first") : no_graph);
  set("upstreamAction", open && has_source, open ? tr("Click a node first") : no_graph);
  const bool has_answer = selection_->tour() || (selection_->has_pair() && selection_->path().reachable);
  set("exportJsonAction", has_answer, open ? tr("Find a path or a tour first") : no_graph);
  set("exportGraphAction", open, no_graph);
  set("exportPngAction", open, no_graph);
  set("exportPngLightAction", open, no_graph);
  set("exportSvgAction", open, no_graph);
  set("exportReachAction", selection_->reach() != nullptr,
      open ? tr("Click a node, then Reachable (R) or Upstream (U) first") : no_graph);
  for (const char* engine : {"allPairs-auto", "allPairs-blocked", "allPairs-sparse", "allPairs-textbook"}) {
    set(engine, open, no_graph);
  }
  // GPU actions: greyed with the engine's own reason when it cannot run here.
  for (const char* engine : {"gpu-blocked", "gpu-sparse"}) {
    const std::string gpu_reason = make_apsp_engine(engine)->unavailable_reason();
    set((std::string("allPairs-") + engine).c_str(), open && gpu_reason.empty(),
        gpu_reason.empty() ? no_graph : QString::fromStdString(gpu_reason));
  }
  set("runBothAction", open, no_graph);
  set("tourAllAction", open && session_->graph().n >= 2, no_graph);
  set("openTableAction", open, no_graph);
  set("centralityAction", open, no_graph);
  set("flowAction", open, no_graph);
  set("filterGraphAction", open && session_->made_by.empty(),
      open ? tr("A network made from a table cannot be reloaded keeping part of it") : no_graph);
  set("saveSessionAction", open && session_->made_by.empty(),
      open ? tr("A network made from a table cannot be reopened from a session") : no_graph);
  const bool pair = open && selection_->has_pair();
  set("allShortestAction", pair, open ? tr("Choose a source and a target first") : no_graph);
  set("kShortestAction", pair, open ? tr("Choose a source and a target first") : no_graph);
  const bool set_shown = selection_->path_set() != nullptr;
  set("nextPathAction", set_shown, tr("Find all shortest (A) or k shortest (K) paths first"));
  set("previousPathAction", set_shown, tr("Find all shortest (A) or k shortest (K) paths first"));
}

void MainWindow::build_toolbar() {
  auto* bar = addToolBar(tr("Graph"));
  bar->setObjectName(QStringLiteral("graphToolbar"));
  search_ = new QLineEdit(bar);
  search_->setObjectName(QStringLiteral("searchBox"));
  search_->setPlaceholderText(tr("Find by id, name or cell type, Enter"));
  search_->setClearButtonEnabled(true);
  search_->setMaximumWidth(260);
  connect(search_, &QLineEdit::returnPressed, this, &MainWindow::search);
  auto* find = new QAction(tr("Find Node"), this);
  find->setShortcut(QKeySequence::Find);
  connect(find, &QAction::triggered, search_, [this] {
    search_->setFocus();
    search_->selectAll();
  });
  addAction(find);
  bar->addWidget(search_);
  bar->addSeparator();
  // The path's ends by id or name: both filled and Enter finds the path.
  from_ = new QLineEdit(bar);
  from_->setObjectName(QStringLiteral("fromField"));
  from_->setPlaceholderText(tr("From"));
  from_->setMaximumWidth(140);
  to_ = new QLineEdit(bar);
  to_->setObjectName(QStringLiteral("toField"));
  to_->setPlaceholderText(tr("To"));
  to_->setMaximumWidth(140);
  bar->addWidget(new QLabel(tr(" From "), bar));
  bar->addWidget(from_);
  bar->addWidget(new QLabel(tr(" To "), bar));
  bar->addWidget(to_);
  connect(from_, &QLineEdit::returnPressed, this, &MainWindow::path_from_fields);
  connect(to_, &QLineEdit::returnPressed, this, &MainWindow::path_from_fields);
  connect(selection_, &Selection::changed, this, [this] {
    // The fields show what is chosen, however it was chosen.
    const auto* session = selection_->session();
    auto label = [&](std::int32_t u) { return session && u >= 0 ? QString::fromStdString(session->graph().label(u)) : QString(); };
    if (!from_->hasFocus()) from_->setText(label(selection_->source()));
    if (!to_->hasFocus()) to_->setText(label(selection_->target()));
  });
  bar->addSeparator();
  bar->addWidget(new QLabel(tr(" Edge cost: "), bar));
  cost_rule_ = new QComboBox(bar);
  cost_rule_->setObjectName(QStringLiteral("costRule"));
  for (const auto& choice : cost_rule_choices()) cost_rule_->addItem(choice.first);
  bar->addWidget(cost_rule_);
  bar->addWidget(new QLabel(tr(" Min weight: "), bar));
  min_weight_ = new MinWeightBox(bar, 1);
  min_weight_->setObjectName(QStringLiteral("minWeight"));
  min_weight_->setKeyboardTracking(false);
  bar->addWidget(min_weight_);
  connect(cost_rule_, &QComboBox::activated, this, &MainWindow::reload_with_controls);
  connect(min_weight_, &QDoubleSpinBox::valueChanged, this, &MainWindow::reload_with_controls);
  bar->addSeparator();
  bar->addWidget(new QLabel(tr(" Reach within "), bar));
  reach_hops_ = new QSpinBox(bar);
  reach_hops_->setObjectName(QStringLiteral("reachHops"));
  reach_hops_->setRange(0, 1000000);
  reach_hops_->setSpecialValueText(tr("any number of"));
  reach_hops_->setSuffix(tr(" hops"));
  reach_hops_->setToolTip(tr("Reachable / Upstream count only nodes this many arcs away or fewer"));
  bar->addWidget(reach_hops_);
  for (const char* name : {"bestTourAction", "reachableAction", "upstreamAction"}) {
    if (auto* action = findChild<QAction*>(QString::fromLatin1(name))) bar->addAction(action);
  }
}

void MainWindow::reload_with_controls() {
  if (!session_) return;
  if (!session_->made_by.empty()) {
    show_error(tr("Reload"), tr("This network was made from a table, not read from a file: make it again from "
                                "File › Correlation Network from Table."));
    return;
  }
  LoadOptions options = session_->options;
  options.cost_rule = cost_rule_choices()[cost_rule_->currentIndex()].second;
  options.min_weight = min_weight_->min_weight();
  open_graph(QString::fromStdString(session_->spec), options);
}

void MainWindow::rebuild_recent_menu() {
  recent_menu_->clear();
  const auto recent = recent_graphs();
  for (const auto& entry : recent) {
    recent_menu_->addAction(entry.spec, this, [this, entry] { open_graph(entry.spec, entry.options); });
  }
  if (recent.empty()) recent_menu_->addAction(tr("No recent graphs"))->setEnabled(false);
}

void MainWindow::open_dialog() {
  OpenDialog dialog(this);
  if (session_) dialog.set_values(QString::fromStdString(session_->spec), session_->options);
  if (dialog.exec() == QDialog::Accepted && !dialog.file().isEmpty()) open_graph(dialog.file(), dialog.options());
}

void MainWindow::export_json_dialog() {
  const QString file = QFileDialog::getSaveFileName(this, tr("Export path as JSON"), QStringLiteral("path.json"),
                                                    tr("JSON (*.json)"));
  if (file.isEmpty()) return;
  try {
    export_json(file);
    statusBar()->showMessage(tr("Wrote %1").arg(file), 5000);
  } catch (const Error& e) {
    show_error(tr("Export JSON"), QString::fromStdString(e.what()));
  }
}

void MainWindow::export_reach_dialog() {
  const QString file = QFileDialog::getSaveFileName(this, tr("Export reach set"), QStringLiteral("reach.csv"),
                                                    tr("CSV (*.csv);;JSON (*.json)"));
  if (file.isEmpty()) return;
  try {
    export_reach(*selection_, file);
    statusBar()->showMessage(tr("Wrote %1").arg(file), 5000);
  } catch (const Error& e) {
    show_error(tr("Export reach set"), QString::fromStdString(e.what()));
  }
}

void MainWindow::export_graph_dialog() {
  const QString file = QFileDialog::getSaveFileName(
      this, tr("Export graph"), QStringLiteral("graph.gexf"),
      tr("GEXF for Gephi (*.gexf);;GraphML for Cytoscape, yEd, igraph (*.graphml);;networkx node-link JSON (*.json);;"
         "CSV node and edge tables (*.csv);;GML for networkx, igraph, Cytoscape (*.gml);;Pajek, weights and labels only (*.net)"));
  if (file.isEmpty()) return;
  try {
    export_graph(*selection_, file);
    statusBar()->showMessage(tr("Wrote %1").arg(file), 5000);
  } catch (const Error& e) {
    show_error(tr("Export graph"), QString::fromStdString(e.what()));
  }
}

void MainWindow::export_svg_dialog() {
  const QString file = QFileDialog::getSaveFileName(this, tr("Export view as SVG"), QStringLiteral("view.svg"),
                                                    tr("SVG (*.svg)"));
  if (file.isEmpty()) return;
  try {
    export_svg(file);
    statusBar()->showMessage(tr("Wrote %1").arg(file), 5000);
  } catch (const Error& e) {
    show_error(tr("Export SVG"), QString::fromStdString(e.what()));
  }
}

void MainWindow::export_png_dialog(bool light) {
  const QString file = QFileDialog::getSaveFileName(this, tr("Export view as PNG"), QStringLiteral("view.png"),
                                                    tr("PNG (*.png)"));
  if (file.isEmpty()) return;
  bool ok = false;
  const QString size_text = QInputDialog::getText(this, tr("Image size"), tr("Width x height in pixels:"),
                                                  QLineEdit::Normal, QStringLiteral("1600x1200"), &ok);
  if (!ok) return;
  try {
    export_png(file, parse_image_size(size_text), light);
    statusBar()->showMessage(tr("Wrote %1").arg(file), 5000);
  } catch (const Error& e) {
    show_error(tr("Export PNG"), QString::fromStdString(e.what()));
  }
}

void MainWindow::correlation_dialog() {
  CorrelationDialog dialog(this);
  if (dialog.exec() != QDialog::Accepted || dialog.request().table.isEmpty()) return;
  start_correlation(dialog.request());
}

}  // namespace pathscope::qt
