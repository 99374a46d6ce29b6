// The launchers' variables: each launcher alone, which wins when several are set, the
// rendezvous address, and an error naming the variable for every kind of wrong value.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>

#include "fresh_seed.hpp"
#include "pathscope/cluster/launch_environment.hpp"
#include "pathscope/runtime/error.hpp"

namespace {

using pathscope::Launcher;
using Variables = std::map<std::string, std::string>;

pathscope::ProcessPlacement read(const Variables& variables) {
  return pathscope::read_process_placement(pathscope::environment_from(variables));
}

// The error's text, or "" when the variables are accepted.
std::string error_of(const Variables& variables) {
  try {
    read(variables);
  } catch (const pathscope::Error& e) {
    return e.what();
  }
  return "";
}

TEST(LaunchEnvironment, NoLauncherIsOneProcess) {
  const auto p = read({{"PATH", "/usr/bin"}, {"LOCAL_RANK", "3"}});  // LOCAL_RANK alone names no job
  EXPECT_EQ(p.launcher, Launcher::none);
  EXPECT_EQ(p.rank, 0);
  EXPECT_EQ(p.world_size, 1);
  EXPECT_EQ(p.local_rank, 0);
  EXPECT_EQ(p.local_size, 1);
  EXPECT_TRUE(p.rendezvous_host.empty());
}

TEST(LaunchEnvironment, EachLauncherAlone) {
  auto p = read({{"OMPI_COMM_WORLD_RANK", "5"}, {"OMPI_COMM_WORLD_SIZE", "8"},
                 {"OMPI_COMM_WORLD_LOCAL_RANK", "1"}, {"OMPI_COMM_WORLD_LOCAL_SIZE", "4"}});
  EXPECT_EQ(p.launcher, Launcher::open_mpi);
  EXPECT_EQ(std::tuple(p.rank, p.world_size, p.local_rank, p.local_size), std::tuple(5, 8, 1, 4));
  EXPECT_TRUE(pathscope::launched_by_mpi(p.launcher));

  p = read({{"PMI_RANK", "2"}, {"PMI_SIZE", "3"}, {"MPI_LOCALRANKID", "0"}, {"MPI_LOCALNRANKS", "1"}});
  EXPECT_EQ(p.launcher, Launcher::mpich);
  EXPECT_EQ(std::tuple(p.rank, p.world_size, p.local_rank, p.local_size), std::tuple(2, 3, 0, 1));

  p = read({{"PMI_RANK", "0"}, {"PMI_SIZE", "2"}});  // a PMI launcher that gives no local numbers
  EXPECT_EQ(std::tuple(p.local_rank, p.local_size), std::tuple(-1, 0));

  p = read({{"SLURM_PROCID", "6"}, {"SLURM_STEP_NUM_TASKS", "7"}, {"SLURM_NTASKS", "7"}, {"SLURM_LOCALID", "2"},
            {"SLURM_NODEID", "1"}, {"SLURM_STEP_TASKS_PER_NODE", "4,3"}, {"SLURM_STEP_NODELIST", "gpu[07-08]"},
            {"SLURM_JOB_ID", "123456"}});
  EXPECT_EQ(p.launcher, Launcher::slurm);
  EXPECT_FALSE(pathscope::launched_by_mpi(p.launcher));
  EXPECT_EQ(std::tuple(p.rank, p.world_size, p.local_rank, p.local_size), std::tuple(6, 7, 2, 3));
  EXPECT_EQ(p.rendezvous_host, "gpu07");
  EXPECT_EQ(p.rendezvous_port, pathscope::kDefaultRendezvousPort + 456);

  p = read({{"RANK", "3"}, {"WORLD_SIZE", "4"}, {"LOCAL_RANK", "1"}, {"LOCAL_WORLD_SIZE", "2"},
            {"MASTER_ADDR", "10.0.0.7"}, {"MASTER_PORT", "12345"}});
  EXPECT_EQ(p.launcher, Launcher::torchrun);
  EXPECT_EQ(std::tuple(p.rank, p.world_size, p.local_rank, p.local_size), std::tuple(3, 4, 1, 2));
  EXPECT_EQ(p.rendezvous_host, "10.0.0.7");
  EXPECT_EQ(p.rendezvous_port, 12345);
}

// An sbatch shell has SLURM_NTASKS and SLURM_PROCID=0 but is one process, not rank 0 of many.
TEST(LaunchEnvironment, SbatchShellWithoutSrunIsOneProcess) {
  const auto p = read({{"SLURM_NTASKS", "16"}, {"SLURM_PROCID", "0"}, {"SLURM_JOB_ID", "99"},
                       {"SLURM_JOB_NODELIST", "node[1-4]"}});
  EXPECT_EQ(p.launcher, Launcher::none);
  EXPECT_EQ(p.world_size, 1);
}

// Launchers nest (torchrun under srun, mpirun inside an allocation): the variables of the one
// that started this process win, whatever the outer ones say. Random nests, checked against the
// order written in launch_environment.hpp.
TEST(LaunchEnvironment, InnermostLauncherWinsInRandomNests) {
  std::mt19937_64 random(test_support::fresh_seed());
  const Launcher order[] = {Launcher::torchrun, Launcher::open_mpi, Launcher::mpich, Launcher::slurm};
  for (int trial = 0; trial < 300; ++trial) {
    Variables variables;
    std::map<Launcher, std::pair<int, int>> given;  // launcher -> (rank, size)
    for (Launcher launcher : order) {
      if (random() % 2) continue;
      const int size = 1 + int(random() % 1000);
      const int rank = int(random() % std::uint64_t(size));
      given[launcher] = {rank, size};
      const auto r = std::to_string(rank), s = std::to_string(size);
      switch (launcher) {
        case Launcher::torchrun: variables["RANK"] = r, variables["WORLD_SIZE"] = s; break;
        case Launcher::open_mpi: variables["OMPI_COMM_WORLD_RANK"] = r, variables["OMPI_COMM_WORLD_SIZE"] = s; break;
        case Launcher::mpich: variables["PMI_RANK"] = r, variables["PMI_SIZE"] = s; break;
        case Launcher::slurm: variables["SLURM_PROCID"] = r, variables["SLURM_STEP_NUM_TASKS"] = s; break;
        case Launcher::none: break;
      }
    }
    // Open MPI and PMI in one process are one MPI job: the same numbers, or refused.
    const bool both_mpi = given.count(Launcher::open_mpi) && given.count(Launcher::mpich) &&
                          !given.count(Launcher::torchrun);
    if (both_mpi && given[Launcher::open_mpi] != given[Launcher::mpich]) {
      EXPECT_NE(error_of(variables).find("the launchers disagree"), std::string::npos);
      continue;
    }
    const auto p = read(variables);
    Launcher expected = Launcher::none;
    for (Launcher launcher : order)
      if (given.count(launcher)) {
        expected = launcher;
        break;
      }
    ASSERT_EQ(p.launcher, expected) << "trial " << trial;
    if (expected == Launcher::none) continue;
    EXPECT_EQ(p.rank, given[expected].first);
    EXPECT_EQ(p.world_size, given[expected].second);
  }
}

TEST(LaunchEnvironment, RendezvousAddress) {
  const Variables torch{{"RANK", "0"}, {"WORLD_SIZE", "2"}};
  auto with = [&](Variables extra) {
    extra.insert(torch.begin(), torch.end());
    return read(extra);
  };
  auto p = with({{"MASTER_ADDR", "head"}});
  EXPECT_EQ(p.rendezvous_port, pathscope::kDefaultRendezvousPort);
  p = with({{"MASTER_ADDR", "head"}, {"MASTER_PORT", "80"}, {"PATHSCOPE_RENDEZVOUS", "other:4000"}});
  EXPECT_EQ(std::tuple(p.rendezvous_host, p.rendezvous_port), std::tuple(std::string("other"), 4000));
  EXPECT_EQ(p.rendezvous_source, "PATHSCOPE_RENDEZVOUS");
  p = with({{"PATHSCOPE_RENDEZVOUS", "[fe80::1]:65535"}});
  EXPECT_EQ(std::tuple(p.rendezvous_host, p.rendezvous_port), std::tuple(std::string("fe80::1"), 65535));
  p = with({{"MASTER_PORT", "4000"}});  // a port and no host: no address
  EXPECT_TRUE(p.rendezvous_host.empty());
  EXPECT_EQ(p.rendezvous_port, 0);
  // An MPI launch names no host of its own.
  p = read({{"OMPI_COMM_WORLD_RANK", "1"}, {"OMPI_COMM_WORLD_SIZE", "2"}});
  EXPECT_TRUE(p.rendezvous_host.empty());
  // Slurm: MASTER_PORT keeps the first node as host; the job list stands in for the step's.
  p = read({{"SLURM_PROCID", "0"}, {"SLURM_STEP_NUM_TASKS", "2"}, {"SLURM_JOB_NODELIST", "a-[3,5]x"},
            {"MASTER_PORT", "7000"}});
  EXPECT_EQ(std::tuple(p.rendezvous_host, p.rendezvous_port), std::tuple(std::string("a-3x"), 7000));
}

TEST(LaunchEnvironment, ErrorsNameTheVariable) {
  const Variables torch{{"RANK", "1"}, {"WORLD_SIZE", "4"}};
  auto with = [&](Variables extra) {
    for (const auto& [k, v] : torch) extra.emplace(k, v);  // extra's values win
    return error_of(extra);
  };
  const std::pair<Variables, std::string> cases[] = {
      {{{"RANK", "one"}}, "RANK=\"one\": expected a whole number"},
      {{{"RANK", "-1"}}, "RANK=-1: must not be negative"},
      {{{"RANK", "4"}}, "RANK=4 is not below WORLD_SIZE=4"},
      {{{"WORLD_SIZE", "0"}}, "WORLD_SIZE=0: must be at least 1"},
      {{{"WORLD_SIZE", "99999999999"}}, "WORLD_SIZE=99999999999: too large"},
      {{{"WORLD_SIZE", ""}}, "WORLD_SIZE=\"\": expected a whole number"},
      {{{"LOCAL_RANK", "2"}, {"LOCAL_WORLD_SIZE", "2"}}, "LOCAL_RANK=2 is not below LOCAL_WORLD_SIZE=2"},
      {{{"LOCAL_WORLD_SIZE", "5"}}, "LOCAL_WORLD_SIZE=5 is more than WORLD_SIZE=4"},
      {{{"LOCAL_RANK", "x"}}, "LOCAL_RANK=\"x\": expected a whole number"},
      {{{"MASTER_ADDR", "h"}, {"MASTER_PORT", "65536"}}, "MASTER_PORT: port \"65536\" is not a number from 1 to 65535"},
      {{{"MASTER_ADDR", "h"}, {"MASTER_PORT", "0"}}, "MASTER_PORT: port \"0\" is not a number from 1 to 65535"},
      {{{"MASTER_ADDR", "h"}, {"MASTER_PORT", "http"}}, "MASTER_PORT: port \"http\""},
      {{{"PATHSCOPE_RENDEZVOUS", "head"}}, "PATHSCOPE_RENDEZVOUS=head: expected host:port"},
      {{{"PATHSCOPE_RENDEZVOUS", ":80"}}, "PATHSCOPE_RENDEZVOUS=:80: no host before the port"},
      {{{"PATHSCOPE_RENDEZVOUS", "h:-2"}}, "PATHSCOPE_RENDEZVOUS=h:-2: port \"-2\""},
      {{{"PATHSCOPE_RENDEZVOUS", "[::1]80"}}, "expected host:port or [address]:port"},
  };
  for (const auto& [variables, expected] : cases) {
    const std::string message = with(variables);
    EXPECT_NE(message.find(expected), std::string::npos) << "expected \"" << expected << "\", got \"" << message << "\"";
  }
  EXPECT_EQ(error_of({{"RANK", "0"}}), "RANK is set but WORLD_SIZE is not");
  EXPECT_EQ(error_of({{"OMPI_COMM_WORLD_SIZE", "2"}}), "OMPI_COMM_WORLD_SIZE is set but OMPI_COMM_WORLD_RANK is not");
  EXPECT_EQ(error_of({{"OMPI_COMM_WORLD_RANK", "1"}, {"OMPI_COMM_WORLD_SIZE", "2"}, {"PMI_RANK", "1"}, {"PMI_SIZE", "3"}}),
            "the launchers disagree: OMPI_COMM_WORLD_SIZE=2 but PMI_SIZE=3");
  EXPECT_EQ(error_of({{"OMPI_COMM_WORLD_RANK", "1"}, {"OMPI_COMM_WORLD_SIZE", "2"}, {"PMI_RANK", "0"}, {"PMI_SIZE", "2"}}),
            "the launchers disagree: OMPI_COMM_WORLD_RANK=1 but PMI_RANK=0");
  EXPECT_EQ(error_of({{"PMI_RANK", "3"}, {"PMI_SIZE", "3"}}), "PMI_RANK=3 is not below PMI_SIZE=3");
  EXPECT_EQ(error_of({{"SLURM_PROCID", "0"}, {"SLURM_STEP_NUM_TASKS", "2"}, {"SLURM_NODEID", "0"},
                      {"SLURM_STEP_TASKS_PER_NODE", "1(x2)"}, {"SLURM_LOCALID", "1"}}),
            "SLURM_LOCALID=1 is not below SLURM_STEP_TASKS_PER_NODE (this node)=1");
  EXPECT_EQ(error_of({{"SLURM_PROCID", "0"}, {"SLURM_STEP_NUM_TASKS", "2"}, {"SLURM_STEP_NODELIST", "[1-2]"}}),
            "SLURM_STEP_NODELIST=\"[1-2]\": no host name in it");
  EXPECT_EQ(error_of({{"SLURM_PROCID", "0"}, {"SLURM_STEP_NUM_TASKS", "2"}, {"SLURM_STEP_NODELIST", "n[1-2"}}),
            "SLURM_STEP_NODELIST=\"n[1-2\": no host name in it");
}

}  // namespace
