#include "pathscope/error.hpp"

#include "pathscope/apsp.hpp"

namespace pathscope {

ParseError::ParseError(std::string file, std::int64_t line, const std::string& message)
    : Error(file + ":" + std::to_string(line) + ": " + message), file_(std::move(file)), line_(line) {}

NegativeCycle::NegativeCycle(std::int32_t node)
    : Error("the graph has a negative cycle (through node index " + std::to_string(node) +
            "); shortest distances are undefined"),
      node_(node) {}

}  // namespace pathscope
