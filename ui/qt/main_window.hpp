#pragma once
// The explorer's window: open a graph (dialog, drop, recent, samples, command line), see it,
// click two nodes for the shortest path, compute all pairs in the background, export.
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <memory>
#include <optional>

#include "graph_session.hpp"
#include "graph_view.hpp"
#include "job_runner.hpp"
#include "job_status.hpp"
#include "path_panel.hpp"
#include "pathscope/reach.hpp"
#include "pathscope/tsp.hpp"
#include "timing_panel.hpp"

namespace pathscope::qt {

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  // Loads in the background; graph_ready() or load_failed() follows.
  void open_graph(const QString& spec, const LoadOptions& options = {});
  // The all-pairs engine started after each load ("auto" unless changed).
  void set_apsp_engine(const QString& name) { apsp_engine_ = name; }
  QString apsp_engine() const { return apsp_engine_; }
  // Starts all pairs with this engine now, if the matrix fits the memory budget.
  void start_all_pairs(const QString& engine);

  // As if the node were clicked: first click source, second target (path found), third
  // starts over.
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
  // What the selected source reaches (Downstream) or what reaches it (Upstream), off the GUI
  // thread; reach_ready() or an error box follows.
  void start_reach(ReachDirection direction);
  // Scripted use: selects the source by id or name; throws Error when unknown.
  void select_source(const QString& key);
  // The tour exported as JSON (kind "tour") when one is shown, the path otherwise.
  void export_json(const QString& file) const;                 // throws Error
  void export_png(const QString& file, QSize size);            // throws Error
  // Errors go to a message box (window-modal, never blocking the event loop), or to
  // stderr and exit code 1 in scripted mode.
  void show_error(const QString& title, const QString& text);
  void set_scripted(bool scripted) { scripted_ = scripted; }

  GraphView* view() const { return view_; }
  PathPanel* path_panel() const { return path_panel_; }
  TimingPanel* timing_panel() const { return timing_panel_; }
  JobRunner* load_job() const { return load_job_; }
  JobRunner* apsp_job() const { return apsp_job_; }
  JobStatus* apsp_status() const { return apsp_status_; }
  const GraphSession* session() const { return session_.get(); }
  const Path& current_path() const { return path_; }
  struct Tour {
    std::vector<std::int32_t> stops;  // graph nodes in tour order, the first one first
    std::vector<Path> legs;           // stops[i] -> stops[i+1], the last back to stops[0]
    Path walk;                        // the legs joined; arc_costs has the closing arc last
    TspResult result;
    std::string method;
  };
  const Tour* current_tour() const { return tour_ ? &*tour_ : nullptr; }
  const ReachSet* current_reach() const { return reach_ ? &*reach_ : nullptr; }
  const std::vector<std::int32_t>& stops() const { return stops_; }
  JobRunner* query_job() const { return query_job_; }
  QString current_method() const { return QString::fromStdString(method_); }
  QString status_text() const { return status_->text(); }

 Q_SIGNALS:
  void graph_ready();
  void load_failed(const QString& error);
  void all_pairs_ready();
  void path_changed();
  void tour_ready();
  void reach_ready();

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void closeEvent(QCloseEvent* event) override;

 private:
  void build_menus();
  void build_toolbar();
  void adopt(std::shared_ptr<GraphSession> session, QStringList keep_selection);
  void update_path();
  void clear_tour_and_reach();
  void show_tour();
  void update_status();
  void update_caption();
  void run_both();
  void search();
  void reload_with_controls();
  void remember_recent(const QString& spec, const LoadOptions& options);
  void rebuild_recent_menu();
  void open_dialog();
  void export_json_dialog();
  void export_png_dialog();

  GraphView* view_;
  PathPanel* path_panel_;
  TimingPanel* timing_panel_;
  JobRunner* load_job_;
  JobRunner* apsp_job_;
  JobRunner* query_job_;  // tours and reach sets: short, one at a time
  JobStatus* load_status_;
  JobStatus* query_status_;
  JobStatus* apsp_status_;
  QLabel* status_;
  QLineEdit* search_;
  QComboBox* cost_rule_;
  QDoubleSpinBox* min_weight_;
  QMenu* recent_menu_ = nullptr;

  std::shared_ptr<GraphSession> session_;
  QString apsp_engine_ = QStringLiteral("auto");
  QString engine_state_;  // what the status bar says about all pairs
  std::int32_t source_ = -1, target_ = -1;
  Path path_;
  std::string method_;
  std::vector<std::int32_t> stops_;
  std::optional<Tour> tour_;
  std::optional<ReachSet> reach_;
  bool scripted_ = false;
};

// Folders searched for the bundled samples: beside the binary when installed, else the source tree.
QStringList sample_files();

}  // namespace pathscope::qt
