#include "pathscope/flow/flow_seeds.hpp"

#include <fstream>
#include <iostream>

#include "io/line_reader.hpp"
#include "io/text_fields.hpp"
#include "pathscope/graph/node_index.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

// Each node once, in the order first named.
void append_once(std::vector<std::int32_t>& seeds, std::vector<std::uint8_t>& taken, std::int32_t node) {
  if (taken[node]) return;
  taken[node] = 1;
  seeds.push_back(node);
}

}  // namespace

std::vector<std::int32_t> seeds_of_type(const Graph& g, std::string_view type) {
  const AttributeColumn* column = type_column(g);
  if (!column)
    throw Error("the graph has no cell-type column (cell_type, type, primary_type, class, super_class or group) to "
                "find type " + io::quoted(type) + " in");
  const std::string_view wanted = io::trim(type);
  std::vector<std::int32_t> exact, folded;
  for (std::int32_t u = 0; u < g.n; ++u) {
    if (!column->has(static_cast<std::size_t>(u))) continue;
    const std::string& value = column->text[u];
    if (value == wanted) exact.push_back(u);
    else if (io::iequals(value, wanted)) folded.push_back(u);
  }
  if (!exact.empty()) return exact;
  if (!folded.empty()) return folded;
  throw Error("no node has " + column->name + " " + io::quoted(wanted));
}

std::vector<std::int32_t> seeds_from_keys(const Graph& g, const std::vector<std::string>& keys) {
  const NodeIndex index(g);
  std::vector<std::int32_t> seeds;
  std::vector<std::uint8_t> taken(g.n, 0);
  for (const std::string& key : keys) {
    const auto node = index.find(key).node;
    if (!node) throw Error("seed " + io::quoted(io::trim(key)) + " is no node of the graph (give an id or a name)");
    append_once(seeds, taken, *node);
  }
  return seeds;
}

std::vector<std::int32_t> read_seeds(std::istream& in, const std::string& source_name, const Graph& g) {
  const NodeIndex index(g);
  std::vector<std::int32_t> seeds;
  std::vector<std::uint8_t> taken(g.n, 0);
  io::LineReader reader(in, source_name);
  while (reader.next()) {
    const std::string_view key = io::trim(reader.line());
    if (key.empty() || key.front() == '#') continue;
    const auto node = index.find(key).node;
    if (!node) reader.fail("seed " + io::quoted(key) + " is no node of the graph (give an id or a name)");
    append_once(seeds, taken, *node);
  }
  if (seeds.empty()) throw Error(source_name + ": no seed nodes in the file");
  return seeds;
}

std::vector<std::int32_t> read_seed_file(const std::string& file, const Graph& g) {
  if (file == "-") return read_seeds(std::cin, "standard input", g);
  std::ifstream in(file);
  if (!in) throw Error("cannot open " + file);
  note_input(file);
  return read_seeds(in, file, g);
}

}  // namespace pathscope
