#include "type_matrix_controller.hpp"

namespace pathscope::qt {

TypeMatrixController::TypeMatrixController(Selection* selection, QObject* parent)
    : QObject(parent), selection_(selection), job_(new JobRunner(this)) {
  connect(job_, &JobRunner::failed, this, &TypeMatrixController::error);
}

void TypeMatrixController::set_session(std::shared_ptr<GraphSession> session) {
  if (session == session_) return;
  job_->cancel();
  session_ = std::move(session);
  matrix_.reset();
}

void TypeMatrixController::start(const TypeMatrixRequest& request) {
  if (!session_) return;
  auto session = session_;
  auto matrix = std::make_shared<TypeMatrix>();
  job_->run(
      tr("Type-to-type path lengths by %1").arg(QString::fromStdString(request.attribute)),
      [session, request, matrix](const JobContext& job) { *matrix = compute_type_matrix(*session, request, job); },
      [this, session, matrix] {
        if (session != session_) return;  // another graph was opened meanwhile
        matrix_ = matrix;
        Q_EMIT matrix_ready();
      });
}

void TypeMatrixController::show_cell(int row, int column) {
  if (!session_ || !matrix_ || row < 0 || column < 0 || static_cast<std::size_t>(row) >= matrix_->groups.size() ||
      static_cast<std::size_t>(column) >= matrix_->groups.size())
    return;
  const auto& groups = matrix_->groups;
  if (!matrix_->lengths.at(static_cast<std::size_t>(row), static_cast<std::size_t>(column)).has_path()) {
    Q_EMIT error(tr("Type-to-type"), tr("No %1 neuron reaches a %2 neuron: there is no path to show.")
                                         .arg(QString::fromStdString(groups[static_cast<std::size_t>(row)].name),
                                              QString::fromStdString(groups[static_cast<std::size_t>(column)].name)));
    return;
  }
  auto session = session_;
  auto matrix = matrix_;
  auto pair = std::make_shared<std::pair<std::int32_t, std::int32_t>>(-1, -1);
  job_->run(
      tr("Pair for %1 → %2")
          .arg(QString::fromStdString(groups[static_cast<std::size_t>(row)].name),
               QString::fromStdString(groups[static_cast<std::size_t>(column)].name)),
      [session, matrix, pair, row, column](const JobContext& job) {
        *pair = representative_pair(*session, *matrix, static_cast<std::size_t>(row), static_cast<std::size_t>(column), job);
      },
      [this, session, pair] {
        if (session != session_ || pair->first < 0) return;
        selection_->choose_pair(pair->first, pair->second);
        Q_EMIT pair_shown(pair->first, pair->second);
      });
}

}  // namespace pathscope::qt
