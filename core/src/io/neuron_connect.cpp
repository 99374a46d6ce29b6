// The Varshney et al. (2011) NeuronConnect table lists each chemical synapse twice, as S/Sp
// from the sender and as R/Rp from the receiver, and each gap junction from both ends. Reading
// it as plain arcs would double every chemical connection and invent reverse ones, so each
// row is read by what its type means.
#include "io/neuron_connect.hpp"

#include <algorithm>
#include <unordered_map>

#include "io/line_reader.hpp"
#include "io/node_interner.hpp"
#include "io/readers.hpp"
#include "io/strength_rows.hpp"
#include "io/table_rows.hpp"
#include "io/text_fields.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::io {

namespace {

struct Columns {
  int from, to, type, count;
};

Columns columns_of(const std::vector<std::string>& header) {
  return {find_column(header, "Neuron 1"), find_column(header, "Neuron 2"), find_column(header, "Type"),
          find_column(header, "Nbr")};
}

std::uint64_t pair_key(std::int32_t from, std::int32_t to) {
  return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(from)) << 32) | static_cast<std::uint32_t>(to);
}

// Sums per ordered pair, remembering the order pairs first appeared so the graph is the same
// on every run.
struct PairSums {
  std::unordered_map<std::uint64_t, std::size_t> index;
  std::vector<StrengthRow> rows;
  void add(std::int32_t from, std::int32_t to, double count, std::int64_t line) {
    const auto [it, fresh] = index.emplace(pair_key(from, to), rows.size());
    if (fresh) {
      rows.push_back({from, to, count, line});
    } else {
      rows[it->second].strength += count;
    }
  }
};

}  // namespace

bool is_neuron_connect_header(const std::vector<std::string>& header) {
  const Columns c = columns_of(header);
  return c.from >= 0 && c.to >= 0 && c.type >= 0 && c.count >= 0;
}

LoadedGraph read_neuron_connect(LineReader& reader, const std::vector<std::string>& header, char delimiter,
                                const LoadOptions& options) {
  LoadedGraph out;
  out.report.source = reader.source();
  out.report.format = "neuron-connect";
  const Columns c = columns_of(header);
  const int needed = std::max({c.from, c.to, c.type, c.count}) + 1;

  NodeInterner nodes;
  PairSums sending, receiving, combined;
  double gap_junctions = 0;
  std::int64_t records = 0, nmj_rows = 0, gap_rows = 0;
  std::vector<std::string> fields;
  const auto intern = [&](const std::string& field, std::string_view which) {
    const std::string name = to_upper(trim(field));
    if (name.empty()) reader.fail(std::string(which) + " is empty");
    const std::int32_t index = nodes.intern(name, options.max_nodes);
    if (index < 0) reader.fail("more than the limit of " + std::to_string(options.max_nodes) + " neurons");
    return index;
  };
  while (reader.next()) {
    if (is_blank(reader.line())) continue;
    split_row(reader, delimiter, fields);
    if (static_cast<int>(fields.size()) < needed) {
      reader.fail("truncated row: " + std::to_string(fields.size()) + " fields, expected " + std::to_string(needed));
    }
    ++records;
    const std::string type = to_upper(trim(fields[c.type]));
    const double count = parse_finite(fields[c.count], reader, "synapse count (Nbr)");
    if (count < 0) reader.fail("negative synapse count " + format_number(count));
    const std::int32_t first = intern(fields[c.from], "Neuron 1");
    if (type == "NMJ") {
      ++nmj_rows;  // neuron to muscle: Neuron 2 is the word "NMJ", not a neuron
      continue;
    }
    const std::int32_t second = intern(fields[c.to], "Neuron 2");
    const std::int64_t line = reader.line_number();
    if (type == "S" || type == "SP") {
      sending.add(first, second, count, line);
      combined.add(first, second, count, line);
    } else if (type == "R" || type == "RP") {
      receiving.add(second, first, count, line);
    } else if (type == "EJ") {
      combined.add(first, second, count, line);
      gap_junctions += count;
      ++gap_rows;
    } else {
      reader.fail("unknown connection type " + quoted(fields[c.type]) + " (expected S, Sp, R, Rp, EJ or NMJ)");
    }
  }

  double sent = 0, received = 0;
  for (const auto& row : sending.rows) sent += row.strength;
  for (const auto& row : receiving.rows) received += row.strength;
  std::int64_t disagreeing_pairs = 0;
  for (const auto& row : sending.rows) {
    const auto it = receiving.index.find(pair_key(row.u, row.v));
    if (it == receiving.index.end() || receiving.rows[it->second].strength != row.strength) ++disagreeing_pairs;
  }
  for (const auto& row : receiving.rows) {
    if (!sending.index.count(pair_key(row.u, row.v))) ++disagreeing_pairs;
  }
  auto& notes = out.report.notes;
  notes.push_back("chemical synapses: S and Sp rows give " + format_number(sent) + " synapses over " +
                  std::to_string(sending.rows.size()) + " ordered pairs, one arc per pair (sender to receiver)");
  if (sent == received && disagreeing_pairs == 0) {
    notes.push_back("cross-check passed: the R and Rp rows list the same " + format_number(received) +
                    " synapses from the receiving side, pair by pair; they are not extra arcs");
  } else {
    notes.push_back("cross-check FAILED: the R and Rp rows total " + format_number(received) + " synapses against " +
                    format_number(sent) + " sent, and " + std::to_string(disagreeing_pairs) +
                    " ordered pairs disagree; arcs follow the S and Sp rows");
  }
  notes.push_back("gap junctions: " + std::to_string(gap_rows) + " EJ rows (" + format_number(gap_junctions) +
                  " junctions counted from both ends) give arcs in each row's direction, added to any chemical "
                  "strength of the same pair");
  notes.push_back(std::to_string(nmj_rows) + " NMJ rows (neuromuscular junctions) are not arcs between neurons");

  GraphBuilder builder(nodes.size());
  add_rows_by_cost_rule(combined.rows, options, options.force_undirected, reader.source(), builder, out.report);
  out.report.lines_read = reader.line_number();
  out.report.records_read = records;
  out.report.undirected_input = options.force_undirected;
  out.graph = builder.build(!options.force_undirected, out.report);
  nodes.label_graph(out.graph);
  mark_weight_kinds(out.graph);
  return out;
}

}  // namespace pathscope::io
