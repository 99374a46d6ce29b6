#include "pathscope_demo/scene.hpp"

#include <filesystem>

#include "pathscope/io/load.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/sha256.hpp"

namespace pathscope::demo {
namespace {

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
  scene.drawn.position_source = "the network's force layout, once found";
  return scene;
}

}  // namespace

DatasetKind dataset_kind_for(const std::string& problem) {
  return problem == "correlate" ? DatasetKind::Table : DatasetKind::Graph;
}

Scene load_scene(const std::string& spec, const JobContext& job, DatasetKind kind, const LoadOptions& reader) {
  if (kind == DatasetKind::Table) return load_table_scene(spec);
  LoadedGraph loaded = load_graph(spec, reader);
  Scene scene;
  scene.spec = spec;
  scene.load_notes = loaded.report.notes;
  auto graph = std::make_shared<Graph>(std::move(loaded.graph));
  std::error_code ec;
  DrawnGraphOptions options;
  options.layout_cache_key = std::filesystem::is_regular_file(spec, ec) ? sha256_file_hex(spec) : sha256_hex(spec);
  scene.drawn = draw_graph(*graph, options, job);
  scene.graph = std::move(graph);
  return scene;
}

}  // namespace pathscope::demo
