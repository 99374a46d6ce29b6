// The side panel: dataset, problem, the lanes racing, and the result once they are done.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "demo_state.hpp"
#include "pathscope/apsp/gpu.hpp"
#include "pathscope_ui_common/option_ranges.hpp"
#include "pathscope/runtime/count_text.hpp"

namespace pathscope::demo {
namespace {

// Lane colours stay clear of the renderer's amber path colour, which the tests look for.
const ImVec4 kLaneColours[] = {{0.38f, 0.62f, 0.98f, 1}, {0.33f, 0.86f, 0.50f, 1}, {0.78f, 0.52f, 0.95f, 1}};
const ImVec4 kDim{0.62f, 0.65f, 0.72f, 1};
const ImVec4 kError{1.0f, 0.42f, 0.42f, 1};

std::string format_seconds(double s) {
  char text[32];
  if (s < 1e-3) std::snprintf(text, sizeof text, "%.0f us", s * 1e6);
  else if (s < 1) std::snprintf(text, sizeof text, "%.1f ms", s * 1e3);
  else std::snprintf(text, sizeof text, "%.2f s", s);
  return text;
}

std::string format_rate(double per_second, const char* unit_name = "updates") {
  char text[48];
  const char* unit = "";
  double v = per_second;
  if (v >= 1e12) v /= 1e12, unit = "T";
  else if (v >= 1e9) v /= 1e9, unit = "G";
  else if (v >= 1e6) v /= 1e6, unit = "M";
  else if (v >= 1e3) v /= 1e3, unit = "k";
  std::snprintf(text, sizeof text, "%.2f %s%s/s", v, unit, unit_name);
  return text;
}

std::string thousands(std::int64_t v) {
  std::string digits = std::to_string(v < 0 ? -v : v), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return v < 0 ? "-" + out : out;
}

std::string format_distance(double d) {
  char text[48];
  if (d == static_cast<double>(static_cast<std::int64_t>(d))) return thousands(static_cast<std::int64_t>(d));
  std::snprintf(text, sizeof text, "%.4g", d);
  return text;
}

void section(const char* title) {
  ImGui::Spacing();
  ImGui::TextColored(kDim, "%s", title);
  ImGui::Separator();
}

void dataset_section(DemoState& s) {
  section("DATASET");
  const bool busy = s.loading.valid() || (s.race && s.race->running());
  ImGui::BeginDisabled(busy);
  const bool table_problem = dataset_kind_for(s.problem) == DatasetKind::Table;
  if (!s.samples.empty() && !table_problem) {  // the samples are graphs
    s.sample_index = std::clamp(s.sample_index, 0, static_cast<int>(s.samples.size()) - 1);
    const bool showing_sample = s.scene && s.scene->spec == s.samples[s.sample_index];
    const std::string current = showing_sample || !s.scene
                                    ? std::filesystem::path(s.samples[s.sample_index]).filename().string()
                                    : "bundled samples";
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize("Load sample").x - ImGui::GetStyle().ItemSpacing.x * 2);
    if (ImGui::BeginCombo("##sample", current.c_str())) {
      for (int i = 0; i < static_cast<int>(s.samples.size()); ++i) {
        const std::string name = std::filesystem::path(s.samples[i]).filename().string();
        if (ImGui::Selectable(name.c_str(), i == s.sample_index)) s.sample_index = i;
      }
      ImGui::EndCombo();
    }
    ImGui::SameLine();
    if (ImGui::Button("Load sample")) begin_load(s, s.samples[s.sample_index]);
  }
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("Load").x - ImGui::GetStyle().ItemSpacing.x * 2);
  const char* hint = table_problem ? "TSV/CSV table or random-table:rows=2000,cols=16,seed=1"
                                   : "file path or random:n=2000,deg=6,seed=1";
  const bool entered = ImGui::InputTextWithHint("##spec", hint, &s.spec_input, ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if ((ImGui::Button("Load") || entered) && !s.spec_input.empty()) begin_load(s, s.spec_input);
  ImGui::EndDisabled();

  if (s.loading.valid()) {
    ImGui::ProgressBar(static_cast<float>(s.load_progress.load()), ImVec2(-1, 0), "laying out the graph");
    ImGui::TextColored(kDim, "loading %s", s.loading_spec.c_str());
  } else if (s.scene && s.scene->table) {
    const Table& t = *s.scene->table;
    ImGui::TextWrapped("%s", std::filesystem::path(s.scene->spec).filename().string().c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, kDim);
    ImGui::TextWrapped("%s rows x %d columns%s", thousands(t.rows).c_str(), t.layout.columns(),
                       t.layout.has_row_names ? ", named rows" : "");
    ImGui::PopStyleColor();
  } else if (s.scene) {
    const Graph& g = *s.scene->graph;
    ImGui::TextWrapped("%s", std::filesystem::path(s.scene->spec).filename().string().c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, kDim);
    ImGui::TextWrapped("%s nodes, %s arcs, %s; positions: %s", thousands(g.n).c_str(),
                       thousands(g.arc_count()).c_str(), g.directed ? "directed" : "undirected",
                       s.scene->drawn.position_source.c_str());
    ImGui::PopStyleColor();
  }
}

void reach_controls(DemoState& s) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("from");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("Random node").x -
                          ImGui::GetStyle().FramePadding.x * 2 - ImGui::GetStyle().ItemSpacing.x);
  bool changed = ImGui::InputText("##from", &s.source_input);
  ImGui::SameLine();
  if (ImGui::Button("Random node")) {
    s.source_input = s.scene->graph->label(random_reach_start(*s.scene->graph, ++s.pair_seed));
    changed = true;
  }
  if (changed) {
    try {
      s.renderer.set_node_set({});
      s.renderer.set_markers(chosen_start(s), -1);
      s.tell("");
    } catch (const std::exception& e) {
      s.tell(e.what(), true);
    }
  }
  ImGui::TextColored(kDim, "shows every node the start reaches");
}

