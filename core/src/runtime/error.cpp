#include "pathscope/runtime/error.hpp"

namespace pathscope {

ParseError::ParseError(std::string file, std::int64_t line, const std::string& message)
    : Error(file + ":" + std::to_string(line) + ": " + message), file_(std::move(file)), line_(line) {}

}  // namespace pathscope
