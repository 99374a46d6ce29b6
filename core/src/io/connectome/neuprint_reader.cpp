// neuPrint exports (hemibrain, MANC): traced-total-connections.csv (bodyId_pre, bodyId_post,
// weight) or traced-roi-connections.csv (the same per region of interest, summed here per pair).
#include <algorithm>
#include <unordered_set>

#include "io/connectome/connection_rows.hpp"
#include "io/connectome/connectome_readers.hpp"
#include "io/readers.hpp"
#include "io/text_fields.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::io {

bool looks_like_neuprint_connections(std::istream& in) {
  TableHeader header;
  return peek_table_header(in, header) && header.column("bodyid_pre") >= 0 && header.column("bodyid_post") >= 0 &&
         header.column("weight") >= 0;
}

const std::vector<std::string>& neuprint_neuron_tables() {
  static const std::vector<std::string> names = {"traced-neurons.csv"};
  return names;
}

LoadedGraph read_neuprint_connections(std::istream& in, const std::string& source, const LoadOptions& options) {
  LineReader reader(in, source);
  TableHeader header;
  if (!read_table_header(reader, header)) reader.fail("no rows: the connection table is empty");
  const int pre = header.column("bodyid_pre"), post = header.column("bodyid_post"), weight = header.column("weight"),
            roi = header.column("roi");
  if (pre < 0 || post < 0 || weight < 0)
    reader.fail("a neuPrint connection table needs the columns bodyId_pre, bodyId_post and weight");
  const std::size_t needed = static_cast<std::size_t>(std::max({pre, post, weight, roi})) + 1;

  IdInterner neurons;
  PairSums pairs;
  std::unordered_set<std::string> rois;
  std::vector<std::string_view> fields;
  std::vector<std::string> storage;
  std::int64_t records = 0;
  while (reader.next()) {
    if (is_blank(reader.line())) continue;
    split_fields(reader, header.delimiter, needed, fields, storage);
    const std::int32_t from = neurons.intern(parse_id(fields[pre], reader, "bodyId_pre"), reader, options.max_nodes);
    const std::int32_t to = neurons.intern(parse_id(fields[post], reader, "bodyId_post"), reader, options.max_nodes);
    pairs.add(from, to, parse_synapses(fields[weight], reader, "weight"), reader, options.max_arcs);
    if (roi >= 0 && rois.size() < 10000 && !rois.count(std::string(fields[roi]))) rois.emplace(fields[roi]);
    ++records;
  }
  LoadedGraph out;
  out.report.source = source;
  out.report.format = "neuprint";
  out.report.lines_read = reader.line_number();
  out.report.records_read = records;
  out.report.notes.push_back("neuPrint connections: " + std::to_string(records) + " rows" +
                             (roi >= 0 ? " over " + std::to_string(rois.size()) + " regions of interest" : "") +
                             " summed into " + std::to_string(pairs.rows().size()) + " connected pairs");
  GraphBuilder builder(static_cast<std::int32_t>(neurons.ids().size()));
  add_rows_by_cost_rule(pairs.rows(), options, false, source, builder, out.report);
  out.graph = builder.build(true, out.report);
  out.graph.ids = neurons.ids();
  return out;
}

}  // namespace pathscope::io
