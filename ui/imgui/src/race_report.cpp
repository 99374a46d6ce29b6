#include "pathscope_demo/race_report.hpp"

#include <nlohmann/json.hpp>

#include "pathscope/apsp/gpu.hpp"
#include "pathscope/runtime/atomic_file.hpp"

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
      // apsp: "checksum <hex>" of the matrix; tsp: "length <L>"; reach: "checksum <hex>" of the
      // closure; correlate: "survivors <N>, pairs <hex>" (a digest of which pairs survived).
      j["fingerprint"] = o.fingerprint;
      for (const auto& [name, figure] : o.figures) j[name] = figure;
      if (!o.detail.empty()) j["arithmetic"] = o.detail;
      if (o.node_set) break;  // sets and networks are reported once, in the result
      j["reachable"] = o.reachable;
      j[value_name] = o.reachable ? nlohmann::json(o.value) : nlohmann::json(nullptr);
      j["path"] = o.highlight;
      break;
    }
    default: break;
  }
  return j;
}

nlohmann::json network_json(const CorrelationNetwork& net) {
  nlohmann::json nodes = nlohmann::json::array(), arcs = nlohmann::json::array();
  for (std::int32_t u = 0; u < net.node_count(); ++u) nodes.push_back({{"row", net.table_rows[u]}, {"label", net.labels[u]}});
  for (std::int64_t a = 0; a < net.arc_count(); ++a) {
    arcs.push_back({{"i", net.arcs[2 * a]}, {"j", net.arcs[2 * a + 1]}, {"rho", net.rho[a]}});
  }
  nlohmann::json hub = nullptr;
  if (net.hub >= 0) hub = {{"node", net.hub}, {"row", net.table_rows[net.hub]}, {"label", net.labels[net.hub]}};
  return {{"nodes", nodes}, {"arcs", arcs}, {"hub", hub}, {"hub_set", net.hub_set}};
}

// The reach and correlate results: a set (and a network) rather than a path.
nlohmann::json set_result_json(const Graph& g, const Race& race, const Lane& ref) {
  const LaneOutcome& o = ref.outcome();
  nlohmann::json r = {{"engine", ref.engine()}, {"fingerprint", o.fingerprint}, {"lanes_agree", race.lanes_agree()}};
  if (race.problem == "reach") {
    r["from"] = node_json(g, race.question.source);
    r["reachable_count"] = static_cast<std::int64_t>(o.value);
    r["reachable"] = o.highlight;  // node indices, ascending; R+: the start only when on a cycle
    return r;
  }
  r["survivors"] = static_cast<std::uint64_t>(o.value);
  if (o.network) {
    r["network"] = network_json(*o.network);
    r["hub_partners"] = o.network->hub_set.empty() ? 0 : o.network->hub_set.size() - 1;
  }
  return r;
}

}  // namespace

std::string race_report_json(const Scene& scene, const Race& race) {
  const Graph& g = *scene.graph;
  nlohmann::json j;
  j["tool"] = "pathscope-demo";
  {
    // The machine's GPU state as the panel showed it before the race, in the one wording.
    const GpuInfo gpu = gpu_info();
    j["gpu"] = {{"available", gpu.available}, {"reason", gpu.reason}, {"name", gpu.name}};
  }
  j["problem"] = race.problem;
  if (scene.table) {
    const Table& t = *scene.table;
    j["table"] = {{"spec", scene.spec}, {"rows", t.rows}, {"columns", t.layout.columns()},
                  {"row_names", t.layout.has_row_names}, {"skipped_columns", t.layout.skipped_columns}};
  } else {
    j["graph"] = {{"spec", scene.spec},       {"n", g.n}, {"arcs", g.arc_count()}, {"directed", g.directed},
                  {"positions", scene.drawn.position_source}};
  }
  j["dist_type"] = race.dist_type;
  const bool tour = race.problem == "tsp";
  // A path has a distance; a tour has a length.
  const char* value_name = tour ? "length" : "distance";
  if (tour) {
    j["question"]["stops"] = nlohmann::json::array();
    for (std::int32_t u : race.stops) j["question"]["stops"].push_back(node_json(g, u));
  } else if (race.problem == "reach") {
    j["question"] = {{"from", node_json(g, race.question.source)}, {"direction", "downstream"}};
  } else if (race.problem == "correlate") {
    const CorrelationQuestion& q = race.correlation;
    j["question"] = {{"method", q.method}, {"min_abs_rho", q.min_abs_rho}, {"max_arcs", q.max_arcs}};
  } else {
    j["question"] = {{"source", node_json(g, race.question.source)}, {"target", node_json(g, race.question.target)}};
  }
  j["lanes"] = nlohmann::json::array();
  for (std::size_t i = 0; i < race.lanes.size(); ++i) {
    j["lanes"].push_back(lane_json(*race.lanes[i], value_name));
    if (race.naive_cpu_lane_skipped && static_cast<int>(i) == race.naive_cpu_lane) j["lanes"].back()["status"] = "skipped";
  }
  const Lane* fastest = nullptr;
  if (const auto s = race.speedup(&fastest)) {
    j["speedup"] = {{"baseline", race.lanes.front()->engine()}, {"fastest", fastest->engine()}, {"factor", *s}};
  } else {
    j["speedup"] = nullptr;
  }
  if (race.naive_cpu_lane > 0) {
    const auto naive = race.naive_cpu_speedup();
    j["naive_cpu_speedup"] = naive ? nlohmann::json{{"baseline", race.lanes[race.naive_cpu_lane]->engine()},
                                                    {"engine", race.lanes.front()->engine()},
                                                    {"factor", *naive}}
                                   : nlohmann::json(nullptr);
  }
  if (const Lane* ref = race.reference(); ref && ref->outcome().node_set) {
    j["result"] = set_result_json(g, race, *ref);
  } else if (ref) {
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
