#pragma once
// What every JSON document pathscope writes for scripts carries, and how it is printed: the
// tool, its version and the document's schema ("pathscope/path/2": kind and revision; a
// revision changes only when a field changes meaning or goes away), whole numbers as integers
// (12933, not 12933.0), and text from people's files with invalid UTF-8 replaced, never an abort.
// Needs the nlohmann/json headers (Debian nlohmann-json3-dev), as path_export.hpp does.
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace pathscope {

// {"tool": tool, "version": pathscope_version(), "schema": schema}.
nlohmann::json json_document(std::string_view tool, std::string_view schema);
// Doubles that hold whole numbers exactly (|x| <= 2^53) become integers, in place, at any depth.
void whole_numbers_as_integers(nlohmann::json& doc);
// Pretty-printed (indent 2) after whole_numbers_as_integers, ending in a newline.
std::string json_text(nlohmann::json doc);

}  // namespace pathscope
