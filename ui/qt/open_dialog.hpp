#pragma once
// Open a graph with the reader's options: format, edge-cost rule, minimum weight, node table.
#include <QComboBox>
#include <QDialog>
#include <QLineEdit>
#include <string>

#include "min_weight_box.hpp"

#include "pathscope/io/load.hpp"

namespace pathscope::qt {

class OpenDialog : public QDialog {
  Q_OBJECT
 public:
  explicit OpenDialog(QWidget* parent = nullptr);
  void set_values(const QString& file, const LoadOptions& options);
  QString file() const;
  LoadOptions options() const;

 private:
  QLineEdit* file_;
  QComboBox* format_;
  QComboBox* cost_rule_;
  MinWeightBox* min_weight_;
  QLineEdit* node_table_;
};

// The cost rules in menu order, with the words the CLI uses.
const QList<QPair<QString, EdgeCostRule>>& cost_rule_choices();
// The rule's word among those choices ("weight", "max-minus"), as files record it.
std::string cost_rule_word(EdgeCostRule rule);

}  // namespace pathscope::qt
