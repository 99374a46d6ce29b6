#include "node_lookup.hpp"

#include <fstream>

#include "comma_list.hpp"
#include "pathscope/paths/node_groups.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::cli {

std::int32_t resolve_node(const Graph& g, const std::string& key, const std::string& source) {
  if (auto u = g.find_node(key)) return *u;
  throw Error("node '" + key + "' is not in " + source + " (give a node id" + (g.names.empty() ? "" : " or a name") + ")");
}

std::string type_column(const Graph& g) {
  for (const char* name : {"cell_type", "type", "primary_type"})
    if (g.node_attributes.find(name)) return name;
  return {};
}

nlohmann::json node_json(const Graph& g, std::int32_t u) {
  nlohmann::json j = {{"index", u}, {"id", g.display_id(u)}};
  if (!g.names.empty()) j["name"] = g.names[u];
  if (const std::string column = type_column(g); !column.empty()) j[column] = attribute_text(g, column, u);
  return j;
}

std::vector<std::string> list_option(const std::string& text) {
  if (text.empty() || text[0] != '@') return split_comma_list(text, "the list");
  const std::string path = text.substr(1);
  std::ifstream in(path);
  if (!in) throw Error("cannot open the list " + path);
  note_input(path);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (!line.empty()) out.push_back(line);
  }
  if (out.empty()) throw Error(path + ": the list is empty");
  return out;
}

}  // namespace pathscope::cli
