#pragma once
// The explorer's window: open a graph (dialog, drop, recent, samples, command line), see it,
// click two nodes for the shortest path, compute all pairs in the background, export. What is
// chosen on the graph lives in its Selection; the jobs that answer it are run by four
// controllers, each with its own job (loading, all pairs, path queries, tours and reach); the
// window holds the widgets, menus and the wiring between them.
#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QSpinBox>
#include <QStringListModel>
#include <memory>

#include "all_pairs_controller.hpp"
#include "attribute_filter.hpp"
#include "analysis_requests.hpp"
#include "attribute_view.hpp"
#include "centrality_controller.hpp"
#include "colour_legend.hpp"
#include "correlation_network.hpp"
#include "find_panel.hpp"
#include "flow_controller.hpp"
#include "graph_session.hpp"
#include "graph_view.hpp"
#include "inspector_panel.hpp"
#include "job_runner.hpp"
#include "job_status.hpp"
#include "load_controller.hpp"
#include "min_weight_box.hpp"
#include "path_panel.hpp"
#include "path_query_controller.hpp"
#include "path_set_panel.hpp"
#include "pathscope/reach/reach.hpp"
#include "selection.hpp"
#include "selection_history.hpp"
#include "session_file.hpp"
#include "timing_panel.hpp"
#include "tour_reach_controller.hpp"

namespace pathscope::qt {

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  // Loads in the background; graph_ready() or load_failed() follows.
  void open_graph(const QString& spec, const LoadOptions& options = {});
  // The all-pairs engine started after each load ("auto" unless changed).
  void set_apsp_engine(const QString& name) { all_pairs_->set_engine(name); }
  QString apsp_engine() const { return all_pairs_->engine(); }
  // Starts all pairs with this engine now, if the matrix fits the memory budget.
  void start_all_pairs(const QString& engine);

  // As if the node were clicked (Selection::click).
  void select_node(std::int32_t node);
  // Scripted use: source and target by id or name; throws Error when one is unknown.
  void select_pair(const QString& source_key, const QString& target_key);
  // Shift-click: adds the node to the tour stops, or takes it out when it is one already.
  void toggle_stop(std::int32_t node);
  // Scripted use: the stops by id or name, in this order; throws Error when one is unknown.
  void select_stops(const QStringList& keys);
  // The best closed tour through the stops, off the GUI thread; tour_ready() or an error
  // box follows.
  void start_best_tour();
  // The best tour through every node (TSPLIB: every city, with the known optimum and gap).
  void start_tour_through_all();
  // What the selected source reaches (Downstream) or what reaches it (Upstream), off the GUI
  // thread; reach_ready() or an error box follows.
  void start_reach(ReachDirection direction);
  // Scripted use: selects the source by id or name; throws Error when unknown.
  void select_source(const QString& key);
  // What the find box does with `key`: one node by id or name is selected; a cell type (any
  // attribute value) lists its nodes in the Found panel and highlights them on the view.
  NodeLookup find_nodes(const QString& key);
  // Correlates the rows of a table off the GUI thread (File › Correlation Network from Table)
  // and shows the network as the graph; correlation_ready() follows, its timing rows listed.
  void start_correlation(const CorrelationRequest& request);
  // Answers pairs from an `apsp --out` table of this graph from now on; throws Error naming
  // the file when it is not one (or belongs to another graph).
  void open_table(const QString& file);
  // Every shortest path (at most `count` listed, all counted) or the `count` shortest simple
  // paths between the chosen pair, off the GUI thread; path_set_ready() or an error box follows.
  void start_path_set(Selection::PathSet::Kind kind, int count);
  // Shows the next (+1) or previous (-1) path of the set.
  void step_path_set(int delta);
  // The tour exported as JSON (kind "tour") when one is shown, the path otherwise.
  void export_json(const QString& file) const;                 // throws Error
  void export_png(const QString& file, QSize size, bool light = false);  // throws Error
  void export_svg(const QString& file) const;                             // throws Error
  // File › Save Session: the graph, its load options, what is chosen and shown, the view
  // choices, camera and layout, as JSON (session_file.hpp). Throws Error.
  void save_session(const QString& file) const;
  SessionFile session_snapshot() const;  // throws Error when no graph can be reopened
  // File › Open Session: loads the session's graph in the background, then puts back the
  // layout, view choices, camera and choices, finding the answer shown again; session_restored()
  // follows, or an error (naming the file and what is wrong) goes to show_error.
  void open_session(const QString& file);
  // Analysis › Centrality: the measure of every node off the GUI thread; centrality_ready()
  // follows and the view is coloured by it (the values are node attributes named after it).
  void start_centrality(const CentralityRequest& request);
  // Analysis › Information Flow: the layers from the seeds; flow_ready() follows and the view
  // is coloured by "flow_layer".
  void start_flow(const FlowRequest& request);
  // Analysis › Filter Graph: loads the graph again keeping what `filter` keeps (an empty one
  // keeps everything); graph_ready() follows.
  void reload_keeping(const GraphFilter& filter);
  CentralityController* centrality() const { return centrality_; }
  FlowController* flow() const { return flow_; }
  // Errors go to a message box (window-modal, never blocking the event loop), or in
  // scripted mode to script_failed(), for the script to report and quit.
  void show_error(const QString& title, const QString& text);
  void set_scripted(bool scripted) { scripted_ = scripted; }

