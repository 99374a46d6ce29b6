#include "pathscope_demo/scene.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "pathscope/error.hpp"
#include "pathscope/layout.hpp"
#include "pathscope/load.hpp"
#include "pathscope/sha256.hpp"

namespace pathscope::demo {
namespace {

// Nodes without a position (NaN in a partial position table) go to the bounding box's
// corner rather than to the origin, which may be far outside the picture.
std::vector<float> positions_from_coordinates(const Graph& g) {
  std::vector<float> out(static_cast<std::size_t>(g.n) * 2, 0.0f);
  float lo_x = INFINITY, lo_y = INFINITY;
  for (std::int32_t u = 0; u < g.n; ++u) {
    const float x = g.coords[static_cast<std::size_t>(u) * g.coord_dims];
    const float y = g.coords[static_cast<std::size_t>(u) * g.coord_dims + 1];
    out[2 * u] = x;
    out[2 * u + 1] = y;
    if (std::isfinite(x) && std::isfinite(y)) lo_x = std::min(lo_x, x), lo_y = std::min(lo_y, y);
  }
  if (!std::isfinite(lo_x)) lo_x = lo_y = 0;
  for (std::size_t i = 0; i < out.size(); i += 2) {
    if (!std::isfinite(out[i]) || !std::isfinite(out[i + 1])) out[i] = lo_x, out[i + 1] = lo_y;
  }
  return out;
}

std::vector<std::int32_t> arcs_to_draw(const Graph& g) {
  std::vector<std::int32_t> arcs;
  arcs.reserve(static_cast<std::size_t>(g.arc_count()) * 2);
  for (std::int32_t u = 0; u < g.n; ++u) {
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      if (!g.directed && v < u) continue;  // the reverse arc draws the same line
      arcs.push_back(u);
      arcs.push_back(v);
    }
  }
  return arcs;
}

bool is_graph_file(const std::filesystem::path& p) {
  static const char* const kExtensions[] = {".gr", ".graph", ".tsp", ".json", ".mtx", ".csv", ".txt"};
  const std::string ext = p.extension().string();
  return std::find(std::begin(kExtensions), std::end(kExtensions), ext) != std::end(kExtensions);
}

// Values held for the race; beyond this a table is a job for pathscope-cli correlate, which streams.
constexpr std::int64_t kMaxTableValues = std::int64_t{1} << 27;

Scene load_table_scene(const std::string& spec) {
  auto source = open_table(spec);
  const std::int64_t hint = source->row_count_hint();
  const std::int64_t columns = source->layout().columns();
  if (columns < 3) throw Error(spec + ": a correlation needs at least 3 value columns, this table has " + std::to_string(columns));
  if (hint > 0 && hint * columns > kMaxTableValues) {
    throw Error(spec + ": " + std::to_string(hint) + " rows x " + std::to_string(columns) +
                " columns is more than the demo holds in memory (" + std::to_string(kMaxTableValues) +
                " values); use pathscope-cli correlate");
  }
  auto table = std::make_shared<Table>(read_whole_table(*source));
  if (table->rows * columns > kMaxTableValues) {
    throw Error(spec + ": more than " + std::to_string(kMaxTableValues) + " values; use pathscope-cli correlate");
  }
  Scene scene;
  scene.spec = spec;
  scene.table = std::move(table);
  scene.graph = std::make_shared<Graph>(make_empty_graph(0));
  scene.position_source = "the network's force layout, once found";
  return scene;
}

}  // namespace

DatasetKind dataset_kind_for(const std::string& problem) {
  return problem == "correlate" ? DatasetKind::Table : DatasetKind::Graph;
}

Scene load_scene(const std::string& spec, const JobContext& job, DatasetKind kind) {
  if (kind == DatasetKind::Table) return load_table_scene(spec);
  LoadedGraph loaded = load_graph(spec);
  Scene scene;
  scene.spec = spec;
  scene.load_notes = loaded.report.notes;
  auto graph = std::make_shared<Graph>(std::move(loaded.graph));
  if (graph->coord_dims >= 2 && graph->coords.size() == static_cast<std::size_t>(graph->n) * graph->coord_dims) {
    scene.positions = positions_from_coordinates(*graph);
    scene.position_source = "coordinates";
  } else {
    std::error_code ec;
    const std::string key = std::filesystem::is_regular_file(spec, ec) ? sha256_file_hex(spec) : sha256_hex(spec);
    bool cached = false;
    scene.positions = cached_force_layout(*graph, key, LayoutOptions{}, job, &cached);
    scene.position_source = cached ? "force layout (cached)" : "force layout";
  }
  scene.draw_arcs = arcs_to_draw(*graph);
  scene.graph = std::move(graph);
  return scene;
}

std::vector<std::string> bundled_samples() {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(PATHSCOPE_SAMPLES_DIR, ec)) {
    if (entry.is_regular_file(ec) && is_graph_file(entry.path())) out.push_back(entry.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace pathscope::demo
