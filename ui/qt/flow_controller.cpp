#include "flow_controller.hpp"

#include "pathscope/runtime/error.hpp"

namespace pathscope::qt {
namespace {

struct EngineRun {
  std::string name;
  std::shared_ptr<FlowEngine> engine;
  Timing timing;
};

}  // namespace

FlowController::FlowController(TimingPanel* timing_panel, QObject* parent)
    : QObject(parent), timing_panel_(timing_panel), job_(new JobRunner(this)) {
  connect(job_, &JobRunner::failed, this, &FlowController::error);
}

void FlowController::set_session(std::shared_ptr<GraphSession> session) {
  if (session == session_) return;
  job_->cancel();
  finished_.reset();
  last_.reset();
  session_ = std::move(session);
}

void FlowController::start(const FlowRequest& request) {
  if (!session_) return;
  if (request.seeds.empty()) {
    Q_EMIT error(tr("Information flow"), tr("Choose the seeds first: select nodes, or name a cell type."));
    return;
  }
  auto runs = std::make_shared<std::vector<EngineRun>>();
  for (const auto& name : engines_of(request.engine)) {
    std::shared_ptr<FlowEngine> engine;
    try {
      engine = make_flow_engine(name);
    } catch (const Error& e) {
      Q_EMIT error(tr("Information flow"), QString::fromStdString(e.what()));
      return;
    }
    if (const auto why = engine->unavailable_reason(); !why.empty()) {
      timing_panel_->add_unavailable(QString::fromStdString(name), QString::fromStdString(why));
      continue;
    }
    runs->push_back({name, std::move(engine), {}});
  }
  if (runs->empty()) {
    Q_EMIT error(tr("Information flow"), tr("No engine can compute flow layers here: the timing panel says why."));
    return;
  }
  FlowOptions options;
  options.seeds = request.seeds;
  options.repetitions = request.repetitions;
  auto session = session_;
  auto result = std::make_shared<FlowResult>();
  job_->run(
      tr("Flow layers from %1 (%2 runs)").arg(QString::fromStdString(request.seed_label)).arg(request.repetitions),
      [session, options, runs, result](const JobContext& job) {
        const double parts = static_cast<double>(runs->size());
        for (std::size_t i = 0; i < runs->size(); ++i) {
          auto& run = (*runs)[i];
          FlowResult r = run.engine->run(session->graph(), options, job.slice(i / parts, (i + 1) / parts));
          run.timing = r.timing;
          if (run.timing.engine.empty()) run.timing.engine = run.name;
          if (i == 0) *result = std::move(r);  // the first engine's layers are the ones shown
        }
      },
      [this, session, request, runs, result] {
        if (session != session_) return;  // another graph was opened meanwhile
        for (const auto& run : *runs) {
          timing_panel_->add_run(run.timing, tr("flow"), static_cast<double>(result->repetitions));
          session_->timings.push_back(run.timing);
        }
        session_->computed.set(kFlowLayer, result->mean_layer);
        session_->computed.set(kFlowLayerDeviation, result->layer_deviation);
        session_->computed.set(kFlowReached, std::vector<double>(result->times_reached.begin(), result->times_reached.end()));
        finished_ = request;
        last_ = result;
        Q_EMIT layers_ready();
      });
}

}  // namespace pathscope::qt
