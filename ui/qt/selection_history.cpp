#include "selection_history.hpp"

#include <QUndoCommand>
#include <algorithm>
#include <utility>

namespace pathscope::qt {

// One step: the selection before and after it. QUndoStack::push runs redo() at once, when the
// selection already holds `after`, so the first redo does nothing.
class SelectionStep : public QUndoCommand {
 public:
  // Steps with this id are entries of one path set shown in turn: they merge into one.
  static constexpr int kPathSetEntry = 1;

  SelectionStep(SelectionHistory* history, SelectionState before, SelectionState after, const QString& text, int id)
      : QUndoCommand(text), history_(history), before_(std::move(before)), after_(std::move(after)), id_(id) {}

  int id() const override { return id_; }
  void undo() override { history_->put_back(before_); }
  void redo() override {
    if (first_redo_) {
      first_redo_ = false;
      return;
    }
    history_->put_back(after_);
  }
  bool mergeWith(const QUndoCommand* other) override {
    const auto* next = static_cast<const SelectionStep*>(other);
    if (next->id_ != kPathSetEntry || !same_choices(next->before_, after_)) return false;
    after_ = next->after_;
    setText(next->text());
    // Stepped back to the entry it started from: the step is no step.
    setObsolete(same_choices(before_, after_));
    return true;
  }

 private:
  SelectionHistory* history_;
  SelectionState before_, after_;
  int id_;
  bool first_redo_ = true;
};

SelectionHistory::SelectionHistory(Selection* selection, QObject* parent)
    : QObject(parent), selection_(selection), stack_(new QUndoStack(this)) {
  stack_->setUndoLimit(500);  // each step holds its answers; a long session stays bounded
  connect(selection_, &Selection::changed, this, &SelectionHistory::record);
  connect(selection_, &Selection::view_changed, this, &SelectionHistory::record);
}

void SelectionHistory::record() {
  if (restoring_) return;
  SelectionState now = selection_->state();
  if (selection_->session() != session_) {
    // Node numbers of the last graph mean nothing on this one.
    session_ = selection_->session();
    stack_->clear();
    last_ = std::move(now);
    return;
  }
  if (same_choices(last_, now) || !session_) {
    last_ = std::move(now);
    return;
  }
  const bool entry_only = last_.path_set && now.path_set && last_.path_set_index != now.path_set_index &&
                          same_choices([&] {
                            SelectionState moved = last_;
                            moved.path_set_index = now.path_set_index;
                            return moved;
                          }(), now);
  const QString text = describe(last_, now, session_->graph());
  SelectionState before = std::exchange(last_, now);
  stack_->push(new SelectionStep(this, std::move(before), std::move(now), text,
                                 entry_only ? SelectionStep::kPathSetEntry : -1));
}

void SelectionHistory::put_back(const SelectionState& state) {
  restoring_ = true;
  selection_->restore(state);
  restoring_ = false;
  last_ = selection_->state();
}

QString SelectionHistory::describe(const SelectionState& before, const SelectionState& after, const Graph& graph) {
  const auto name = [&](std::int32_t u) { return QString::fromStdString(graph.label(u)); };
  if (after.empty() && !before.empty()) return tr("clear selection");
  if (!(before.view == after.view)) {
    const ViewChoices &was = before.view, &now = after.view;
    if (was.arcs != now.arcs) {
      return now.arcs == ViewChoices::Arcs::Shown   ? tr("show arcs")
             : now.arcs == ViewChoices::Arcs::Faded ? tr("fade arcs")
                                                    : tr("hide arcs");
    }
    if (was.label_attribute != now.label_attribute) {
      return now.label_attribute.empty() ? tr("label by name")
                                         : tr("label by %1").arg(QString::fromStdString(now.label_attribute));
    }
    if (was.colour_attribute != now.colour_attribute) {
      return now.colour_attribute.empty() ? tr("one colour")
                                          : tr("colour by %1").arg(QString::fromStdString(now.colour_attribute));
    }
    if (was.colour_scale != now.colour_scale) {
      return now.colour_scale == ViewChoices::Scale::Log      ? tr("log colour scale")
             : now.colour_scale == ViewChoices::Scale::Linear ? tr("linear colour scale")
                                                              : tr("automatic colour scale");
    }
    return now.filter_attribute.empty() ? tr("show every node")
                                        : tr("filter by %1").arg(QString::fromStdString(now.filter_attribute));
  }
  if (after.tour && (!before.tour || before.tour->stops != after.tour->stops ||
                     before.tour->walk.nodes != after.tour->walk.nodes)) {
    return tr("tour through %1 stops").arg(after.tour->stops.size());
  }
  if (after.reach) {
    return after.reach->direction == ReachDirection::Downstream ? tr("reachable from %1").arg(name(after.reach->start))
                                                                : tr("upstream of %1").arg(name(after.reach->start));
  }
  if (after.path_set) {
    if (!before.path_set || before.path_set->paths.size() != after.path_set->paths.size() ||
        before.path_set->kind != after.path_set->kind || before.source != after.source ||
        before.target != after.target) {
      return after.path_set->kind == Selection::PathSet::Kind::AllShortest
                 ? tr("all shortest paths %1 → %2").arg(name(after.source), name(after.target))
                 : tr("k shortest paths %1 → %2").arg(name(after.source), name(after.target));
    }
    return tr("show path %1 of the set").arg(after.path_set_index + 1);
  }
  if (before.stops != after.stops) {
    const auto missing_from = [](const std::vector<std::int32_t>& in, const std::vector<std::int32_t>& from) {
      for (auto u : from) {
        if (std::find(in.begin(), in.end(), u) == in.end()) return u;
      }
      return std::int32_t{-1};
    };
    if (after.stops.size() == before.stops.size() + 1) return tr("add stop %1").arg(name(after.stops.back()));
    if (after.stops.size() + 1 == before.stops.size()) {
      return tr("remove stop %1").arg(name(missing_from(after.stops, before.stops)));
    }
    return after.stops.size() == 1 ? tr("choose stop %1").arg(name(after.stops.front()))
                                   : tr("choose %1 stops").arg(after.stops.size());
  }
  if (after.target >= 0) {
    return after.source == before.source ? tr("choose target %1").arg(name(after.target))
                                         : tr("choose %1 → %2").arg(name(after.source), name(after.target));
  }
  if (after.source >= 0) return tr("choose source %1").arg(name(after.source));
  return tr("change selection");
}

}  // namespace pathscope::qt
