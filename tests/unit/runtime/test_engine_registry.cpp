// The one registry model every engine family uses: names in registration order, a later
// registration under a taken name (the CUDA back end's) replacing the engine in place, and
// the wording for unknown and unavailable engines.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/closure/closure.hpp"
#include "pathscope/correlate/correlate.hpp"
#include "pathscope/runtime/engine_registry.hpp"
#include "pathscope/tsp/tsp.hpp"

using namespace pathscope;

namespace {

class NamedEngine final : public Engine {
 public:
  NamedEngine(std::string name, std::string reason) : name_(std::move(name)), reason_(std::move(reason)) {}
  std::string name() const override { return name_; }
  std::string description() const override { return "made for " + name_; }
  std::string unavailable_reason() const override { return reason_; }

 private:
  std::string name_, reason_;
};

std::string message_of(const std::function<void()>& call) {
  try {
    call();
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST(EngineRegistry, ALaterRegistrationReplacesTheEngineInPlace) {
  EngineRegistry<Engine> registry("test engine");
  registry.add("cpu", [] { return std::make_unique<NamedEngine>("cpu", ""); });
  registry.add("gpu", [] { return std::make_unique<NamedEngine>("gpu", "no back end"); });
  registry.add("auto", [] { return std::make_unique<NamedEngine>("auto", ""); });
  registry.add("gpu", [] { return std::make_unique<NamedEngine>("gpu", ""); });
  EXPECT_EQ(registry.names(), (std::vector<std::string>{"cpu", "gpu", "auto"}));
  EXPECT_TRUE(registry.make("gpu")->available());
  const auto listed = registry.listing();
  ASSERT_EQ(listed.size(), 3u);
  EXPECT_EQ(listed[1].name, "gpu");
  EXPECT_EQ(listed[1].description, "made for gpu");
  EXPECT_EQ(listed[1].unavailable_reason, "");
}

TEST(EngineRegistry, UnknownAndUnavailableEnginesAreNamed) {
  EngineRegistry<Engine> registry("test engine");
  registry.add("cpu", [] { return std::make_unique<NamedEngine>("cpu", ""); });
  registry.add("gpu", [] { return std::make_unique<NamedEngine>("gpu", "no back end"); });
  EXPECT_EQ(message_of([&] { registry.make("quick"); }), "unknown test engine 'quick' (known: cpu, gpu)");
  EXPECT_EQ(message_of([&] { require_available(*registry.make("gpu")); }), "gpu is unavailable: no back end");
  EXPECT_NO_THROW(require_available(*registry.make("cpu")));
}

// Every family lists its GPU names whether or not this program has the CUDA back end, and each
// name makes an engine of that name.
TEST(EngineRegistry, EveryFamilyListsItsGpuNames) {
  auto has = [](const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  for (const char* name : {"gpu-naive", "gpu-blocked", "gpu-sparse"}) EXPECT_TRUE(has(apsp_engine_names(), name)) << name;
  EXPECT_TRUE(has(closure_engine_names(), "gpu"));
  EXPECT_TRUE(has(correlation_engine_names(), "gpu"));
  for (const char* name : {"gpu-auto", "gpu-brute", "gpu-held-karp", "gpu-2opt", "gpu-2opt-descent"})
    EXPECT_TRUE(has(tsp_engine_names(), name)) << name;
  for (const auto& name : tsp_engine_names()) EXPECT_EQ(make_tsp_engine(name)->name(), name);
  for (const auto& name : apsp_engine_names()) EXPECT_EQ(make_apsp_engine(name)->name(), name);
  for (const auto& name : closure_engine_names()) EXPECT_EQ(make_closure_engine(name)->name(), name);
  for (const auto& name : correlation_engine_names()) EXPECT_EQ(make_correlation_engine(name)->name(), name);
}

TEST(EngineRegistry, TourChoicesNameTheirEngines) {
  EXPECT_EQ(tsp_engine_name(parse_tsp_algorithm("exhaustive"), TspBackend::Cpu), "brute");
  EXPECT_EQ(tsp_engine_name(parse_tsp_algorithm("hk"), parse_tsp_backend("gpu")), "gpu-held-karp");
  EXPECT_EQ(tsp_engine_name(parse_tsp_algorithm("2-opt"), TspBackend::Gpu), "gpu-2opt");
  EXPECT_EQ(tsp_engine_name(TspAlgorithm::Auto, TspBackend::Cpu), "auto");
  for (auto algorithm : {TspAlgorithm::Auto, TspAlgorithm::Exhaustive, TspAlgorithm::HeldKarp, TspAlgorithm::TwoOpt})
    for (auto backend : {TspBackend::Cpu, TspBackend::Gpu})
      EXPECT_NO_THROW(make_tsp_engine(tsp_engine_name(algorithm, backend)));
}
