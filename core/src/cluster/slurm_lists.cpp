#include "slurm_lists.hpp"

#include <cctype>
#include <cstdint>

namespace pathscope::detail {
namespace {

// A whole number of at most 9 digits at text[at...], advancing `at`; nothing otherwise.
std::optional<int> read_count(const std::string& text, std::size_t& at) {
  const std::size_t begin = at;
  while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])) && at - begin < 9) ++at;
  if (at == begin || (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])))) return std::nullopt;
  return std::stoi(text.substr(begin, at - begin));
}

}  // namespace

std::optional<std::string> first_slurm_host(const std::string& node_list) {
  std::string host;
  std::size_t at = 0;
  while (at < node_list.size() && node_list[at] != ',') {
    const char c = node_list[at];
    if (c == ']') return std::nullopt;
    if (c != '[') {
      host += c;
      ++at;
      continue;
    }
    if (host.empty()) return std::nullopt;  // a range with no name before it
    // The range's first value as written ("07" of "07-12"), then past the closing bracket.
    const std::size_t close = node_list.find(']', at);
    if (close == std::string::npos) return std::nullopt;
    const std::size_t first_end = node_list.find_first_of(",-]", at + 1);
    if (first_end == at + 1) return std::nullopt;
    host += node_list.substr(at + 1, first_end - at - 1);
    at = close + 1;
  }
  if (host.empty()) return std::nullopt;
  return host;
}

std::optional<int> slurm_tasks_on_node(const std::string& tasks_per_node, int node) {
  if (node < 0) return std::nullopt;
  // The whole list is read before answering, so that a malformed tail is not half believed.
  std::optional<int> answer;
  std::int64_t nodes_before = 0;
  std::size_t at = 0;
  while (at < tasks_per_node.size() || at == 0) {
    const auto tasks = read_count(tasks_per_node, at);
    if (!tasks) return std::nullopt;
    int repeat = 1;
    if (tasks_per_node.compare(at, 2, "(x") == 0) {
      at += 2;
      const auto count = read_count(tasks_per_node, at);
      if (!count || at >= tasks_per_node.size() || tasks_per_node[at] != ')') return std::nullopt;
      repeat = *count;
      ++at;
    }
    if (!answer && node < nodes_before + repeat) answer = *tasks;
    nodes_before += repeat;
    if (at == tasks_per_node.size()) break;
    if (tasks_per_node[at] != ',') return std::nullopt;
    ++at;
    if (at == tasks_per_node.size()) return std::nullopt;
  }
  return answer;
}

}  // namespace pathscope::detail
