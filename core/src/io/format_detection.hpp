#pragma once
// Format detection on an input already open: the content tests run on its sample
// (content_sample.hpp), so a pipe or a compressed file is never read twice.
#include <string>

#include "io/content_sample.hpp"
#include "pathscope/io/file_formats.hpp"

namespace pathscope::io {

// As pathscope::detect_graph_format, with the content given as the file's sample.
const FileFormat& detect_graph_format(const std::string& path, ContentSample sample);
// The first graph format whose content test accepts the sample, or null.
const FileFormat* sniff_graph_sample(ContentSample sample);

}  // namespace pathscope::io
