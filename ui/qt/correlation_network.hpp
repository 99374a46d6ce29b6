#pragma once
// File › Correlation Network from Table: every pair of a table's rows correlated by core's
// engines (CPU, then GPU where there is one, as "Run both"), the survivors made the explorer's
// graph in memory by the front ends' one network builder (pathscope_ui_common/correlation_network.hpp):
// nodes = rows, arcs = pairs with |rho| over the cut-off.
#include <QDialog>
#include <QString>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "graph_session.hpp"
#include "pathscope/runtime/job.hpp"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;

namespace pathscope::qt {

struct CorrelationRequest {
  QString table;                      // TSV/CSV file
  QString method = QStringLiteral("spearman");
  double min_abs_rho = 0.8;
  std::optional<double> max_p;        // combined with min_abs_rho as the CLI does
  bool with_gpu = true;               // also time the GPU engine when one is available
  bool drop_isolated = false;         // only the rows that some surviving pair joins become nodes
};

struct CorrelationOutcome {
  std::shared_ptr<GraphSession> session;  // the network, built from the CPU engine's survivors
  struct Run {
    Timing timing;
    double pairs_tested = 0;  // used * (used - 1) / 2: the like-for-like count of the rate
    std::uint64_t survivors = 0;
  };
  std::vector<Run> runs;  // CPU first
};

// Runs on the job's thread. The GPU engine, when it runs, must find as many survivors as
// the CPU one (else Error). Throws Error / ParseError (file and line) / Cancelled.
CorrelationOutcome build_correlation_network(const CorrelationRequest& request, const JobContext& job);

// Why the GPU correlation engine cannot run here; empty when it can.
QString gpu_correlation_unavailable_reason();

class CorrelationDialog : public QDialog {
  Q_OBJECT
 public:
  explicit CorrelationDialog(QWidget* parent = nullptr);
  CorrelationRequest request() const;

 private:
  QLineEdit* table_;
  QComboBox* method_;
  QDoubleSpinBox* min_abs_rho_;
  QCheckBox* use_max_p_;
  QDoubleSpinBox* max_p_;
  QCheckBox* drop_isolated_;
  QCheckBox* with_gpu_;
};

}  // namespace pathscope::qt
