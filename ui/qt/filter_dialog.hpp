#pragma once
// Analysis › Filter Graph…: the conditions that keep nodes and arcs (one per line, as
// `--keep-nodes` and `--keep-arcs` take them: `side == left`, `synapses >= 10`,
// `cell_type ~ KC.*`), checked as typed; the graph is then loaded again keeping only what they
// keep (LoadOptions::keep). Empty lists keep everything.
#include <QDialog>
#include <QLabel>
#include <QPlainTextEdit>
#include <QStringList>

#include "pathscope/filter/graph_filter.hpp"

namespace pathscope::qt {

// One condition per non-blank line; throws UsageError naming the line that does not parse.
std::vector<AttributeCondition> parse_condition_lines(const QString& text, const QString& what);

class FilterDialog : public QDialog {
  Q_OBJECT
 public:
  FilterDialog(const GraphFilter& current, const QStringList& node_attributes, QWidget* parent = nullptr);
  GraphFilter filter() const { return filter_; }  // valid once accepted

  void accept() override;  // stays open, saying what is wrong, while a line does not parse

 private:
  QPlainTextEdit* nodes_;
  QPlainTextEdit* arcs_;
  QLabel* problem_;
  GraphFilter filter_;
};

}  // namespace pathscope::qt
