#include "command_suggestion.hpp"

#include <algorithm>

namespace pathscope::cli {
namespace {

// Optimal string alignment distance: Levenshtein plus a swap of neighbours as one edit, the
// commonest typo ("expotr").
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t substitution = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + substitution});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

bool has_positionals(const CLI::App& app) {
  return !app.get_options([](const CLI::Option* option) { return option->get_positional(); }).empty();
}

}  // namespace

std::string closest_word(std::string_view typed, const std::vector<std::string>& choices) {
  std::string best;
  std::size_t best_distance = 3;  // more than 2 edits is another word, not a typo
  for (const auto& choice : choices) {
    const std::size_t distance = edit_distance(typed, choice);
    if (distance < best_distance && 2 * distance < std::max(typed.size(), choice.size())) {
      best = choice;
      best_distance = distance;
    }
  }
  return best;
}

std::string unknown_command_message(const CLI::App& app, int argc, const char* const* argv) {
  const CLI::App* at = &app;
  for (int i = 1; i < argc; ++i) {
    const std::string_view word = argv[i];
    if (word == "--") return {};
    // The global flags take no value, so a word that is no option is the next command.
    if (word.size() > 1 && word[0] == '-') continue;
    const auto commands = at->get_subcommands([](const CLI::App*) { return true; });
    const CLI::App* named = nullptr;
    for (const CLI::App* command : commands)
      if (command->check_name(std::string(word))) named = command;
    if (named) {
      at = named;
      // Past here words are the command's own arguments (a graph, node ids), never commands.
      if (has_positionals(*at) || at->get_subcommands([](const CLI::App*) { return true; }).empty()) return {};
      continue;
    }
    std::vector<std::string> names;
    for (const CLI::App* command : commands) names.push_back(command->get_name());
    const std::string where = at == &app ? "" : " of '" + at->get_name() + "'";
    const std::string near = closest_word(word, names);
    if (!near.empty()) return "unknown command '" + std::string(word) + "'" + where + "; did you mean '" + near + "'?";
    std::string list;
    for (const auto& name : names) list += (list.empty() ? "" : ", ") + name;
    return "unknown command '" + std::string(word) + "'" + where + " (commands: " + list + ")";
  }
  return {};
}

}  // namespace pathscope::cli
