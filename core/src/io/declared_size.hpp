#pragma once
// One rule for the node counts that headers declare (DIMACS "p sp N M", METIS "N M", Matrix
// Market "ROWS COLS ENTRIES", TSPLIB DIMENSION): memory must follow what the file contains, so
// a count the file is far too small to back is refused before anything is allocated for it.
#include <cstdint>
#include <string_view>

namespace pathscope::io {

class LineReader;

// Counts up to this many are always taken on trust: a small file may rightly declare isolated
// nodes it never mentions, and this many cost little memory.
inline constexpr std::int64_t kNodesTakenOnTrust = std::int64_t{1} << 20;

// Refuses `declared` items (`items` names them: "weights") when there are more than
// kNodesTakenOnTrust and more than one per byte of the input; `what` says who declared them.
void refuse_items_beyond_file(std::int64_t declared, const LineReader& reader, std::string_view what,
                              std::string_view items);

// Refuses `declared` nodes when it is above kNodesTakenOnTrust and above one node per byte of
// the input (a node the file means to hold costs it at least a byte: an id, a line, a row).
// Streams that cannot tell their size (pipes) are not checked.
void refuse_nodes_beyond_file(std::int64_t declared, const LineReader& reader, std::string_view what);

}  // namespace pathscope::io