void correlation_controls(DemoState& s) {
  const char* methods[] = {"spearman", "pearson"};
  int method = s.correlation.method == "pearson" ? 1 : 0;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.4f);
  if (ImGui::Combo("##method", &method, methods, IM_ARRAYSIZE(methods))) s.correlation.method = methods[method];
  ImGui::SameLine();
  float cutoff = static_cast<float>(s.correlation.min_abs_rho);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderFloat("##cutoff", &cutoff, 0.3f, 0.99f, "|rho| >= %.2f")) s.correlation.min_abs_rho = cutoff;
  ImGui::TextColored(kDim, "draws the %lld strongest pairs", static_cast<long long>(s.correlation.max_arcs));
}

void problem_section(DemoState& s) {
  section("PROBLEM");
  // In the order of race_problems().
  const char* problems[] = {"All-pairs shortest paths", "Best tour through random stops",
                            "Reachability (transitive closure)", "Correlation network of a table"};
  const bool busy = s.race && s.race->running();
  ImGui::BeginDisabled(busy || s.loading.valid());
  const auto& names = race_problems();
  int problem = static_cast<int>(std::find(names.begin(), names.end(), s.problem) - names.begin());
  ImGui::SetNextItemWidth(-1);
  if (ImGui::Combo("##problem", &problem, problems, IM_ARRAYSIZE(problems))) choose_problem(s, names[problem]);
  ImGui::EndDisabled();
  if (!s.scene || s.loading.valid()) return;
  // A load of the other kind failed, or the graph is empty: there is nothing to pick from.
  const bool want_table = dataset_kind_for(s.problem) == DatasetKind::Table;
  if (want_table != static_cast<bool>(s.scene->table) || (!want_table && s.scene->graph->n == 0)) {
    ImGui::TextColored(kDim, want_table ? "load a table (TSV/CSV or random-table:) for this race"
                                        : "load a graph with nodes for this race");
    return;
  }
  ImGui::BeginDisabled(busy);
  if (s.problem == "correlate") {
    correlation_controls(s);
    ImGui::EndDisabled();
    return;
  }
  if (s.problem == "reach") {
    reach_controls(s);
    ImGui::EndDisabled();
    return;
  }
  if (s.problem == "tsp") {
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("New stops").x -
                            ImGui::GetStyle().FramePadding.x * 2 - ImGui::GetStyle().ItemSpacing.x);
    // Held-Karp on the CPU stops at 24: its table doubles with every stop.
    const bool resized = ImGui::SliderInt("##stops", &s.stop_count, kTourStopsRange.low, kTourStopsRange.high, "%d stops");
    ImGui::SameLine();
    if (ImGui::Button("New stops")) ++s.pair_seed, pick_stops(s);
    else if (resized) pick_stops(s);
    ImGui::EndDisabled();
    return;
  }
  const float field = (ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("from to Random pair").x) / 2 -
                      ImGui::GetStyle().ItemSpacing.x * 3;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("from");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(field);
  bool changed = ImGui::InputText("##source", &s.source_input);
  ImGui::SameLine();
  ImGui::TextUnformatted("to");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(field);
  changed |= ImGui::InputText("##target", &s.target_input);
  ImGui::SameLine();
  if (ImGui::Button("Random pair")) {
    const PairQuestion q = far_pair(*s.scene->graph, ++s.pair_seed);
    s.source_input = s.scene->graph->label(q.source);
    s.target_input = s.scene->graph->label(q.target);
    changed = true;
  }
  if (changed) {
    try {
      const PairQuestion q = chosen_pair(s);
      s.renderer.set_highlight({}, false);
      s.renderer.set_markers(q.source, q.target);
      s.tell("");
    } catch (const std::exception& e) {
      s.tell(e.what(), true);
    }
  }
  ImGui::EndDisabled();
}

