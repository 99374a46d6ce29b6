// FlyWire Codex connections: pre_root_id, post_root_id, neuropil, syn_count, nt_type, one row
// per pair and neuropil. A pair's rows are summed (its synapses in every neuropil), the
// threshold is Codex's own (5 synapses) unless --min-synapses says otherwise, and each neuron's
// transmitter is the one most of its outgoing synapses carry. Each arc keeps what one arc can of
// its rows: the neuropil and nt_type of its row with most synapses (the first listed among
// equals) and how many neuropils its rows span (docs/formats.md).
#include <algorithm>
#include <array>
#include <limits>
#include <unordered_map>

#include "io/connectome/connection_rows.hpp"
#include "io/connectome/connectome_readers.hpp"
#include "io/readers.hpp"
#include "io/text_fields.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::io {

namespace {

// Transmitter names seen, each with a small code; more than this many distinct names is not a
// transmitter column, and the rest count as "other".
constexpr std::size_t kTransmitterCodes = 15;
constexpr std::uint16_t kNoWord = 0xFFFF;
constexpr std::size_t kMaxWords = kNoWord;

struct Transmitters {
  std::vector<std::string> names;
  std::vector<std::array<double, kTransmitterCodes + 1>> synapses;  // per neuron, per code

  std::size_t code(std::string_view name) {
    for (std::size_t i = 0; i < names.size(); ++i)
      if (names[i] == name) return i;
    if (names.size() == kTransmitterCodes) return kTransmitterCodes;
    names.emplace_back(name);
    return names.size() - 1;
  }
  void add(std::int32_t neuron, std::size_t code, double count) {
    if (static_cast<std::size_t>(neuron) >= synapses.size()) synapses.resize(static_cast<std::size_t>(neuron) + 1, {});
    synapses[static_cast<std::size_t>(neuron)][code] += count;
  }
};

// Small codes for a column's few distinct words (neuropils, transmitters), in order of first use.
class WordCodes {
 public:
  std::uint16_t code(std::string_view word) {
    const auto [it, fresh] = codes_.try_emplace(std::string(word), static_cast<std::uint16_t>(words_.size()));
    if (fresh) words_.emplace_back(word);
    return it->second;
  }
  const std::string& word(std::uint16_t code) const { return words_[code]; }
  std::size_t size() const { return words_.size(); }

 private:
  std::unordered_map<std::string, std::uint16_t> codes_;
  std::vector<std::string> words_;
};

// Per connected pair: its row with most synapses, and how many rows (neuropils) it has.
struct PairMain {
  double synapses = -1;
  std::uint16_t neuropil = 0, transmitter = 0;
  std::uint16_t rows = 0;
};

}  // namespace

bool looks_like_codex_connections(std::istream& in) {
  TableHeader header;
  return peek_table_header(in, header) && header.column("pre_root_id") >= 0 && header.column("post_root_id") >= 0 &&
         header.column("syn_count") >= 0;
}

const std::vector<std::string>& codex_neuron_tables() {
  static const std::vector<std::string> names = {"classification.csv", "consolidated_cell_types.csv", "names.csv",
                                                 "coordinates.csv"};
  return names;
}

