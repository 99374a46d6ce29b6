#pragma once
// What content tests look at: the first bytes of an input's content (after decompression),
// held in memory so that every test can read it from the start, whatever the input is (a
// pipe, a compressed file). Content tests (file_formats.hpp) never see more than this.
#include <istream>
#include <streambuf>
#include <string_view>

namespace pathscope::io {

// Enough for any header and a few hundred rows; small enough to hold for every open input.
inline constexpr std::size_t kContentSampleBytes = std::size_t{1} << 20;

struct ContentSample {
  std::string_view text;  // when not whole: cut after the last complete line (if it has one)
  bool whole = true;      // the text is the entire content
};

// A seekable stream over a sample, for the content tests.
class SampleStream : public std::istream {
 public:
  explicit SampleStream(ContentSample sample);

 private:
  class Buf : public std::streambuf {
   public:
    explicit Buf(std::string_view text);
    pos_type seekoff(off_type offset, std::ios_base::seekdir dir, std::ios_base::openmode) override;
    pos_type seekpos(pos_type position, std::ios_base::openmode mode) override;
  };
  Buf buf_;
  bool whole_;
  friend bool is_whole_input(const std::istream& in);
};

// False only for a SampleStream over part of its input: a content test that checks the whole
// of a file (the dense matrix's row count) judges a part by what that part can show.
bool is_whole_input(const std::istream& in);

// The first kContentSampleBytes of `in` (read from its current position), cut as
// ContentSample says; `storage` keeps the bytes.
ContentSample read_content_sample(std::istream& in, std::string& storage);
// Cuts `text`, the first bytes of a content, as ContentSample says.
ContentSample content_sample_of(std::string_view text, bool whole);

}  // namespace pathscope::io