void race_button(DemoState& s) {
  ImGui::Spacing();
  const bool running = s.race && s.race->running();
  ImGui::PushStyleColor(ImGuiCol_Button, running ? ImVec4(0.55f, 0.16f, 0.18f, 1) : ImVec4(0.16f, 0.38f, 0.70f, 1));
  ImGui::BeginDisabled(!s.scene || s.loading.valid());
  const char* label = running ? "Cancel  (Esc)" : s.race && s.race->finished() ? "Race again  (Space)" : "Race!  (Space)";
  if (ImGui::Button(label, ImVec2(-1, ImGui::GetFrameHeight() * 1.6f))) {
    running ? cancel_race(s) : start_race(s);
  }
  ImGui::EndDisabled();
  ImGui::PopStyleColor();
}

void lane_row(const Lane& lane, const ImVec4& colour, const char* unit) {
  ImGui::TextColored(colour, "%s", lane.title().c_str());
  ImGui::SameLine();
  const std::string device = lane.state() == LaneState::Done ? lane.outcome().timing.device : "";
  ImGui::TextColored(kDim, "%s%s%s", lane.engine().c_str(), device.empty() ? "" : "  ·  ", device.c_str());
  char overlay[128];
  switch (lane.state()) {
    case LaneState::Unavailable:
      ImGui::PushStyleColor(ImGuiCol_Text, kDim);
      // A naive lane sitting out a large input says "skipped: ..." itself.
      ImGui::TextWrapped(lane.unavailable_reason().rfind("skipped", 0) == 0 ? "%s" : "unavailable: %s",
                         lane.unavailable_reason().c_str());
      ImGui::PopStyleColor();
      return;
    case LaneState::Failed:
      ImGui::PushStyleColor(ImGuiCol_Text, kError);
      ImGui::TextWrapped("failed: %s", lane.error().c_str());
      ImGui::PopStyleColor();
      return;
    case LaneState::Cancelled:
      ImGui::TextColored(kDim, "cancelled after %s", format_seconds(lane.elapsed_seconds()).c_str());
      return;
    case LaneState::Ready:
      ImGui::TextColored(kDim, "ready");
      return;
    default: break;
  }
  // Once done, the engine's own time: the lane's clock also counts rebuilding the path.
  const double seconds = lane.state() == LaneState::Done ? lane.outcome().timing.seconds : lane.elapsed_seconds();
  std::snprintf(overlay, sizeof overlay, "%.0f%%   %s   %s", lane.progress() * 100, format_seconds(seconds).c_str(),
                format_rate(lane.work_rate(), unit).c_str());
  ImGui::PushStyleColor(ImGuiCol_PlotHistogram, colour);
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 1, 1, 1));
  ImGui::ProgressBar(static_cast<float>(lane.progress()), ImVec2(-1, 0), overlay);
  ImGui::PopStyleColor(2);
}

