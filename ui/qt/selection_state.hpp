#pragma once
// A copy of everything a Selection holds: what is chosen, the answers shown for it (path, tour,
// reach set, path set and its entry) and the view choices. Undo and redo put one back whole,
// answers included, so stepping back is instant and finds nothing again.
#include <QString>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "selection.hpp"
#include "view_choices.hpp"

namespace pathscope::qt {

struct SelectionState {
  std::int32_t source = -1, target = -1;
  Path path;
  std::string method;
  QString path_error;
  std::vector<std::int32_t> stops;
  std::optional<Selection::Tour> tour;
  std::optional<ReachSet> reach;
  std::optional<Selection::PathSet> path_set;
  int path_set_index = -1;
  ViewChoices view;

  // Nothing chosen and nothing shown (the view choices aside).
  bool empty() const;
};

// The same choices and the same answers shown (timings and wording of methods aside).
bool operator==(const SelectionState& a, const SelectionState& b);
// The same choices, whatever path answers them: a path found again from a newly arrived
// all-pairs matrix is no new choice.
bool same_choices(const SelectionState& a, const SelectionState& b);

}  // namespace pathscope::qt
