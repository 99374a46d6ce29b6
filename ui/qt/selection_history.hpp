#pragma once
// Undo and redo of what is chosen on the graph: each change of the Selection a person makes
// (a click, a stop, a tour, a reach set, a path set or its entry shown, a view choice, Esc) is
// one step on a QUndoStack, holding the state before and after it whole, so undo puts the
// answers back without finding them again. Stepping through a path set's entries is one step.
// Answers arriving for the same choices (a path found again from a new all-pairs matrix) are no
// step; a new graph empties the stack.
#include <QObject>
#include <QString>
#include <QUndoStack>

#include "selection.hpp"
#include "selection_state.hpp"

namespace pathscope::qt {

class SelectionHistory : public QObject {
  Q_OBJECT
 public:
  explicit SelectionHistory(Selection* selection, QObject* parent = nullptr);
  QUndoStack* stack() const { return stack_; }

  // What a step from `before` to `after` did, for "Undo …" and "Redo …": "choose target 1519".
  static QString describe(const SelectionState& before, const SelectionState& after, const Graph& graph);

 private:
  friend class SelectionStep;
  void record();
  void put_back(const SelectionState& state);

  Selection* selection_;
  QUndoStack* stack_;
  SelectionState last_;  // what the selection held after the last step or restore
  const GraphSession* session_ = nullptr;
  bool restoring_ = false;
};

}  // namespace pathscope::qt
