#include "all_pairs_controller.hpp"

#include "pathscope/apsp/apsp_in_turn.hpp"
#include "pathscope/apsp/gpu.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::qt {

AllPairsController::AllPairsController(Selection* selection, TimingPanel* timing_panel, QObject* parent)
    : QObject(parent), selection_(selection), timing_panel_(timing_panel), job_(new JobRunner(this)) {
  connect(job_, &JobRunner::failed, this, [this](const QString& title, const QString& error) {
    if (!session_ || !session_->apsp) no_matrix_reason_ = tr("all pairs failed");
    Q_EMIT changed();
    Q_EMIT this->error(title, error);
  });
  connect(job_, &JobRunner::finished, this, [this](const QString&, bool cancelled, const QString&) {
    if (cancelled) no_matrix_reason_ = tr("all pairs cancelled");
    timing_panel_->set_run_enabled(session_ != nullptr);
    Q_EMIT changed();
  });
}

void AllPairsController::set_session(std::shared_ptr<GraphSession> session) {
  job_->cancel();
  session_ = std::move(session);
  no_matrix_reason_.clear();
}

void AllPairsController::start(const QString& engine_name) {
  if (!session_ || engine_name.isEmpty()) return;
  auto session = session_;
  const Graph& g = session->graph();
  ApspOptions options;
  options.dist = apsp_dist_type(g);
  const auto need = apsp_result_bytes(g.n, options.dist, false);
  const auto budget = effective_memory_budget(options);
  if (need > budget) {
    no_matrix_reason_ = tr("matrix %1 over budget %2")
                            .arg(QString::fromStdString(format_bytes(need)), QString::fromStdString(format_bytes(budget)));
    Q_EMIT changed();
    return;
  }
  std::shared_ptr<ApspEngine> engine;
  try {
    engine = make_apsp_engine(engine_name.toStdString());
  } catch (const Error& e) {
    Q_EMIT error(tr("All pairs"), QString::fromStdString(e.what()));
    return;
  }
  if (const auto why = engine->unavailable_reason(); !why.empty()) {
    timing_panel_->add_unavailable(engine_name, QString::fromStdString(why));
    no_matrix_reason_ = tr("%1 unavailable").arg(engine_name);
    Q_EMIT changed();
    return;
  }
  auto result = std::make_shared<ApspResult>();
  job_->run(
      tr("All pairs (%1)").arg(engine_name),
      [engine, session, options, result](const JobContext& job) { *result = engine->run(session->graph(), options, job); },
      [this, session, result] {
        if (session != session_) return;  // another graph was opened meanwhile
        session_->apsp = result;
        session_->timings.push_back(result->timing);
        timing_panel_->add_run(result->timing, tr("all pairs"), double(session_->graph().n) * session_->graph().n);
        selection_->refresh_path();
        Q_EMIT changed();
        Q_EMIT all_pairs_ready();
      });
}

void AllPairsController::run_both() {
  if (!session_) return;
  auto session = session_;
  ApspOptions options;
  options.dist = apsp_dist_type(session->graph());
  // The CPU matrix is kept when there is none yet: paths are then answered from it.
  const std::vector<ApspTurn> turns = {{make_apsp_engine("blocked"), !session->apsp},
                                       {make_apsp_engine("gpu-blocked"), false}};
  auto outcomes = std::make_shared<std::vector<ApspTurnOutcome>>();
  timing_panel_->set_run_enabled(false);
  job_->run(
      tr("Run both"),
      [session, options, turns, outcomes](const JobContext& job) {
        *outcomes = run_apsp_in_turn(session->graph(), options, turns, job);
      },
      [this, session, outcomes] {
        if (session != session_) return;
        for (const auto& outcome : *outcomes) {
          if (!outcome.ran()) {
            std::string reason = outcome.unavailable_reason;
            const auto info = gpu_info();
            if (!info.available && !info.reason.empty() && info.reason != reason) reason += " (" + info.reason + ")";
            timing_panel_->add_unavailable(QString::fromStdString(outcome.engine), QString::fromStdString(reason));
            continue;
          }
          timing_panel_->add_run(outcome.timing, tr("all pairs"), double(session_->graph().n) * session_->graph().n);
          session_->timings.push_back(outcome.timing);
          if (outcome.result && !session_->apsp) {
            session_->apsp = outcome.result;
            selection_->refresh_path();
          }
        }
        Q_EMIT changed();
        Q_EMIT all_pairs_ready();
      });
}

}  // namespace pathscope::qt
