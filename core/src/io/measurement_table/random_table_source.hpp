#pragma once
#include <memory>
#include <string>

#include "pathscope/io/measurement_table.hpp"

namespace pathscope {

// The RowSource of a "random-table:..." spec; open_table() dispatches here.
std::unique_ptr<RowSource> open_random_table(const std::string& spec, const TableOptions& options);

}  // namespace pathscope
