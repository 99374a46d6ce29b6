#pragma once
// Errors thrown by the core. Front ends catch pathscope::Error and show what() as is:
// every message is written for the person who chose the file or the option.
#include <cstdint>
#include <stdexcept>
#include <string>

namespace pathscope {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Bad input data. what() reads "FILE:LINE: message" (line 0 when the problem is not on one line).
class ParseError : public Error {
 public:
  ParseError(std::string file, std::int64_t line, const std::string& message);
  const std::string& file() const { return file_; }
  std::int64_t line() const { return line_; }

 private:
  std::string file_;
  std::int64_t line_;
};

// The request itself is wrong, whatever the data: a generator spec with an unknown key or a
// value out of range, an option the command cannot use. Front ends report it as a usage error
// (kExitUsage), like a command line their parser refuses.
class UsageError : public Error {
 public:
  using Error::Error;
};

// A job stopped because its JobContext was asked to cancel.
class Cancelled : public Error {
 public:
  Cancelled() : Error("cancelled") {}
};

// A request that would need more memory than the budget allows; the message gives the sizes.
class OverBudget : public Error {
 public:
  using Error::Error;
};

}  // namespace pathscope
