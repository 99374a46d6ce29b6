#pragma once
// The type-to-type panel's jobs: the matrix for the chosen groups, and the representative
// pair behind a clicked cell, each off the GUI thread on the panel's own job; the pair goes to
// the selection, which finds and shows its path as for two clicks.
#include <QObject>
#include <QString>
#include <memory>

#include "graph_session.hpp"
#include "job_runner.hpp"
#include "selection.hpp"
#include "type_matrix.hpp"

namespace pathscope::qt {

class TypeMatrixController : public QObject {
  Q_OBJECT
 public:
  explicit TypeMatrixController(Selection* selection, QObject* parent = nullptr);
  JobRunner* job() const { return job_; }

  // The graph the next matrix is for; the last graph's matrix and job are dropped.
  void set_session(std::shared_ptr<GraphSession> session);
  const GraphSession* session() const { return session_.get(); }
  // Computes the matrix; matrix_ready() or error() follows.
  void start(const TypeMatrixRequest& request);
  // The matrix shown (nullptr before the first one of this graph).
  const TypeMatrix* matrix() const { return matrix_.get(); }
  // Finds the cell's representative pair and chooses it on the selection; pair_shown() or
  // error() follows. A cell without a path says so through error().
  void show_cell(int row, int column);

 Q_SIGNALS:
  void matrix_ready();
  void pair_shown(int source, int target);
  void error(const QString& title, const QString& text);

 private:
  Selection* selection_;
  JobRunner* job_;
  std::shared_ptr<GraphSession> session_;
  std::shared_ptr<const TypeMatrix> matrix_;
};

}  // namespace pathscope::qt
