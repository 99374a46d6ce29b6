#include "centrality_controller.hpp"

#include <QTimer>
#include <algorithm>

#include "pathscope/runtime/error.hpp"

namespace pathscope::qt {
namespace {

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<int>(s.size())); }

struct EngineRun {
  std::string name;
  std::shared_ptr<CentralityEngine> engine;
  Timing timing;
};

}  // namespace

CentralityController::CentralityController(TimingPanel* timing_panel, QObject* parent)
    : QObject(parent), timing_panel_(timing_panel), job_(new JobRunner(this)) {
  connect(job_, &JobRunner::failed, this, &CentralityController::error);
  // A cancelled or failed run ends a session's list where it stands.
  connect(job_, &JobRunner::finished, this, [this](const QString&, bool cancelled, const QString& failure) {
    if (cancelled || !failure.isEmpty()) queued_.clear();
  });
}

void CentralityController::set_session(std::shared_ptr<GraphSession> session) {
  if (session == session_) return;
  job_->cancel();
  queued_.clear();
  finished_.clear();
  last_.reset();
  session_ = std::move(session);
}

void CentralityController::start(const CentralityRequest& request) { start_in_turn({request}); }

void CentralityController::start_in_turn(std::vector<CentralityRequest> requests) {
  queued_.assign(requests.begin(), requests.end());
  run_next();
}

void CentralityController::run_next() {
  if (!session_ || queued_.empty()) return;
  const CentralityRequest request = queued_.front();
  queued_.pop_front();
  const QString measure = qs(centrality_measure_name(request.measure));

  auto runs = std::make_shared<std::vector<EngineRun>>();
  for (const auto& name : engines_of(request.engine)) {
    std::shared_ptr<CentralityEngine> engine;
    try {
      engine = make_centrality_engine(name);
    } catch (const Error& e) {
      queued_.clear();
      Q_EMIT error(tr("Centrality"), QString::fromStdString(e.what()));
      return;
    }
    if (const auto why = engine->unavailable_reason(); !why.empty()) {
      timing_panel_->add_unavailable(QString::fromStdString(name), QString::fromStdString(why));
      continue;
    }
    runs->push_back({name, std::move(engine), {}});
  }
  if (runs->empty()) {
    queued_.clear();
    Q_EMIT error(tr("Centrality"), tr("No engine can compute %1 here: the timing panel says why.").arg(measure));
    return;
  }

  CentralityOptions options;
  options.measures = {request.measure};
  options.hops = request.hops;
  options.samples = request.samples;
  auto session = session_;
  auto result = std::make_shared<CentralityResult>();
  const QString how = request.samples > 0 ? tr("%1 sampled sources").arg(request.samples) : tr("exact");
  job_->run(
      tr("%1 (%2, %3)").arg(measure, how, request.hops ? tr("hops") : tr("costs")),
      [session, options, runs, result](const JobContext& job) {
        const double parts = static_cast<double>(runs->size());
        for (std::size_t i = 0; i < runs->size(); ++i) {
          auto& run = (*runs)[i];
          CentralityResult r = run.engine->run(session->graph(), options, job.slice(i / parts, (i + 1) / parts));
          run.timing = r.timing;
          if (run.timing.engine.empty()) run.timing.engine = run.name;
          if (i == 0) *result = std::move(r);  // the first engine's values are the ones shown
        }
      },
      [this, session, request, runs, result, measure] {
        if (session != session_) return;  // another graph was opened meanwhile
        for (const auto& run : *runs) {
          timing_panel_->add_run(run.timing, tr("centrality"), static_cast<double>(session_->graph().n));
          session_->timings.push_back(run.timing);
        }
        session_->computed.set(measure.toStdString(), result->values(request.measure));
        const auto same = std::find_if(finished_.begin(), finished_.end(),
                                       [&](const CentralityRequest& r) { return r.measure == request.measure; });
        if (same != finished_.end()) {
          *same = request;
        } else {
          finished_.push_back(request);
        }
        last_ = result;
        Q_EMIT values_ready(measure);
        // Queued, so the next run starts after this one's finished() has gone out.
        if (!queued_.empty()) QTimer::singleShot(0, this, &CentralityController::run_next);
      });
}

}  // namespace pathscope::qt
