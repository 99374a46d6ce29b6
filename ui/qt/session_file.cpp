#include "session_file.hpp"

#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <utility>

#include "exports.hpp"
#include "open_dialog.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::qt {
namespace {

using nlohmann::json;

// Words in the file for each enum, so a session stays readable and edits by hand are checked.
const std::array<std::pair<SessionFile::Shown, const char*>, 6> kShown = {{{SessionFile::Shown::Nothing, "nothing"},
                                                                          {SessionFile::Shown::Path, "path"},
                                                                          {SessionFile::Shown::Tour, "tour"},
                                                                          {SessionFile::Shown::TourThroughAll, "tour-all"},
                                                                          {SessionFile::Shown::Reach, "reach"},
                                                                          {SessionFile::Shown::PathSet, "path-set"}}};
const std::array<std::pair<ViewChoices::Arcs, const char*>, 3> kArcs = {
    {{ViewChoices::Arcs::Shown, "shown"}, {ViewChoices::Arcs::Faded, "faded"}, {ViewChoices::Arcs::Hidden, "hidden"}}};
const std::array<std::pair<ReachDirection, const char*>, 2> kDirections = {
    {{ReachDirection::Downstream, "downstream"}, {ReachDirection::Upstream, "upstream"}}};
const std::array<std::pair<ViewChoices::Scale, const char*>, 3> kScales = {{{ViewChoices::Scale::Automatic, "automatic"},
                                                                            {ViewChoices::Scale::Linear, "linear"},
                                                                            {ViewChoices::Scale::Log, "log"}}};
const std::array<std::pair<bool, const char*>, 2> kCosts = {{{true, "hops"}, {false, "graph"}}};
const std::array<std::pair<std::string_view, const char*>, 3> kEngines = {
    {{"cpu", "cpu"}, {"gpu", "gpu"}, {"both", "both"}}};
const std::array<std::pair<Selection::PathSet::Kind, const char*>, 2> kPathSetKinds = {
    {{Selection::PathSet::Kind::AllShortest, "all-shortest"}, {Selection::PathSet::Kind::KShortest, "k-shortest"}}};

template <typename E, std::size_t N>
const char* word_of(const std::array<std::pair<E, const char*>, N>& words, E value) {
  for (const auto& [v, word] : words) {
    if (v == value) return word;
  }
  return words[0].second;
}

json node_or_null(const std::optional<std::int64_t>& id) { return id ? json(*id) : json(); }

// Reads the fields of one object, each checked for its kind; errors name the field's path.
class Fields {
 public:
  Fields(const json& object, std::string where) : object_(object), where_(std::move(where)) {
    if (!object_.is_object()) throw Error(where_ + " must be an object");
  }
  bool has(const char* key) const { return object_.contains(key) && !object_.at(key).is_null(); }
  Fields object(const char* key) const { return {has(key) ? object_.at(key) : empty(), name(key)}; }
  std::string text(const char* key, std::string fallback = {}) const {
    if (!has(key)) return fallback;
    if (!object_.at(key).is_string()) throw Error(name(key) + " must be a string");
    return object_.at(key).get<std::string>();
  }
  double number(const char* key, double fallback) const {
    if (!has(key)) return fallback;
    if (!object_.at(key).is_number()) throw Error(name(key) + " must be a number");
    return object_.at(key).get<double>();
  }
  std::int64_t integer(const char* key, std::int64_t fallback) const {
    if (!has(key)) return fallback;
    if (!object_.at(key).is_number_integer()) throw Error(name(key) + " must be a whole number");
    return object_.at(key).get<std::int64_t>();
  }
  std::optional<std::int64_t> optional_integer(const char* key) const {
    if (!has(key)) return std::nullopt;
    return integer(key, 0);
  }
  bool flag(const char* key, bool fallback) const {
    if (!has(key)) return fallback;
    if (!object_.at(key).is_boolean()) throw Error(name(key) + " must be true or false");
    return object_.at(key).get<bool>();
  }
  std::vector<std::int64_t> integers(const char* key) const {
    std::vector<std::int64_t> out;
    for (const auto& v : array(key)) {
      if (!v.is_number_integer()) throw Error(name(key) + " must list whole numbers");
      out.push_back(v.get<std::int64_t>());
    }
    return out;
  }
  std::vector<std::string> texts(const char* key) const {
    std::vector<std::string> out;
    for (const auto& v : array(key)) {
      if (!v.is_string()) throw Error(name(key) + " must list strings");
      out.push_back(v.get<std::string>());
    }
    return out;
  }
  // Each element of the list `key`, as an object whose errors name it ("computed.centrality[1]").
  std::vector<Fields> objects(const char* key) const {
    std::vector<Fields> out;
    const json& list = has(key) ? object_.at(key) : empty_list();
    if (!list.is_array()) throw Error(name(key) + " must be a list");
    for (std::size_t i = 0; i < list.size(); ++i) out.emplace_back(list[i], name(key) + "[" + std::to_string(i) + "]");
    return out;
  }
  template <typename E, std::size_t N>
  E choice(const char* key, const std::array<std::pair<E, const char*>, N>& words) const {
    const std::string word = text(key, words[0].second);
    for (const auto& [value, w] : words) {
      if (word == w) return value;
    }
    std::string known;
    for (const auto& [value, w] : words) known += (known.empty() ? "" : ", ") + std::string(w);
    throw Error(name(key) + " is '" + word + "', not one of " + known);
  }

