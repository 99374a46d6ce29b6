#include "load_controller.hpp"

#include "caption.hpp"

namespace pathscope::qt {

LoadController::LoadController(QObject* parent) : QObject(parent), job_(new JobRunner(this)) {}

void LoadController::open_graph(const QString& spec, const LoadOptions& options, const QStringList& keep_selection) {
  const std::string path = spec.toStdString();
  auto result = std::make_shared<std::shared_ptr<GraphSession>>();
  job_->run(
      tr("Loading %1").arg(display_name(spec)),
      [result, path, options](const JobContext& job) { *result = build_session(path, options, job); },
      [this, result, keep_selection] { Q_EMIT loaded(*result, keep_selection); });
}

void LoadController::start_correlation(const CorrelationRequest& request) {
  auto outcome = std::make_shared<CorrelationOutcome>();
  job_->run(
      tr("Correlating %1").arg(display_name(request.table)),
      [outcome, request](const JobContext& job) { *outcome = build_correlation_network(request, job); },
      [this, outcome] { Q_EMIT correlated(outcome->session, outcome->runs); });
}

}  // namespace pathscope::qt
