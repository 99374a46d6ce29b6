#include "pathscope_demo/race_report.hpp"

#include <nlohmann/json.hpp>

#include "pathscope/atomic_file.hpp"

namespace pathscope::demo {
namespace {

nlohmann::json node_json(const Graph& g, std::int32_t u) {
  return {{"index", u}, {"id", g.display_id(u)}, {"label", g.label(u)}};
}

nlohmann::json lane_json(const Lane& lane, const char* value_name) {
  nlohmann::json j = {{"title", lane.title()}, {"engine", lane.engine()}, {"status", lane_state_name(lane.state())}};
  switch (lane.state()) {
    case LaneState::Unavailable: j["reason"] = lane.unavailable_reason(); break;
    case LaneState::Failed: j["error"] = lane.error(); break;
    case LaneState::Done: {
      const LaneOutcome& o = lane.outcome();
      j["device"] = o.timing.device;
      j["seconds"] = o.timing.seconds;
      j["compute_seconds"] = o.timing.compute_seconds;
      j["transfer_seconds"] = o.timing.transfer_seconds;
      j["updates"] = o.timing.updates;
      j["updates_per_second"] = o.timing.updates_per_second();
      j["fingerprint"] = o.fingerprint;  // apsp: "checksum <hex>" of the matrix; tsp: "length <L>"
      j["reachable"] = o.reachable;
      j[value_name] = o.reachable ? nlohmann::json(o.value) : nlohmann::json(nullptr);
      j["path"] = o.highlight;
      break;
    }
    default: break;
  }
  return j;
}

}  // namespace

std::string race_report_json(const Scene& scene, const Race& race) {
  const Graph& g = *scene.graph;
  nlohmann::json j;
  j["tool"] = "pathscope-demo";
  j["problem"] = race.problem;
  j["graph"] = {{"spec", scene.spec},       {"n", g.n}, {"arcs", g.arc_count()}, {"directed", g.directed},
                {"positions", scene.position_source}};
  j["dist_type"] = race.dist_type;
  const bool tour = race.problem == "tsp";
  // A path has a distance; a tour has a length.
  const char* value_name = tour ? "length" : "distance";
  if (tour) {
    j["question"]["stops"] = nlohmann::json::array();
    for (std::int32_t u : race.stops) j["question"]["stops"].push_back(node_json(g, u));
  } else {
    j["question"] = {{"source", node_json(g, race.question.source)}, {"target", node_json(g, race.question.target)}};
  }
  j["lanes"] = nlohmann::json::array();
  for (const auto& lane : race.lanes) j["lanes"].push_back(lane_json(*lane, value_name));
  const Lane* fastest = nullptr;
  if (const auto s = race.speedup(&fastest)) {
    j["speedup"] = {{"baseline", race.lanes.front()->engine()}, {"fastest", fastest->engine()}, {"factor", *s}};
  } else {
    j["speedup"] = nullptr;
  }
  if (const Lane* ref = race.reference()) {
    const LaneOutcome& o = ref->outcome();
    j["result"] = {{"engine", ref->engine()},
                   {"reachable", o.reachable},
                   {value_name, o.reachable ? nlohmann::json(o.value) : nlohmann::json(nullptr)},
                   {"hops", o.highlight.empty() ? 0 : o.highlight.size() - (o.closed ? 0 : 1)},
                   {"path", o.highlight},
                   {"closed", o.closed},
                   {"lanes_agree", race.lanes_agree()}};
  } else {
    j["result"] = nullptr;
  }
  return j.dump(2) + "\n";
}

void write_race_report(const std::string& path, const Scene& scene, const Race& race) {
  AtomicFile file(path);
  file.write(race_report_json(scene, race));
  file.commit();
}

}  // namespace pathscope::demo