  GraphView* view() const { return view_; }
  PathPanel* path_panel() const { return path_panel_; }
  TimingPanel* timing_panel() const { return timing_panel_; }
  InspectorPanel* inspector() const { return inspector_; }
  FindPanel* find_panel() const { return find_panel_; }
  PathSetPanel* path_set_panel() const { return path_set_panel_; }
  AttributeView* attribute_view() const { return attribute_view_; }
  ColourLegend* colour_legend() const { return colour_legend_; }
  AttributeFilterPanel* attribute_filter() const { return attribute_filter_; }
  Selection* selection_for_view() const { return selection_; }  // view choices are set on it
  JobRunner* load_job() const { return loading_->job(); }
  JobRunner* apsp_job() const { return all_pairs_->job(); }
  JobStatus* apsp_status() const { return apsp_status_; }
  const GraphSession* session() const { return session_.get(); }
  const Selection* selection() const { return selection_; }
  // Undo and redo of the selection (Edit › Undo, Redo); emptied by each new graph.
  QUndoStack* undo_stack() const { return history_->stack(); }
  // Esc: nothing chosen, undoably; running loads and all-pairs jobs go on.
  void clear_selection();
  // The view choices (arcs, labels, colours, filter), undoably, as the View menu sets them.
  void choose_view(ViewChoices choices) { selection_->set_view(std::move(choices)); }
  const Path& current_path() const { return selection_->path(); }
  const Selection::Tour* current_tour() const { return selection_->tour(); }
  const ReachSet* current_reach() const { return selection_->reach(); }
  const std::vector<std::int32_t>& stops() const { return selection_->stops(); }
  // Tours and reach sets.
  JobRunner* query_job() const { return tours_reach_->job(); }
  // Path sets.
  JobRunner* path_query_job() const { return path_queries_->job(); }
  QString current_method() const { return QString::fromStdString(selection_->method()); }
  QString status_text() const { return status_->text(); }

 Q_SIGNALS:
  void graph_ready();
  void load_failed(const QString& error);
  void all_pairs_ready();
  void tour_ready();
  void reach_ready();
  void path_set_ready();
  void correlation_ready();
  void centrality_ready(const QString& measure);
  void flow_ready();
  // An opened session is back whole, its answer found again.
  void session_restored();
  // Scripted mode only: what went wrong, as "TITLE: TEXT".
  void script_failed(const QString& message);

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void closeEvent(QCloseEvent* event) override;

 private:
  void build_menus();
  void build_edit_menu();
  void build_session_restore();  // main_window_session.cpp
  void apply_session();
  void finish_session_restore();
  void save_session_dialog();
  void open_session_dialog();
  void build_toolbar();
  void build_analysis_jobs();  // main_window_analysis.cpp
  void build_analysis_menu();
  void centrality_dialog();
  void flow_dialog();
  void filter_dialog();
  void show_computed_values(const QString& name);
  void build_find_and_paths();  // main_window_find.cpp
  void add_dock_beside_inspector(QDockWidget* dock);
  void build_attribute_docks(); // main_window_attributes.cpp
  void attach_completers();     // after the toolbar's fields exist
  void adopt_for_find();
  void open_table_dialog();
  void correlation_dialog();
  // Enables each action only when it can run, its tooltip saying why not.
  void update_actions();
  void show_help(const QString& title, const QString& html);
  void adopt(std::shared_ptr<GraphSession> session, QStringList keep_selection);
  // The status bar's summary, from the state alone (status_text.hpp); called on every change.
  void update_status();
  void search();
  void path_from_fields();
  void reload_with_controls();
  void rebuild_recent_menu();
  void open_dialog();
  void export_json_dialog();
  void export_graph_dialog();
  void export_png_dialog(bool light);
  void export_reach_dialog();
  void export_svg_dialog();

  GraphView* view_;
  PathPanel* path_panel_;
  TimingPanel* timing_panel_;
  InspectorPanel* inspector_;
  FindPanel* find_panel_ = nullptr;
  PathSetPanel* path_set_panel_ = nullptr;
  AttributeView* attribute_view_ = nullptr;
  ColourLegend* colour_legend_ = nullptr;
  AttributeFilterPanel* attribute_filter_ = nullptr;
  QStringListModel* completion_model_ = nullptr;
  Selection* selection_;
  SelectionHistory* history_;
  LoadController* loading_;
  AllPairsController* all_pairs_;
  PathQueryController* path_queries_;
  TourReachController* tours_reach_;
  CentralityController* centrality_ = nullptr;
  FlowController* flow_ = nullptr;
  JobStatus* centrality_status_ = nullptr;
  JobStatus* flow_status_ = nullptr;
  CentralityRequest last_centrality_request_;
  // Set by a person's run (its result is coloured by), cleared by a session's (whose own
  // colour choice stands).
  bool colour_by_next_result_ = true;
  JobStatus* load_status_;
  JobStatus* query_status_;
  JobStatus* path_query_status_;
  JobStatus* apsp_status_;
  QLabel* status_;
  QLineEdit* search_;
  QLineEdit* from_ = nullptr;
  QLineEdit* to_ = nullptr;
  QComboBox* cost_rule_;
  MinWeightBox* min_weight_;
  QSpinBox* reach_hops_ = nullptr;  // 0: no hop limit
  QMenu* recent_menu_ = nullptr;

  std::shared_ptr<GraphSession> session_;
  QElapsedTimer job_clock_;  // since the running job started, for the time left
  bool scripted_ = false;
  // A session being opened: applied once its graph is loaded, finished once its answer is.
  std::optional<SessionFile> pending_session_;
  QString pending_session_file_;
  std::optional<SessionFile> restoring_session_;
};

}  // namespace pathscope::qt
