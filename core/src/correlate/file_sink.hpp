#pragma once
// A sink whose output is one file. write_out() leaves it written and closed under its
// temporary name, so that a fan-out can rename all of its files together (commit_together).
#include "pathscope/correlate/correlate.hpp"
#include "pathscope/runtime/atomic_file.hpp"

namespace pathscope::correlate {

class FileSink : public PairSink {
 public:
  void finish() override {
    write_out();
    output().commit();
  }
  virtual void write_out() = 0;
  virtual AtomicFile& output() = 0;
};

}  // namespace pathscope::correlate
