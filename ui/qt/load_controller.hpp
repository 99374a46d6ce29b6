#pragma once
// Loading: a graph from a file or generator spec, or a correlation network made from a table,
// on the window's load job. What is loaded is handed over as a session; the window adopts it.
#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

#include "correlation_network.hpp"
#include "graph_session.hpp"
#include "job_runner.hpp"

namespace pathscope::qt {

class LoadController : public QObject {
  Q_OBJECT
 public:
  explicit LoadController(QObject* parent = nullptr);
  JobRunner* job() const { return job_; }

  // Loads in the background; loaded() follows, or the job's failed(). keep_selection: labels
  // of the nodes to choose again once loaded (a reload with new costs keeps the chosen pair).
  void open_graph(const QString& spec, const LoadOptions& options, const QStringList& keep_selection);
  // Correlates a table's rows in the background; correlated() follows, or the job's failed().
  void start_correlation(const CorrelationRequest& request);

 Q_SIGNALS:
  void loaded(std::shared_ptr<GraphSession> session, QStringList keep_selection);
  // The network as a session, and each engine's run (CPU first) for the timing panel.
  void correlated(std::shared_ptr<GraphSession> session, std::vector<CorrelationOutcome::Run> runs);

 private:
  JobRunner* job_;
};

}  // namespace pathscope::qt
