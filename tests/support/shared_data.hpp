#pragma once
// The one way a test names a file of the real datasets beside the repository (../shared/data).
// They are not in the repository, so a missing file must stop the test with a message that says
// what to fix, not surface later as a reader's complaint about an empty path.
// Framework-free on purpose: GoogleTest and Qt Test both report the exception's text.
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace test_support {

class MissingSharedData : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The environment variable wins over the folder CMake compiled in, so one build can be pointed
// at another copy of the data without reconfiguring.
inline std::string shared_data_folder() {
  const char* chosen = std::getenv("PATHSCOPE_SHARED_DATA");
  return chosen && *chosen ? std::string(chosen) : std::string(PATHSCOPE_SHARED_DATA);
}

// Full path of `relative` (a file or a folder) inside the shared data; throws MissingSharedData,
// failing the test that asked, when it is not there.
inline std::string shared_data_file(const std::string& relative) {
  const std::string folder = shared_data_folder();
  const std::string path = folder + "/" + relative;
  std::error_code ignored;
  if (std::filesystem::exists(path, ignored)) return path;
  const char* chosen = std::getenv("PATHSCOPE_SHARED_DATA");
  const std::string source = chosen && *chosen ? "the environment variable PATHSCOPE_SHARED_DATA"
                                               : "the CMake cache variable PATHSCOPE_SHARED_DATA";
  throw MissingSharedData("shared test data missing: " + relative + " is not in " + folder + " (folder taken from " +
                          source + "). Put the datasets there, or set PATHSCOPE_SHARED_DATA (environment, or "
                          "cmake -DPATHSCOPE_SHARED_DATA=...) to the folder that holds " + relative + ".");
}

}  // namespace test_support
