#pragma once
// Analysis › Information Flow…: the seeds (the nodes chosen on the graph, or every node with a
// given value of an attribute, such as one sensory cell type), the number of runs and the
// engine. GPU choices are greyed with the engine's reason when it cannot run here.
#include <QComboBox>
#include <QDialog>
#include <QLabel>
#include <QRadioButton>
#include <QSpinBox>
#include <vector>

#include "analysis_requests.hpp"
#include "graph_session.hpp"

namespace pathscope::qt {

class FlowDialog : public QDialog {
  Q_OBJECT
 public:
  // chosen: the nodes chosen on the graph (stops, or source and target), offered as seeds.
  FlowDialog(const GraphSession& session, std::vector<std::int32_t> chosen, QWidget* parent = nullptr);
  // The seeds as chosen now (empty when the choice names no node).
  FlowRequest request() const;

 private:
  void list_values();
  void update_count();

  const GraphSession& session_;
  std::vector<std::int32_t> chosen_;
  QRadioButton* by_selection_;
  QRadioButton* by_value_;
  QComboBox* attribute_;
  QComboBox* value_;
  QSpinBox* repetitions_;
  QComboBox* engine_;
  QLabel* count_;
};

}  // namespace pathscope::qt