 private:
  static const json& empty() {
    static const json nothing = json::object();
    return nothing;
  }
  static const json& empty_list() {
    static const json nothing = json::array();
    return nothing;
  }
  json array(const char* key) const {
    if (!has(key)) return json::array();
    if (!object_.at(key).is_array()) throw Error(name(key) + " must be a list");
    return object_.at(key);
  }
  std::string name(const char* key) const { return where_ + "." + key; }
  const json& object_;
  std::string where_;
};

QByteArray from_base64(const std::string& text) {
  return QByteArray::fromBase64(QByteArray::fromStdString(text));
}

SessionFile parse_session(const json& j) {
  const Fields top(j, "session");
  if (!j.contains("pathscope_session")) throw Error("not a pathscope session (no \"pathscope_session\" version)");
  const std::int64_t version = top.integer("pathscope_session", 0);
  if (version < SessionFile::kOldestVersion || version > SessionFile::kVersion) {
    throw Error("session version " + std::to_string(version) + " is not known here (this pathscope reads versions " +
                std::to_string(SessionFile::kOldestVersion) + " to " + std::to_string(SessionFile::kVersion) + ")");
  }
  SessionFile s;
  const Fields graph = top.object("graph");
  s.graph = graph.text("file");
  if (s.graph.empty()) throw Error("graph.file is missing: the session names no graph");
  LoadOptions& o = s.options;
  o.format = graph.text("format");
  o.cost_rule = parse_edge_cost_rule(graph.text("cost_rule", "weight"));
  o.min_weight = graph.number("min_weight", o.min_weight);
  o.min_synapses = graph.integer("min_synapses", o.min_synapses);
  o.source_column = graph.text("source_column");
  o.target_column = graph.text("target_column");
  o.weight_column = graph.text("weight_column");
  o.weight_attribute = graph.text("weight_attribute");
  o.node_table = graph.text("node_table");
  o.force_undirected = graph.flag("force_undirected", o.force_undirected);
  o.dense_no_arc = graph.number("dense_no_arc", o.dense_no_arc);
  o.dense_zero_is_arc = graph.flag("dense_zero_is_arc", o.dense_zero_is_arc);
  const auto conditions = [&](const char* key) {
    std::vector<AttributeCondition> out;
    for (const auto& text : graph.texts(key)) {
      try {
        out.push_back(parse_attribute_condition(text));
      } catch (const Error& e) {
        throw Error("graph." + std::string(key) + ": " + e.what());
      }
    }
    return out;
  };
  o.keep.nodes = conditions("keep_nodes");
  o.keep.arcs = conditions("keep_arcs");

  const Fields chosen = top.object("selection");
  s.source = chosen.optional_integer("source");
  s.target = chosen.optional_integer("target");
  s.stops = chosen.integers("stops");
  s.shown = chosen.choice("shown", kShown);
  const Fields reach = chosen.object("reach");
  s.reach_direction = reach.choice("direction", kDirections);
  if (reach.has("max_hops")) {  // null: any number of hops
    const std::int64_t hops = reach.integer("max_hops", 0);
    if (hops < 0 || hops > std::numeric_limits<std::int32_t>::max()) {
      throw Error("selection.reach.max_hops must be null or 0 or more");
    }
    s.reach_max_hops = static_cast<std::int32_t>(hops);
  }
  const Fields set = chosen.object("path_set");
  s.path_set_kind = set.choice("kind", kPathSetKinds);
  s.path_set_count = set.integer("count", 0);
  const std::int64_t entry = set.integer("entry", 0);
  if (entry < 0 || entry > 1'000'000'000) throw Error("selection.path_set.entry must be 0 or more");
  s.path_set_entry = static_cast<int>(entry);
  const bool needs_pair = s.shown == SessionFile::Shown::Path || s.shown == SessionFile::Shown::PathSet;
  if (needs_pair && (!s.source || !s.target)) throw Error("selection.shown needs selection.source and selection.target");
  if (s.shown == SessionFile::Shown::Reach && !s.source) throw Error("selection.shown 'reach' needs selection.source");
  if (s.shown == SessionFile::Shown::Tour && s.stops.size() < 2) {
    throw Error("selection.shown 'tour' needs at least two selection.stops");
  }
  if (s.shown == SessionFile::Shown::PathSet && s.path_set_count < 1) {
    throw Error("selection.path_set.count must be 1 or more");
  }

  const Fields view = top.object("view");
  s.view.arcs = view.choice("arcs", kArcs);
  s.view.label_attribute = view.text("label_attribute");
  s.view.colour_attribute = view.text("colour_attribute");
  s.view.filter_attribute = view.text("filter_attribute");
  s.view.filter_values = view.texts("filter_values");
  s.view.colour_scale = view.choice("colour_scale", kScales);

  const Fields computed = top.object("computed");
  for (const auto& run : computed.objects("centrality")) {
    CentralityRequest r;
    try {
      r.measure = parse_centrality_measure(run.text("measure", "betweenness"));
    } catch (const Error& e) {
      throw Error("computed.centrality: " + std::string(e.what()));
    }
    r.hops = run.choice("costs", kCosts);
    r.samples = run.integer("samples", 0);
    if (r.samples < 0) throw Error("computed.centrality samples must be 0 (exact) or more");
    r.engine = std::string(run.choice("engine", kEngines));
    s.centrality.push_back(r);
  }
  if (computed.has("flow")) {
    const Fields flow = computed.object("flow");
    SessionFile::Flow f;
    f.seeds = flow.integers("seeds");
    if (f.seeds.empty()) throw Error("computed.flow.seeds must list at least one node");
    f.seed_label = flow.text("seed_label");
    const std::int64_t repetitions = flow.integer("repetitions", f.repetitions);
    if (repetitions < 1 || repetitions > 100000) throw Error("computed.flow.repetitions must be 1 to 100000");
    f.repetitions = static_cast<std::int32_t>(repetitions);
    f.engine = std::string(flow.choice("engine", kEngines));
    s.flow = f;
  }

  if (top.has("camera")) {
    const Fields camera = top.object("camera");
    SessionFile::Camera c;
    c.centre_x = camera.number("centre_x", 0);
    c.centre_y = camera.number("centre_y", 0);
    c.pixels_per_unit = camera.number("pixels_per_unit", 1);
    if (!std::isfinite(c.centre_x) || !std::isfinite(c.centre_y) || !(c.pixels_per_unit > 0)) {
      throw Error("camera needs a finite centre and pixels_per_unit above 0");
    }
    s.camera = c;
  }
  const Fields window = top.object("window");
  s.window_geometry = from_base64(window.text("geometry"));
  s.window_state = from_base64(window.text("state"));
  return s;
}

}  // namespace

bool is_generator_spec(const std::string& spec) {
  return is_random_graph_spec(spec) || spec.rfind("connectome:", 0) == 0;
}

std::string session_json(const SessionFile& s) {
  const LoadOptions& o = s.options;
  json graph = {{"file", s.graph},
                {"format", o.format},
                {"cost_rule", cost_rule_word(o.cost_rule)},
                {"min_synapses", o.min_synapses},
                {"source_column", o.source_column},
                {"target_column", o.target_column},
                {"weight_column", o.weight_column},
                {"weight_attribute", o.weight_attribute},
                {"node_table", o.node_table},
                {"force_undirected", o.force_undirected},
                {"dense_no_arc", o.dense_no_arc},
                {"dense_zero_is_arc", o.dense_zero_is_arc}};
  const auto condition_texts = [](const std::vector<AttributeCondition>& conditions) {
    std::vector<std::string> out;
    for (const auto& c : conditions) out.push_back(condition_text(c));
    return out;
  };
  graph["keep_nodes"] = condition_texts(o.keep.nodes);
  graph["keep_arcs"] = condition_texts(o.keep.arcs);
  graph["min_weight"] = std::isfinite(o.min_weight) ? json(o.min_weight) : json();  // none: every row kept
  json selection = {{"source", node_or_null(s.source)},
                    {"target", node_or_null(s.target)},
                    {"stops", s.stops},
                    {"shown", word_of(kShown, s.shown)},
                    {"reach",
                     {{"direction", word_of(kDirections, s.reach_direction)},
                      {"max_hops", s.reach_max_hops == kUnlimitedHops ? json() : json(s.reach_max_hops)}}},
                    {"path_set",
                     {{"kind", word_of(kPathSetKinds, s.path_set_kind)},
                      {"count", s.path_set_count},
                      {"entry", s.path_set_entry}}}};
  json view = {{"arcs", word_of(kArcs, s.view.arcs)},
               {"label_attribute", s.view.label_attribute},
               {"colour_attribute", s.view.colour_attribute},
               {"filter_attribute", s.view.filter_attribute},
               {"filter_values", s.view.filter_values},
               {"colour_scale", word_of(kScales, s.view.colour_scale)}};
  json centrality = json::array();
  for (const auto& r : s.centrality) {
    centrality.push_back({{"measure", std::string(centrality_measure_name(r.measure))},
                          {"costs", r.hops ? "hops" : "graph"},
                          {"samples", r.samples},
                          {"engine", r.engine}});
  }
  json computed = {{"centrality", centrality}, {"flow", json()}};
  if (s.flow) {
    computed["flow"] = {{"seeds", s.flow->seeds},
                        {"seed_label", s.flow->seed_label},
                        {"repetitions", s.flow->repetitions},
                        {"engine", s.flow->engine}};
  }
  json j = {{"pathscope_session", SessionFile::kVersion},
            {"graph", graph},
            {"selection", selection},
            {"view", view},
            {"computed", computed},
            {"window",
             {{"geometry", s.window_geometry.toBase64().toStdString()},
              {"state", s.window_state.toBase64().toStdString()}}}};
  if (s.camera) {
    j["camera"] = {{"centre_x", s.camera->centre_x},
                   {"centre_y", s.camera->centre_y},
                   {"pixels_per_unit", s.camera->pixels_per_unit}};
  }
  return j.dump(2) + "\n";
}

void write_session_file(const QString& file, const SessionFile& session) {
  write_all_or_none({{file, QByteArray::fromStdString(session_json(session))}});
}

SessionFile read_session_file(const QString& file) {
  const std::string name = file.toStdString();
  QFile in(file);
  if (!in.open(QIODevice::ReadOnly)) throw Error(name + ": cannot read: " + in.errorString().toStdString());
  constexpr qint64 kLargest = 64 << 20;  // a session is a few kilobytes; refuse to hold a huge file
  if (in.size() > kLargest) throw Error(name + ": too large for a session file");
  const QByteArray bytes = in.readAll();
  SessionFile session;
  try {
    session = parse_session(json::parse(bytes.constData(), bytes.constData() + bytes.size()));
  } catch (const json::exception& e) {
    throw Error(name + ": not valid JSON: " + e.what());
  } catch (const Error& e) {
    throw Error(name + ": " + e.what());
  }
  if (!is_generator_spec(session.graph) && !QFileInfo::exists(QString::fromStdString(session.graph))) {
    throw Error(name + ": the graph file " + session.graph + " does not exist");
  }
  if (!session.options.node_table.empty() && !QFileInfo::exists(QString::fromStdString(session.options.node_table))) {
    throw Error(name + ": the node table " + session.options.node_table + " does not exist");
  }
  return session;
}

std::optional<std::int32_t> node_with_display_id(const Graph& g, std::int64_t id) {
  if (g.ids.empty()) {
    if (id >= 0 && id < g.n) return static_cast<std::int32_t>(id);
    return std::nullopt;
  }
  const auto at = std::find(g.ids.begin(), g.ids.end(), id);
  if (at == g.ids.end()) return std::nullopt;
  return static_cast<std::int32_t>(at - g.ids.begin());
}

}  // namespace pathscope::qt
