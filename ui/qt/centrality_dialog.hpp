#pragma once
// Analysis › Centrality…: which measure, on hops or the graph's costs, exact or from sampled
// sources, on which engine. Sampling is proposed when the exact run would take long on this
// CPU (the estimate is shown), and the GPU choices are greyed with the engine's reason when it
// cannot run here.
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QLabel>
#include <QSpinBox>

#include "analysis_requests.hpp"
#include "pathscope/graph/graph.hpp"

namespace pathscope::qt {

// A rough wall time of the CPU engine for this request on this graph with `threads` threads:
// each source searched scans every arc (BFS for hops, Dijkstra for costs), PageRank scans every
// arc per iteration, degrees and strengths are one scan. For choosing, not for promising.
double estimated_cpu_seconds(const Graph& g, const CentralityRequest& request, int threads);

// Sampled betweenness is proposed when the exact estimate passes this, with enough sources to
// fit in about kSampledTargetSeconds.
inline constexpr double kLongExactSeconds = 30;
inline constexpr double kSampledTargetSeconds = 10;

class CentralityDialog : public QDialog {
  Q_OBJECT
 public:
  CentralityDialog(const Graph& g, const CentralityRequest& last, QWidget* parent = nullptr);
  CentralityRequest request() const;

 private:
  void update_estimate();

  const Graph& graph_;
  QComboBox* measure_;
  QComboBox* costs_;
  QCheckBox* sampled_;
  QSpinBox* samples_;
  QComboBox* engine_;
  QLabel* estimate_;
};

}  // namespace pathscope::qt
