// The Analysis menu: centrality and information-flow layers as background jobs whose values
// the view colours by, and the graph filter that reloads the graph keeping part of it.
#include <QFileInfo>
#include <QMenuBar>
#include <QStatusBar>
#include <QToolBar>

#include "centrality_dialog.hpp"
#include "filter_dialog.hpp"
#include "flow_dialog.hpp"
#include "main_window.hpp"
#include "pathscope_ui_common/node_attribute.hpp"

namespace pathscope::qt {

void MainWindow::build_analysis_jobs() {
  centrality_ = new CentralityController(timing_panel_, this);
  flow_ = new FlowController(timing_panel_, this);
  centrality_status_ = new JobStatus(centrality_->job(), QStringLiteral("centrality"), this);
  flow_status_ = new JobStatus(flow_->job(), QStringLiteral("flow"), this);
  statusBar()->addPermanentWidget(centrality_status_);
  statusBar()->addPermanentWidget(flow_status_);
  connect(centrality_, &CentralityController::error, this, &MainWindow::show_error);
  connect(flow_, &FlowController::error, this, &MainWindow::show_error);
  connect(centrality_, &CentralityController::values_ready, this, [this](const QString& name) {
    show_computed_values(name);
    Q_EMIT centrality_ready(name);
  });
  connect(flow_, &FlowController::layers_ready, this, [this] {
    show_computed_values(QString::fromLatin1(kFlowLayer));
    Q_EMIT flow_ready();
  });
  for (JobRunner* job : {centrality_->job(), flow_->job()}) {
    connect(job, &JobRunner::started, this, [this] { job_clock_.start(); });
    connect(job, &JobRunner::progress, this, [this, job](double fraction) {
      timing_panel_->show_running(job->title(), fraction, job_clock_.isValid() ? job_clock_.elapsed() / 1000.0 : 0);
    });
    connect(job, &JobRunner::finished, timing_panel_, &TimingPanel::running_done);
    connect(job, &JobRunner::started, this, &MainWindow::update_status);
    connect(job, &JobRunner::finished, this, &MainWindow::update_status);
  }
}

void MainWindow::build_analysis_menu() {
  auto* analysis = menuBar()->addMenu(tr("&Analysis"));
  analysis->setObjectName(QStringLiteral("analysisMenu"));
  analysis->setToolTipsVisible(true);
  analysis->addAction(tr("&Centrality…"), this, &MainWindow::centrality_dialog)
      ->setObjectName(QStringLiteral("centralityAction"));
  analysis->addAction(tr("&Information Flow…"), this, &MainWindow::flow_dialog)
      ->setObjectName(QStringLiteral("flowAction"));
  analysis->addSeparator();
  analysis->addAction(tr("&Filter Graph…"), this, &MainWindow::filter_dialog)
      ->setObjectName(QStringLiteral("filterGraphAction"));
}

void MainWindow::start_centrality(const CentralityRequest& request) {
  colour_by_next_result_ = true;
  centrality_->start(request);
}

void MainWindow::start_flow(const FlowRequest& request) {
  colour_by_next_result_ = true;
  flow_->start(request);
}

void MainWindow::show_computed_values(const QString& name) {
  // New values under a name already coloured by change no choice: the view is made again.
  attribute_view_->refresh();
  // A person's run is coloured by when it is done; a session's runs leave its own choice be.
  if (!colour_by_next_result_) return;
  ViewChoices choices = selection_->view();
  choices.colour_attribute = name.toStdString();
  selection_->set_view(std::move(choices));
}

void MainWindow::centrality_dialog() {
  if (!session_) return;
  // Window-modal and opened, not run: the event loop and the jobs keep running.
  auto* dialog = new CentralityDialog(session_->graph(), last_centrality_request_, this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  connect(dialog, &QDialog::accepted, this, [this, dialog] {
    last_centrality_request_ = dialog->request();
    start_centrality(last_centrality_request_);
  });
  dialog->open();
}

void MainWindow::flow_dialog() {
  if (!session_) return;
  std::vector<std::int32_t> chosen = selection_->stops();
  if (chosen.empty()) {
    for (auto u : {selection_->source(), selection_->target()}) {
      if (u >= 0) chosen.push_back(u);
    }
  }
  auto* dialog = new FlowDialog(*session_, std::move(chosen), this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  connect(dialog, &QDialog::accepted, this, [this, dialog] { start_flow(dialog->request()); });
  dialog->open();
}

void MainWindow::filter_dialog() {
  if (!session_) return;
  QStringList names;
  for (const auto& column : session_->graph().node_attributes.columns) names << QString::fromStdString(column.name);
  auto* dialog = new FilterDialog(session_->options.keep, names, this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  connect(dialog, &QDialog::accepted, this, [this, dialog] { reload_keeping(dialog->filter()); });
  dialog->open();
}

void MainWindow::reload_keeping(const GraphFilter& filter) {
  if (!session_) return;
  if (!session_->made_by.empty()) {
    show_error(tr("Filter graph"), tr("This network was made from a table, not read from a file: it cannot be "
                                      "reloaded keeping part of it."));
    return;
  }
  LoadOptions options = session_->options;
  options.keep = filter;
  open_graph(QString::fromStdString(session_->spec), options);
}

}  // namespace pathscope::qt
