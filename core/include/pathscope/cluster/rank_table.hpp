#pragma once
// What each rank of a job tells the others once they have met: where it runs and what it sees,
// so that ranks can be placed on GPUs and a wrong launch is caught before a long run.
#include <string>
#include <vector>

#include "pathscope/cluster/launch_environment.hpp"
#include "pathscope/cluster/rendezvous.hpp"

namespace pathscope {

struct RankRecord {
  int rank = 0;
  std::string host;
  int local_rank = -1;    // -1: the launcher did not say
  int local_size = 0;     // 0: the launcher did not say
  int device_count = -1;  // GPUs this process sees; -1: not asked
  bool operator==(const RankRecord&) const = default;
};

// This process's record: its placement, this host's name, and `device_count`.
RankRecord this_rank_record(const ProcessPlacement& placement, int device_count);

// The record as bytes and back (host names up to 255 bytes); decoding throws Error on bytes that
// are no record.
Bytes encode_rank_record(const RankRecord& record);
RankRecord decode_rank_record(const Bytes& bytes);

// Every rank's record, in rank order, on every rank.
std::vector<RankRecord> gather_rank_records(Rendezvous& rendezvous, const RankRecord& mine);

struct RankTableCheck {
  std::vector<std::string> problems;  // the launch is wrong: a long run should not start
  std::vector<std::string> notes;     // allowed, but worth a look (several ranks on one GPU)
};

// Each host's ranks: local ranks distinct and 0..k-1 and their count equal to the local size
// where the launcher gave them; every rank sees a GPU or none does; records in rank order.
RankTableCheck check_rank_table(const std::vector<RankRecord>& records);

}  // namespace pathscope
