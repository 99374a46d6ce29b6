// The launchers' variables, read and checked (launch_environment.hpp says which wins and why).
#include "pathscope/cluster/launch_environment.hpp"

#include <cctype>
#include <climits>
#include <cstdlib>

#include "pathscope/runtime/error.hpp"
#include "slurm_lists.hpp"

namespace pathscope {
namespace {

// One launcher's names for the four numbers; an empty name: that launcher has no such variable.
struct LauncherVariables {
  Launcher launcher;
  const char* rank;
  const char* size;
  const char* local_rank;
  const char* local_size;
};

constexpr LauncherVariables kTorchrun{Launcher::torchrun, "RANK", "WORLD_SIZE", "LOCAL_RANK", "LOCAL_WORLD_SIZE"};
constexpr LauncherVariables kOpenMpi{Launcher::open_mpi, "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE",
                                     "OMPI_COMM_WORLD_LOCAL_RANK", "OMPI_COMM_WORLD_LOCAL_SIZE"};
constexpr LauncherVariables kMpich{Launcher::mpich, "PMI_RANK", "PMI_SIZE", "MPI_LOCALRANKID", "MPI_LOCALNRANKS"};
// SLURM_STEP_NUM_TASKS, not SLURM_NTASKS: only srun sets it, while an sbatch shell also has
// SLURM_NTASKS (and SLURM_PROCID=0) without being one of several tasks.
constexpr LauncherVariables kSlurm{Launcher::slurm, "SLURM_PROCID", "SLURM_STEP_NUM_TASKS", "SLURM_LOCALID", ""};

class Reader {
 public:
  explicit Reader(const EnvironmentLookup& environment) : environment_(environment) {}

  std::optional<std::string> text(const char* name) const {
    if (*name == '\0') return std::nullopt;
    return environment_(name);
  }
  bool has(const char* name) const { return text(name).has_value(); }

  // A whole number in [low, INT_MAX], or nothing when the variable is not set.
  std::optional<int> number(const char* name, int low) const {
    const auto value = text(name);
    if (!value) return std::nullopt;
    std::string digits = *value;
    while (!digits.empty() && std::isspace(static_cast<unsigned char>(digits.back()))) digits.pop_back();
    const bool negative = !digits.empty() && digits[0] == '-';
    const std::size_t first = negative ? 1 : 0;
    const bool all_digits = digits.size() > first && digits.size() - first <= 18 &&
                            digits.find_first_not_of("0123456789", first) == std::string::npos;
    if (!all_digits) throw Error(std::string(name) + "=\"" + *value + "\": expected a whole number");
    const long long parsed = std::stoll(digits);
    if (parsed < 0) throw Error(std::string(name) + "=" + digits + ": must not be negative");
    if (parsed < low) throw Error(std::string(name) + "=" + digits + ": must be at least " + std::to_string(low));
    if (parsed > INT_MAX) throw Error(std::string(name) + "=" + digits + ": too large");
    return static_cast<int>(parsed);
  }

