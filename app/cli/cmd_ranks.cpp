// `ranks`: a check of a launch before a long run. Each process says where the launcher put it;
// the processes meet as a real run will (rank 0's 128-byte id to all, every rank's record to
// all) and rank 0 prints the table. Exit non-zero, on every rank, when the launch is wrong.
#include <fmt/core.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>

#include "cli_output.hpp"
#include "commands.hpp"
#include "option_checks.hpp"
#include "pathscope/apsp/gpu.hpp"
#include "pathscope/cluster/rank_table.hpp"
#include "pathscope/runtime/error.hpp"
#include "progress_printer.hpp"
#include "text_table.hpp"

namespace pathscope::cli {
namespace {

// As large as NCCL's unique id, so the check carries what the real run will carry.
constexpr std::size_t kIdBytes = 128;

std::string known(int value) { return value < 0 ? "?" : std::to_string(value); }
std::string known_size(int value) { return value <= 0 ? "?" : std::to_string(value); }

std::string rendezvous_text(const ProcessPlacement& p) {
  if (p.world_size == 1) return "none needed (one process)";
  if (mpi_rendezvous_built() && launched_by_mpi(p.launcher)) return "MPI";
  if (p.rendezvous_host.empty()) return "no address (set PATHSCOPE_RENDEZVOUS=host:port or MASTER_ADDR/MASTER_PORT)";
  return fmt::format("tcp {}:{} (from {})", p.rendezvous_host, p.rendezvous_port, p.rendezvous_source);
}

Bytes random_id() {
  std::random_device device;
  Bytes id(kIdBytes);
  for (auto& b : id) b = std::byte(device() & 0xff);
  return id;
}

nlohmann::json record_json(const RankRecord& r) {
  return {{"rank", r.rank}, {"host", r.host}, {"local_rank", r.local_rank}, {"local_size", r.local_size},
          {"gpus", r.device_count}};
}

struct RanksCommand {
  double timeout_seconds = 60;
  bool json = false;

  void run() const {
    const ProcessPlacement placement = read_process_placement(process_environment());
    const GpuInfo gpu = gpu_info();
    const RankRecord mine = this_rank_record(placement, gpu.available ? gpu.device_count : 0);
    if (!json) {
      // Before the meeting, so that a launch that never meets still shows what each process saw.
      fmt::print("rank {} of {} ({}) on {}: local rank {} of {}, {} GPU{}; rendezvous {}\n", placement.rank,
                 placement.world_size, launcher_name(placement.launcher), mine.host, known(placement.local_rank),
                 known_size(placement.local_size), mine.device_count, mine.device_count == 1 ? "" : "s",
                 rendezvous_text(placement));
      std::fflush(stdout);
    }
    if (launched_by_mpi(placement.launcher) && !mpi_rendezvous_built() && placement.rank == 0)
      note(fmt::format("started by {}, but this pathscope was built without MPI: the ranks meet over TCP",
                       launcher_name(placement.launcher)));
    const auto timeout = std::chrono::milliseconds(static_cast<long long>(timeout_seconds * 1000));
    auto rendezvous = join_rendezvous(placement, {timeout, interrupt_flag()});
    const Bytes id = rendezvous->broadcast_from_rank0(placement.rank == 0 ? random_id() : Bytes{});
    const auto records = gather_rank_records(*rendezvous, mine);
    const auto ids = rendezvous->all_gather(id);
    rendezvous->barrier();

    RankTableCheck check = check_rank_table(records);
    for (std::size_t r = 1; r < ids.size(); ++r)
      if (ids[r] != ids[0]) check.problems.push_back(fmt::format("rank {} received another id than rank 0 sent", r));
    if (ids[0].size() != kIdBytes) check.problems.push_back("rank 0's id arrived with the wrong length");
    if (placement.rank == 0 || json) print(placement, *rendezvous, mine, records, check);
    if (!check.problems.empty())
      throw Error(fmt::format("the launch has {} problem{} (listed by rank 0)", check.problems.size(),
                              check.problems.size() == 1 ? "" : "s"));
  }

  void print(const ProcessPlacement& placement, const Rendezvous& rendezvous, const RankRecord& mine,
             const std::vector<RankRecord>& records, const RankTableCheck& check) const {
    if (json) {
      nlohmann::json doc = {{"rank", placement.rank}, {"world_size", placement.world_size},
                            {"launcher", launcher_name(placement.launcher)}, {"transport", rendezvous.transport()},
                            {"this_rank", record_json(mine)}};
      if (placement.rank == 0) {
        doc["ranks"] = nlohmann::json::array();
        for (const auto& r : records) doc["ranks"].push_back(record_json(r));
        doc["problems"] = check.problems;
        doc["notes"] = check.notes;
      }
      print_json("ranks", std::move(doc));
      return;
    }
    TextTable table({"rank", "<host", "local rank", "local size", "GPUs"});
    std::vector<std::string> hosts;
    for (const auto& r : records) {
      table.add_row({std::to_string(r.rank), r.host, known(r.local_rank), known_size(r.local_size),
                     std::to_string(r.device_count)});
      if (std::find(hosts.begin(), hosts.end(), r.host) == hosts.end()) hosts.push_back(r.host);
    }
    fmt::print("{}", table.text(TableStyle::Aligned));
    fmt::print("{} rank{} on {} host{} ({}); the id went over {}\n", records.size(), records.size() == 1 ? "" : "s",
               hosts.size(), hosts.size() == 1 ? "" : "s", launcher_name(placement.launcher), rendezvous.transport());
    for (const auto& line : check.notes) fmt::print("note: {}\n", line);
    for (const auto& line : check.problems) fmt::print("problem: {}\n", line);
    if (check.problems.empty()) fmt::print("ok: every rank received rank 0's {}-byte id\n", kIdBytes);
  }
};

}  // namespace

void add_ranks_command(CLI::App& app) {
  auto cmd = std::make_shared<RanksCommand>();
  auto* sub = app.add_subcommand(
      "ranks", "Check a launch of several processes (mpirun, srun, torchrun) before a long run: ranks, hosts, GPUs");
  sub->add_option("--timeout", cmd->timeout_seconds, "Seconds each step waits for the other ranks")
      ->check(number_above(0, 86400, "seconds"))
      ->capture_default_str();
  sub->add_flag("--json", cmd->json, "Print JSON (one document per process; rank 0's holds the table)");
  sub->callback([cmd] { cmd->run(); });
}

}  // namespace pathscope::cli
