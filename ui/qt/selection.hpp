#pragma once
// What the person has chosen on the open graph: a source and target with the path between
// them, or tour stops and the best tour through them, or a source's reach set. Kept apart
// from the window (as a document is from its view): the window, the graph view and the path
// panel observe changed() and show the state; the rules of what replaces what live here.
#include <QObject>
#include <QString>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "graph_session.hpp"
#include "pathscope/paths/path_sets.hpp"
#include "pathscope/reach/reach.hpp"
#include "pathscope/tsp/tsp.hpp"
#include "view_choices.hpp"

namespace pathscope::qt {

struct SelectionState;  // selection_state.hpp

class Selection : public QObject {
  Q_OBJECT
 public:
  struct Tour {
    std::vector<std::int32_t> stops;  // graph nodes in tour order, the first one first
    std::vector<Path> legs;           // stops[i] -> stops[i+1], the last back to stops[0]
    Path walk;                        // the legs joined; arc_costs has the closing arc last
    TspResult result;
    std::string method;
  };
  // Several paths between the chosen pair (all shortest, or the k shortest), one of them shown.
  struct PathSet {
    enum class Kind { AllShortest, KShortest } kind = Kind::AllShortest;
    std::int32_t source = -1, target = -1;
    std::vector<ArcPath> paths;
    PathCount total;       // all shortest: how many there are (paths holds the first `limit`)
    std::int64_t limit = 0;  // the cap (all shortest) or k (k shortest) asked for
  };

  explicit Selection(QObject* parent = nullptr);

  // A new graph: nothing is chosen on it yet.
  void reset(std::shared_ptr<const GraphSession> session);
  const GraphSession* session() const { return session_.get(); }

  std::int32_t source() const { return source_; }
  std::int32_t target() const { return target_; }
  bool has_pair() const { return source_ >= 0 && target_ >= 0; }
  const Path& path() const { return path_; }
  const std::string& method() const { return method_; }  // how the path was found
  const QString& path_error() const { return path_error_; }  // why no path could be found
  const std::vector<std::int32_t>& stops() const { return stops_; }
  const Tour* tour() const { return tour_ ? &*tour_ : nullptr; }
  const ReachSet* reach() const { return reach_ ? &*reach_ : nullptr; }
  const PathSet* path_set() const { return path_set_ ? &*path_set_ : nullptr; }
  int path_set_index() const { return path_set_index_; }  // the entry shown, -1 with no set
  // A new number for each path set shown, so lists refill only when the set itself changed.
  std::uint64_t path_set_serial() const { return path_set_serial_; }

  // A click: the first one picks the source, the second the target (and finds the path),
  // the third starts over. Replaces stops, tour and reach set.
  void click(std::int32_t node);
  // Source and target at once; replaces everything else.
  void choose_pair(std::int32_t source, std::int32_t target);
  // Only a source (for a reach set); replaces everything else.
  void choose_source(std::int32_t node);
  // Adds a tour stop, or takes it out when it is one already; replaces the pair, tour and
  // reach set.
  void toggle_stop(std::int32_t node);
  // The stops in this order, replacing everything else.
  void choose_stops(const std::vector<std::int32_t>& nodes);
  // A computed tour or reach set replaces what was shown; the pair's target goes.
  void show_tour(Tour tour);
  void show_reach(ReachSet set);
  // The session's all-pairs matrix (or saved table) arrived: the path is found again from it,
  // unless an entry of a path set is shown.
  void refresh_path();
  // A computed path set for the chosen pair (dropped when the pair has changed meanwhile);
  // its first path is shown.
  void show_path_set(PathSet set);
  // Shows entry i of the path set (clamped to its range).
  void choose_in_path_set(int i);

  // Nothing chosen (Esc); a tour or reach set being computed is dropped with it.
  void clear();
  // A copy of everything held, answers included, and putting one back as it was: nothing is
  // computed again (undo and redo). restore() emits changed(), and view_changed() when the view
  // choices differ.
  SelectionState state() const;
  void restore(const SelectionState& state);

  // How the graph is shown; kept across reset() except the filter (its values belong to the
  // graph they were picked on). view_changed() follows a change, changed() does not.
  const ViewChoices& view() const { return view_; }
  void set_view(ViewChoices view);

 Q_SIGNALS:
  void changed();
  void view_changed();
  // A tour or reach set being computed no longer matches what is chosen.
  void query_outdated();
  // find_path failed; the pair stays chosen with no path.
  void path_failed(const QString& error);

 private:
  bool valid(std::int32_t node) const;
  void clear_all();
  void find_path_now();

  std::shared_ptr<const GraphSession> session_;
  std::int32_t source_ = -1, target_ = -1;
  Path path_;
  std::string method_;
  QString path_error_;
  std::vector<std::int32_t> stops_;
  std::optional<Tour> tour_;
  std::optional<ReachSet> reach_;
  std::optional<PathSet> path_set_;
  int path_set_index_ = -1;
  std::uint64_t path_set_serial_ = 0;
  ViewChoices view_;
};

}  // namespace pathscope::qt