 private:
  const EnvironmentLookup& environment_;
};

bool launcher_present(const Reader& env, const LauncherVariables& v) { return env.has(v.rank) || env.has(v.size); }

ProcessPlacement read_launcher(const Reader& env, const LauncherVariables& v) {
  const auto rank = env.number(v.rank, 0);
  const auto size = env.number(v.size, 1);
  if (!rank) throw Error(std::string(v.size) + " is set but " + v.rank + " is not");
  if (!size) throw Error(std::string(v.rank) + " is set but " + v.size + " is not");
  if (*rank >= *size)
    throw Error(std::string(v.rank) + "=" + std::to_string(*rank) + " is not below " + v.size + "=" +
                std::to_string(*size));
  ProcessPlacement placement;
  placement.launcher = v.launcher;
  placement.rank = *rank;
  placement.world_size = *size;
  placement.local_rank = env.number(v.local_rank, 0).value_or(-1);
  placement.local_size = env.number(v.local_size, 1).value_or(0);
  if (v.launcher == Launcher::slurm) {
    const auto node = env.number("SLURM_NODEID", 0);
    const auto per_node = env.text("SLURM_STEP_TASKS_PER_NODE");
    if (node && per_node) placement.local_size = detail::slurm_tasks_on_node(*per_node, *node).value_or(0);
  }
  const std::string local_size_name = *v.local_size ? v.local_size : "SLURM_STEP_TASKS_PER_NODE (this node)";
  if (placement.local_size > placement.world_size)
    throw Error(local_size_name + "=" + std::to_string(placement.local_size) + " is more than " + v.size +
                "=" + std::to_string(placement.world_size));
  if (placement.local_size > 0 && placement.local_rank >= placement.local_size)
    throw Error(std::string(v.local_rank) + "=" + std::to_string(placement.local_rank) + " is not below " +
                local_size_name + "=" + std::to_string(placement.local_size));
  if (placement.local_rank >= placement.world_size)
    throw Error(std::string(v.local_rank) + "=" + std::to_string(placement.local_rank) + " is not below " + v.size +
                "=" + std::to_string(placement.world_size));
  return placement;
}

// Open MPI and PMI variables in one process both describe its one MPI job.
void check_same_job(const Reader& env, const ProcessPlacement& open_mpi) {
  if (!launcher_present(env, kMpich)) return;
  const ProcessPlacement pmi = read_launcher(env, kMpich);
  if (pmi.world_size != open_mpi.world_size)
    throw Error(std::string("the launchers disagree: ") + kOpenMpi.size + "=" + std::to_string(open_mpi.world_size) +
                " but " + kMpich.size + "=" + std::to_string(pmi.world_size));
  if (pmi.rank != open_mpi.rank)
    throw Error(std::string("the launchers disagree: ") + kOpenMpi.rank + "=" + std::to_string(open_mpi.rank) +
                " but " + kMpich.rank + "=" + std::to_string(pmi.rank));
}

int port_number(const std::string& text, const std::string& variable) {
  const bool digits = !text.empty() && text.size() <= 5 && text.find_first_not_of("0123456789") == std::string::npos;
  const int port = digits ? std::stoi(text) : -1;
  if (port < 1 || port > 65535)
    throw Error(variable + ": port \"" + text + "\" is not a number from 1 to 65535");
  return port;
}

void read_rendezvous(const Reader& env, ProcessPlacement& placement) {
  if (const auto spec = env.text("PATHSCOPE_RENDEZVOUS")) {
    const std::string name = "PATHSCOPE_RENDEZVOUS=" + *spec;
    std::string host;
    std::string port;
    if (!spec->empty() && (*spec)[0] == '[') {  // [IPv6]:port
      const std::size_t close = spec->find(']');
      if (close == std::string::npos || spec->compare(close + 1, 1, ":") != 0)
        throw Error(name + ": expected host:port or [address]:port");
      host = spec->substr(1, close - 1);
      port = spec->substr(close + 2);
    } else {
      const std::size_t colon = spec->rfind(':');
      if (colon == std::string::npos) throw Error(name + ": expected host:port");
      host = spec->substr(0, colon);
      port = spec->substr(colon + 1);
    }
    if (host.empty()) throw Error(name + ": no host before the port");
    placement.rendezvous_host = host;
    placement.rendezvous_port = port_number(port, name);
    placement.rendezvous_source = "PATHSCOPE_RENDEZVOUS";
    return;
  }
  const auto master_port = env.text("MASTER_PORT");
  if (master_port) placement.rendezvous_port = port_number(*master_port, "MASTER_PORT");
  if (const auto master = env.text("MASTER_ADDR"); master && !master->empty()) {
    placement.rendezvous_host = *master;
    if (!master_port) placement.rendezvous_port = kDefaultRendezvousPort;
    placement.rendezvous_source = master_port ? "MASTER_ADDR, MASTER_PORT" : "MASTER_ADDR";
    return;
  }
  if (placement.launcher != Launcher::slurm) {
    placement.rendezvous_port = 0;  // a port with no host is no address
    return;
  }
  for (const char* list : {"SLURM_STEP_NODELIST", "SLURM_JOB_NODELIST"}) {
    const auto nodes = env.text(list);
    if (!nodes) continue;
    const auto host = detail::first_slurm_host(*nodes);
    if (!host) throw Error(std::string(list) + "=\"" + *nodes + "\": no host name in it");
    placement.rendezvous_host = *host;
    placement.rendezvous_source = std::string("the first host of ") + list;
    if (master_port) {
      placement.rendezvous_source += ", MASTER_PORT";
    } else {
      const int job = env.number("SLURM_JOB_ID", 0).value_or(0);
      placement.rendezvous_port = kDefaultRendezvousPort + job % 1000;
      placement.rendezvous_source += ", a port from SLURM_JOB_ID";
    }
    return;
  }
  placement.rendezvous_port = 0;
}

}  // namespace

std::string_view launcher_name(Launcher launcher) {
  switch (launcher) {
    case Launcher::none: return "none";
    case Launcher::torchrun: return "torchrun";
    case Launcher::open_mpi: return "Open MPI";
    case Launcher::mpich: return "MPICH/PMI";
    case Launcher::slurm: return "Slurm";
  }
  return "unknown";
}

bool launched_by_mpi(Launcher launcher) { return launcher == Launcher::open_mpi || launcher == Launcher::mpich; }

EnvironmentLookup environment_from(std::map<std::string, std::string> variables) {
  return [variables = std::move(variables)](const std::string& name) -> std::optional<std::string> {
    const auto found = variables.find(name);
    if (found == variables.end()) return std::nullopt;
    return found->second;
  };
}

EnvironmentLookup process_environment() {
  return [](const std::string& name) -> std::optional<std::string> {
    const char* value = std::getenv(name.c_str());
    if (value == nullptr) return std::nullopt;
    return std::string(value);
  };
}

ProcessPlacement read_process_placement(const EnvironmentLookup& environment) {
  const Reader env(environment);
  ProcessPlacement placement;
  if (launcher_present(env, kTorchrun)) {
    placement = read_launcher(env, kTorchrun);
  } else if (launcher_present(env, kOpenMpi)) {
    placement = read_launcher(env, kOpenMpi);
    check_same_job(env, placement);
  } else if (launcher_present(env, kMpich)) {
    placement = read_launcher(env, kMpich);
  } else if (env.has(kSlurm.size)) {  // srun's task; SLURM_PROCID alone is an sbatch shell
    placement = read_launcher(env, kSlurm);
  }
  if (placement.launcher == Launcher::none) placement.local_size = 1;
  read_rendezvous(env, placement);
  return placement;
}

}  // namespace pathscope
