#include "pathscope/graph/distance.hpp"

#include "pathscope/runtime/error.hpp"

namespace pathscope {

const char* dist_type_name(DistType t) {
  switch (t) {
    case DistType::Int32: return "int32";
    case DistType::Float32: return "float";
    case DistType::Hop16: return "hop16";
    case DistType::Int64: return "int64";
  }
  return "?";
}

DistType parse_dist_type(const std::string& s) {
  if (s == "int32") return DistType::Int32;
  if (s == "float" || s == "float32") return DistType::Float32;
  if (s == "hop16") return DistType::Hop16;
  if (s == "int64") return DistType::Int64;
  throw Error("unknown distance type '" + s + "' (use int32, int64, float or hop16)");
}

std::size_t dist_type_bytes(DistType t) {
  switch (t) {
    case DistType::Hop16: return 2;
    case DistType::Int64: return 8;
    case DistType::Int32:
    case DistType::Float32: return 4;
  }
  return 4;
}

}  // namespace pathscope
