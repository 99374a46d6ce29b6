#pragma once
// Information-flow layers in the explorer (pathscope/flow/information_flow.hpp): from seed
// nodes, the mean traversal layer of every node over many runs, computed off the GUI thread on
// this controller's own job by the CPU engine, the GPU engine or both in turn (each timed in
// the timing panel; the first engine's layers kept). The layers join the session's computed node
// values as "flow_layer" (with "flow_layer_sd" and "flow_reached"), for Colour by and the inspector.
#include <QObject>
#include <QString>
#include <memory>
#include <optional>

#include "analysis_requests.hpp"
#include "graph_session.hpp"
#include "job_runner.hpp"
#include "pathscope/flow/information_flow.hpp"
#include "timing_panel.hpp"

namespace pathscope::qt {

// The computed value names a flow run sets.
inline constexpr const char* kFlowLayer = "flow_layer";
inline constexpr const char* kFlowLayerDeviation = "flow_layer_sd";
inline constexpr const char* kFlowReached = "flow_reached";

class FlowController : public QObject {
  Q_OBJECT
 public:
  explicit FlowController(TimingPanel* timing_panel, QObject* parent = nullptr);
  JobRunner* job() const { return job_; }

  // The graph the next runs are for; a run for the last one is cancelled.
  void set_session(std::shared_ptr<GraphSession> session);
  // Computes the layers; layers_ready() or error() follows. A run in progress is cancelled.
  void start(const FlowRequest& request);
  // The last finished request on this graph (what a session records), and its result.
  const std::optional<FlowRequest>& finished_request() const { return finished_; }
  const FlowResult* last_result() const { return last_.get(); }

 Q_SIGNALS:
  void layers_ready();
  void error(const QString& title, const QString& text);

 private:
  TimingPanel* timing_panel_;
  JobRunner* job_;
  std::shared_ptr<GraphSession> session_;
  std::optional<FlowRequest> finished_;
  std::shared_ptr<const FlowResult> last_;
};

}  // namespace pathscope::qt