void lanes_section(DemoState& s) {
  if (!s.race) {
    // Before the first race: say now that the GPU lanes will sit out, and why.
    static const GpuInfo gpu = gpu_info();
    if (!gpu.available) {
      section("LANES");
      ImGui::PushStyleColor(ImGuiCol_Text, kDim);
      ImGui::TextWrapped("GPU lanes will not run: %s", gpu.reason.c_str());
      ImGui::PopStyleColor();
    }
    return;
  }
  section("LANES");
  for (std::size_t i = 0; i < s.race->lanes.size(); ++i) {
    lane_row(*s.race->lanes[i], kLaneColours[i % 3], s.race->problem == "correlate" ? "pairs" : "updates");
    ImGui::Spacing();
  }
}

// Horizontal bars, one per finished lane, the longest time filling the width.
void time_chart(const Race& race) {
  double longest = 0;
  for (const auto& lane : race.lanes) {
    if (lane->state() == LaneState::Done) longest = std::max(longest, lane->outcome().timing.seconds);
  }
  if (longest <= 0) return;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float width = ImGui::GetContentRegionAvail().x, bar = ImGui::GetTextLineHeight() * 1.5f;
  for (std::size_t i = 0; i < race.lanes.size(); ++i) {
    const Lane& lane = *race.lanes[i];
    if (lane.state() != LaneState::Done) {
      // The empty row says the lane was there and why it has no bar.
      ImGui::TextColored(kDim, "%s  %s", lane.title().c_str(), lane_state_name(lane.state()));
      continue;
    }
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const double seconds = lane.outcome().timing.seconds;
    const float length = std::max(2.0f, static_cast<float>(width * seconds / longest));
    draw->AddRectFilled(at, ImVec2(at.x + length, at.y + bar), ImGui::GetColorU32(kLaneColours[i % 3]), 3);
    const std::string label = lane.title() + "  " + format_seconds(seconds);
    const float pad = ImGui::GetStyle().FramePadding.x;
    const float text_y = at.y + (bar - ImGui::GetTextLineHeight()) / 2;
    const float text_width = ImGui::CalcTextSize(label.c_str()).x;
    // Inside the bar when it fits, after it otherwise, so short GPU bars stay readable.
    const bool inside = text_width + 2 * pad < length;
    draw->AddText(ImVec2(inside ? at.x + pad : at.x + length + pad, text_y),
                  inside ? IM_COL32(10, 12, 18, 255) : IM_COL32(230, 232, 238, 255), label.c_str());
    ImGui::Dummy(ImVec2(width, bar + ImGui::GetStyle().ItemSpacing.y / 2));
  }
}

