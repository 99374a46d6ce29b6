#pragma once
// A run spread over the processes of a job, one GPU each, as a launcher started them
// (launch_environment.hpp): where the processes met (rendezvous.hpp), every rank's record, and
// the few agreements a run needs on the host (cancel, errors found on the device, fingerprints).
// The engines take a ProcessJob through their options; a job of one process is no job.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "pathscope/cluster/launch_environment.hpp"
#include "pathscope/cluster/rank_table.hpp"
#include "pathscope/cluster/rendezvous.hpp"

namespace pathscope {

class ProcessJob {
 public:
  // `records` in rank order, as gather_rank_records returns them.
  ProcessJob(ProcessPlacement placement, std::unique_ptr<Rendezvous> rendezvous, std::vector<RankRecord> records);
  int rank() const { return placement_.rank; }
  int world_size() const { return placement_.world_size; }
  const ProcessPlacement& placement() const { return placement_; }
  const std::vector<RankRecord>& records() const { return records_; }
  Rendezvous& rendezvous() { return *rendezvous_; }
  // This process's place among the ranks of its host (0..local_count()-1), from the records'
  // host names, so it holds whatever the launcher said about local ranks.
  int local_index() const;
  int local_count() const;
  // A number of its own per job made in this process (kept NCCL communicators are keyed by it).
  std::uint64_t serial() const { return serial_; }

  // Agreements: every rank calls them in the same order and gets the same answer.
  bool any(bool mine);
  std::int64_t min(std::int64_t mine);
  double max(double mine);
  // Every rank's values concatenated in rank order, in steps that each stay within the
  // rendezvous's message limit.
  std::vector<std::uint64_t> all_gather(const std::vector<std::uint64_t>& mine);

 private:
  ProcessPlacement placement_;
  std::unique_ptr<Rendezvous> rendezvous_;
  std::vector<RankRecord> records_;
  std::uint64_t serial_;
};

// The job this process was started in: null for one process. Otherwise joins the rendezvous,
// shares the ranks' records (device_count: the GPUs this process sees) and refuses a wrong
// launch (check_rank_table's problems) on every rank. Each process then takes its share of its
// host's cores for parallel loops (unless OMP_NUM_THREADS says otherwise).
std::shared_ptr<ProcessJob> join_process_job(const ProcessPlacement& placement, int device_count,
                                             const RendezvousOptions& options);

}  // namespace pathscope
