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
#include "pathscope/reach.hpp"
#include "pathscope/tsp.hpp"

namespace pathscope::qt {

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
  // The session's all-pairs matrix arrived: the path is found again from it.
  void refresh_path();

 Q_SIGNALS:
  void changed();
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
};

}  // namespace pathscope::qt
