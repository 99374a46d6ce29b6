#pragma once
// The version every front end reports (--version, JSON documents): CMake's project version.
namespace pathscope {

const char* pathscope_version();  // "0.1.0"

}  // namespace pathscope
