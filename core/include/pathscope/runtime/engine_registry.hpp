#pragma once
// How every engine family (all-pairs, closure, tours, correlation) is reached: one registry
// per family, engines registered under a name, front ends listing the names and creating
// engines by them. The core fills each family's registry with its CPU engines and with GPU
// names that say why they cannot run; the CUDA back end (kernels/) registers its engines under
// those names while the program starts, so menus and `bench` list the same names everywhere.
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pathscope/runtime/engine.hpp"

namespace pathscope {

// What a menu or an engine list shows of one engine.
struct EngineListing {
  std::string name;
  std::string description;
  std::string unavailable_reason;  // empty when it can run here
};

// Throws Error "unknown <noun> '<name>' (known: a, b, c)".
[[noreturn]] void throw_unknown_engine(std::string_view noun, std::string_view name,
                                       const std::vector<std::string>& known);
// Throws Error "<name> is unavailable: <why>" when the engine cannot run here.
void require_available(const Engine& engine);
// Why a GPU engine cannot run in a program without the CUDA back end: the build has none, or
// this program was linked without it.
std::string no_gpu_backend_reason();

template <class EngineT>
class EngineRegistry {
 public:
  using Factory = std::function<std::unique_ptr<EngineT>()>;

  // `noun` names the family in errors ("engine", "closure engine").
  explicit EngineRegistry(std::string noun) : noun_(std::move(noun)) {}

  // A name already registered keeps its place in the list and gets the new factory: how the
  // CUDA back end takes over the GPU names the core holds for it. Registration happens while
  // the program starts, before any engine is created.
  void add(std::string name, Factory make) {
    for (auto& entry : entries_)
      if (entry.first == name) {
        entry.second = std::move(make);
        return;
      }
    entries_.emplace_back(std::move(name), std::move(make));
  }

  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& entry : entries_) out.push_back(entry.first);
    return out;
  }

  bool contains(std::string_view name) const { return find(name) != nullptr; }

  // Throws Error for an unknown name. Engines that cannot run here are still made: they say why
  // (unavailable_reason) and refuse to run.
  std::unique_ptr<EngineT> make(std::string_view name) const {
    if (const Factory* factory = find(name)) return (*factory)();
    throw_unknown_engine(noun_, name, names());
  }

  std::vector<EngineListing> listing() const {
    std::vector<EngineListing> out;
    for (const auto& entry : entries_) {
      const auto engine = entry.second();
      out.push_back({entry.first, engine->description(), engine->unavailable_reason()});
    }
    return out;
  }

 private:
  const Factory* find(std::string_view name) const {
    for (const auto& entry : entries_)
      if (entry.first == name) return &entry.second;
    return nullptr;
  }

  std::string noun_;
  std::vector<std::pair<std::string, Factory>> entries_;
};

}  // namespace pathscope