void result_section(DemoState& s) {
  if (!s.race || !s.race->finished()) return;
  const Race& race = *s.race;
  section("RESULT");
  time_chart(race);
  const Lane* fastest = nullptr;
  if (const auto speedup = race.speedup(&fastest)) {
    // Small inputs are all fixed costs on the GPU, and the CPU can win: say so plainly.
    const bool faster = *speedup >= 1;
    if (s.headline_font) ImGui::PushFont(s.headline_font);
    ImGui::TextColored(faster ? kLaneColours[1] : kLaneColours[0], "%.1fx %s", faster ? *speedup : 1 / *speedup,
                       faster ? "faster" : "slower");
    if (s.headline_font) ImGui::PopFont();
    ImGui::TextColored(kDim, "%s than %s%s", fastest->engine().c_str(), race.lanes.front()->engine().c_str(),
                       faster ? "" : ": too small an input for the GPU");
  } else if (race.lanes.front()->state() == LaneState::Done) {
    ImGui::TextColored(kDim, "speedup: no GPU lane finished");
  }
  // On a small input the naive single-thread loop can win: threads cost more than they save.
  if (const auto naive = race.naive_cpu_speedup()) {
    const bool faster = *naive >= 1;
    ImGui::TextColored(kDim, "%s: %.1fx %s than the naive %s", race.lanes.front()->engine().c_str(),
                       faster ? *naive : 1 / *naive, faster ? "faster" : "slower",
                       race.lanes[race.naive_cpu_lane]->engine().c_str());
  }
  const Lane* ref = race.reference();
  if (!ref) return;
  const Graph& g = *s.scene->graph;
  const LaneOutcome& o = ref->outcome();
  ImGui::Spacing();
  if (race.problem == "reach") {
    ImGui::TextWrapped("%s reaches %s of %s nodes", g.label(race.question.source).c_str(),
                       thousands(static_cast<std::int64_t>(o.value)).c_str(), thousands(g.n).c_str());
  } else if (race.problem == "correlate") {
    const auto pairs = static_cast<std::int64_t>(o.value);
    ImGui::TextWrapped("%s %s with |rho| >= %.2f", thousands(pairs).c_str(), count_noun(pairs, "pair").c_str(),
                       race.correlation.min_abs_rho);
    if (o.network && o.network->hub >= 0) {
      const CorrelationNetwork& net = *o.network;
      ImGui::TextWrapped("drawn: the %s strongest, %s rows; %s correlates with %zu of them",
                         thousands(net.arc_count()).c_str(), thousands(net.node_count()).c_str(),
                         net.labels[net.hub].c_str(), net.hub_set.size() - 1);
    }
  } else if (race.problem == "tsp") {
    ImGui::TextWrapped("Best tour through %zu stops from %s: %s over %s", race.stops.size(),
                       g.label(race.stops.front()).c_str(), format_distance(o.value).c_str(),
                       count_text(static_cast<long long>(o.highlight.size()), "hop").c_str());
  } else if (o.reachable) {
    ImGui::TextWrapped("Shortest path %s -> %s: %s over %s", g.label(race.question.source).c_str(),
                       g.label(race.question.target).c_str(), format_distance(o.value).c_str(),
                       count_text(o.highlight.empty() ? 0 : static_cast<long long>(o.highlight.size()) - 1, "hop").c_str());
  } else {
    ImGui::TextWrapped("%s cannot reach %s", g.label(race.question.source).c_str(),
                       g.label(race.question.target).c_str());
  }
  if (race.lanes_agree()) {
    ImGui::TextColored(kDim, "all finished lanes agree: %s", o.fingerprint.c_str());
  } else {
    ImGui::TextColored(kError, "LANES DISAGREE: their answers differ");
  }
}

void footer(DemoState& s) {
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::TextColored(kDim, "Space race   Esc cancel   S screenshot   F fit\ndrag to pan, wheel to zoom");
  if (!s.message.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, s.message_is_error ? kError : kDim);
    ImGui::TextWrapped("%s", s.message.c_str());
    ImGui::PopStyleColor();
  }
}