LoadedGraph read_codex_connections(std::istream& in, const std::string& source, const LoadOptions& options) {
  LineReader reader(in, source);
  TableHeader header;
  if (!read_table_header(reader, header)) reader.fail("no rows: the connection table is empty");
  const int pre = header.column("pre_root_id"), post = header.column("post_root_id"),
            count = header.column("syn_count"), neuropil = header.column("neuropil"), nt = header.column("nt_type");
  if (pre < 0 || post < 0 || count < 0)
    reader.fail("a FlyWire Codex connection table needs the columns pre_root_id, post_root_id and syn_count");
  const std::size_t needed = static_cast<std::size_t>(std::max({pre, post, count, neuropil, nt})) + 1;

  IdInterner neurons;
  PairSums pairs;
  Transmitters transmitters;
  WordCodes neuropils, transmitter_words;
  std::vector<PairMain> main_rows;
  std::vector<std::string_view> fields;
  std::vector<std::string> storage;
  std::int64_t records = 0;
  double synapses = 0;
  while (reader.next()) {
    if (is_blank(reader.line())) continue;
    split_fields(reader, header.delimiter, needed, fields, storage);
    const std::int32_t from = neurons.intern(parse_id(fields[pre], reader, "pre_root_id"), reader, options.max_nodes);
    const std::int32_t to = neurons.intern(parse_id(fields[post], reader, "post_root_id"), reader, options.max_nodes);
    const double synapse_count = parse_synapses(fields[count], reader, "syn_count");
    const std::size_t pair = pairs.add(from, to, synapse_count, reader, options.max_arcs);
    if (pair == main_rows.size()) main_rows.emplace_back();
    PairMain& main = main_rows[pair];
    if (main.rows < std::numeric_limits<std::uint16_t>::max()) ++main.rows;
    // Codes past 16 bits would mean a column of ids, not of neuropil names: those keep none.
    if (synapse_count > main.synapses) {
      main.synapses = synapse_count;
      main.neuropil = neuropil >= 0 && neuropils.size() < kMaxWords ? neuropils.code(fields[neuropil]) : kNoWord;
      main.transmitter = nt >= 0 && !fields[nt].empty() && transmitter_words.size() < kMaxWords
                             ? transmitter_words.code(fields[nt])
                             : kNoWord;
    } else if (neuropil >= 0 && neuropils.size() < kMaxWords) {
      neuropils.code(fields[neuropil]);
    }
    if (nt >= 0 && !fields[nt].empty()) transmitters.add(from, transmitters.code(fields[nt]), synapse_count);
    synapses += synapse_count;
    ++records;
  }

  LoadedGraph out;
  out.report.source = source;
  out.report.format = "codex";
  out.report.lines_read = reader.line_number();
  out.report.records_read = records;
  const std::size_t neuropil_count = neuropils.size();
  out.report.notes.push_back("FlyWire Codex connections: " + std::to_string(records) + " rows" +
                             (neuropil >= 0 ? " over " + std::to_string(neuropil_count) + " neuropils" : "") +
                             " summed into " + std::to_string(pairs.rows().size()) + " connected pairs (" +
                             format_number(synapses) + " synapses)");
  const auto n = static_cast<std::int32_t>(neurons.ids().size());
  GraphBuilder builder(n);
  std::vector<std::int32_t> kept_pairs;
  add_rows_by_cost_rule(pairs.rows(), options, false, source, builder, out.report, 5,
                        "FlyWire Codex's default threshold", &kept_pairs);
  pairs = PairSums{};
  {
    const std::size_t kept = kept_pairs.size();
    AttributeTable& per_arc = builder.record_attributes();
    if (neuropil >= 0) {
      // Both made before either is held: adding a column may move the ones made before it.
      per_arc.column("neuropil", AttributeType::Text, kept);
      per_arc.column("neuropils", AttributeType::Integer, kept);
      AttributeColumn& main_neuropil = *per_arc.find("neuropil");
      AttributeColumn& spanned = *per_arc.find("neuropils");
      for (std::size_t r = 0; r < kept; ++r) {
        const PairMain& main = main_rows[static_cast<std::size_t>(kept_pairs[r])];
        if (main.neuropil != kNoWord) main_neuropil.set_text(r, neuropils.word(main.neuropil));
        spanned.set_integer(r, main.rows);
      }
    }
    if (nt >= 0) {
      AttributeColumn& transmitter = per_arc.column("nt_type", AttributeType::Text, kept);
      for (std::size_t r = 0; r < kept; ++r) {
        const PairMain& main = main_rows[static_cast<std::size_t>(kept_pairs[r])];
        if (main.transmitter != kNoWord) transmitter.set_text(r, transmitter_words.word(main.transmitter));
      }
    }
    if (neuropil >= 0 || nt >= 0) {
      out.report.notes.push_back(
          "per connection: the neuropil and nt_type of its row with most synapses, and in how many neuropils it has "
          "rows (neuropils)");
    }
  }
  main_rows = {};
  out.graph = builder.build(true, out.report);
  out.graph.ids = neurons.ids();
  if (!transmitters.names.empty()) {
    AttributeColumn& column = out.graph.node_attributes.column("nt_type", AttributeType::Text, static_cast<std::size_t>(n));
    for (std::size_t u = 0; u < transmitters.synapses.size(); ++u) {
      const auto& counts = transmitters.synapses[u];
      const auto best = static_cast<std::size_t>(std::max_element(counts.begin(), counts.end()) - counts.begin());
      if (counts[best] <= 0) continue;
      column.set_text(u, best < transmitters.names.size() ? transmitters.names[best] : std::string("other"));
    }
    out.report.notes.push_back("nt_type: each neuron's transmitter is the one most of its outgoing synapses carry");
  }
  return out;
}

}  // namespace pathscope::io