// Names beside the path's end points, where the audience looks.
void map_labels(DemoState& s) {
  if (!s.scene || !s.race) return;
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  const Graph& g = *s.scene->graph;
  const std::vector<std::int32_t>* path = nullptr;
  if (const Lane* ref = s.race->finished() ? s.race->reference() : nullptr; ref && ref->outcome().highlight.size() >= 2) {
    path = &ref->outcome().highlight;
  }
  const auto screen = [&](std::int32_t u) { return s.camera.world_to_screen(drawn_position(s, u)); };
  // The markers stay uncovered, and labels do not cover one another: each label tries the side
  // away from the path first, then the other side, above and below.
  std::vector<ImVec4> taken;  // x0, y0, x1, y1
  const float marker = s.renderer.marker_radius_px(s.camera) + 3;
  for (const std::int32_t u : {s.race->question.source, s.race->question.target}) {
    if (u < 0 || u >= (s.network ? s.network->node_count() : g.n)) continue;
    const render::Point p = screen(u);
    taken.push_back(ImVec4(static_cast<float>(p.x) - marker, static_cast<float>(p.y) - marker,
                           static_cast<float>(p.x) + marker, static_cast<float>(p.y) + marker));
  }
  const auto overlaps = [&](const ImVec4& r) {
    return std::any_of(taken.begin(), taken.end(),
                       [&](const ImVec4& t) { return r.x < t.z && t.x < r.z && r.y < t.w && t.y < r.w; });
  };
  // neighbour: the path's next node from this end, so the label goes on the side away from the path.
  const auto label = [&](std::int32_t u, std::int32_t neighbour, const char* role, const std::string& name) {
    const render::Point p = screen(u);
    const bool path_goes_right = neighbour >= 0 && screen(neighbour).x > p.x;
    const std::string text = std::string(role) + " " + name;
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    const float gap = marker + 4, px = static_cast<float>(p.x), py = static_cast<float>(p.y);
    const ImVec2 right(px + gap, py - size.y / 2), left(px - gap - size.x, py - size.y / 2);
    const ImVec2 spots[] = {path_goes_right ? left : right, path_goes_right ? right : left,
                            ImVec2(px - size.x / 2, py - gap - size.y), ImVec2(px - size.x / 2, py + gap)};
    ImVec2 at = spots[0];
    for (const ImVec2& spot : spots) {
      if (!overlaps(ImVec4(spot.x - 4, spot.y - 2, spot.x + size.x + 4, spot.y + size.y + 2))) {
        at = spot;
        break;
      }
    }
    taken.push_back(ImVec4(at.x - 4, at.y - 2, at.x + size.x + 4, at.y + size.y + 2));
    draw->AddRectFilled(ImVec2(at.x - 4, at.y - 2), ImVec2(at.x + size.x + 4, at.y + size.y + 2),
                        IM_COL32(12, 14, 20, 210), 4);
    draw->AddText(at, IM_COL32(240, 242, 248, 255), text.c_str());
  };
  // A few hops in, not the very next node: the first arc may wiggle against the general heading.
  const std::size_t ahead = path ? std::min<std::size_t>(6, path->size() - 1) : 0;
  if (s.race->problem == "correlate") {
    if (s.network && s.network->hub >= 0) label(s.network->hub, -1, "hub", s.network->labels[s.network->hub]);
    return;
  }
  if (s.race->problem == "reach") {
    label(s.race->question.source, -1, "from", g.label(s.race->question.source));
    return;
  }
  if (s.race->problem == "tsp") {
    label(s.race->question.source, path ? (*path)[ahead] : -1, "start", g.label(s.race->question.source));
    return;
  }
  label(s.race->question.source, path ? (*path)[ahead] : -1, "from", g.label(s.race->question.source));
  label(s.race->question.target, path ? (*path)[path->size() - 1 - ahead] : -1, "to", g.label(s.race->question.target));
}

}  // namespace

std::string stage_title(const DemoState& s) {
  const std::string title = "pathscope demo — ";
  if (s.loading.valid()) return title + "loading " + std::filesystem::path(s.loading_spec).filename().string();
  if (!s.scene) return title + "no dataset";
  const std::string name = std::filesystem::path(s.scene->spec).filename().string();
  if (s.scene->table) return title + name + ", " + thousands(s.scene->table->rows) + " rows";
  return title + name + ", " + thousands(s.scene->graph->n) + " nodes";
}

void draw_panels(DemoState& s) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->Pos);
  ImGui::SetNextWindowSize(ImVec2(s.panel_width, viewport->Size.y));
  ImGui::SetNextWindowBgAlpha(0.92f);
  ImGui::Begin("pathscope demo", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoSavedSettings);
  if (s.headline_font) ImGui::PushFont(s.headline_font);
  ImGui::TextUnformatted("CPU vs GPU");
  if (s.headline_font) ImGui::PopFont();
  ImGui::TextColored(kDim, "pathscope speed demo");
  dataset_section(s);
  problem_section(s);
  race_button(s);
  lanes_section(s);
  result_section(s);
  footer(s);
  ImGui::End();
  map_labels(s);
}

}  // namespace pathscope::demo
