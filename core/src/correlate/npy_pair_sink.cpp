// Survivors as binary records in a NumPy .npy, written by a background thread: the engine hands
// over a band and goes on computing while the band goes to disk, so a run that keeps billions
// of pairs is bound by the disk, not by formatting text.
#include <omp.h>

#include <condition_variable>
#include <cstdio>
#include <deque>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "correlate/file_sink.hpp"
#include "pathscope/runtime/engine.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

// The preamble has a fixed length, so finish() can write the final row count over it.
constexpr std::size_t kPreambleBytes = 192;
// Bands queued for the writer at most; a third waits in consume(), so memory stays bounded.
constexpr std::size_t kQueuedBands = 2;

std::string record_preamble(std::uint64_t rows) {
  std::string dict = "{'descr': [('i', '<u4'), ('j', '<u4'), ('rho', '<f4'), ('p', '<f4')], 'fortran_order': False, "
                     "'shape': (" + std::to_string(rows) + ",), }";
  std::string out = "\x93NUMPY";
  out += '\x01';
  out += '\x00';
  const std::size_t header = kPreambleBytes - 10;
  dict.resize(header - 1, ' ');
  dict += '\n';
  out += static_cast<char>(header & 0xff);
  out += static_cast<char>(header >> 8);
  return out + dict;
}

class NpyPairSink final : public correlate::FileSink {
 public:
  NpyPairSink(const std::string& path, int threads) : file_(path), threads_(threads) {
    writer_ = std::thread([this] { write_loop(); });
  }
  ~NpyPairSink() override {
    try {
      stop_writer();
    } catch (...) {  // the run already failed or was cancelled; the temporary goes with file_
    }
  }

  void begin(const RowCatalog& rows) override {
    if (rows.samples < 3)
      throw Error(file_.path() + ": the .npy output holds p-values, and a p-value needs at least 3 samples (value "
                  "columns); the table has " + std::to_string(rows.samples) + " (write a .tsv instead)");
    samples_ = rows.samples;
    file_.write(record_preamble(0));
  }

  bool takes_records() const override { return true; }

  void consume_records(const SurvivorRecord* records, std::size_t count) override {
    if (count == 0) return;
    std::vector<SurvivorRecord> band = spare();
    band.assign(records, records + count);
    enqueue(std::move(band));
  }

  void consume(const CorrelationPair* pairs, std::size_t count) override {
    if (count == 0) return;
    std::vector<SurvivorRecord> band = spare();
    band.resize(count);
    const auto samples = samples_;
#pragma omp parallel for num_threads(threads_) schedule(static)
    for (std::int64_t k = 0; k < static_cast<std::int64_t>(count); ++k)
      band[k] = SurvivorRecord{static_cast<std::uint32_t>(pairs[k].i), static_cast<std::uint32_t>(pairs[k].j),
                               static_cast<float>(pairs[k].rho),
                               static_cast<float>(correlation_p_value(pairs[k].rho, samples))};
    enqueue(std::move(band));
  }

  void write_out() override {
    stop_writer();
    // The row count, over the preamble written at begin(); a device (/dev/null) is not seekable
    // and needs none.
    std::FILE* f = file_.handle();
    if (f && std::fseek(f, 0, SEEK_SET) == 0) {
      const std::string head = record_preamble(written_);
      file_.write(head);
    }
    file_.close();
  }
  AtomicFile& output() override { return file_; }

 private:
  // A written band's vector, kept with its capacity: a fresh one of tens of MB is new pages to
  // fault in for every band.
  std::vector<SurvivorRecord> spare() {
    std::lock_guard lock(mutex_);
    if (spares_.empty()) return {};
    std::vector<SurvivorRecord> band = std::move(spares_.back());
    spares_.pop_back();
    return band;
  }

  void enqueue(std::vector<SurvivorRecord> band) {
    std::unique_lock lock(mutex_);
    space_.wait(lock, [this] { return queue_.size() < kQueuedBands || failure_; });
    if (failure_) std::rethrow_exception(failure_);
    queue_.push_back(std::move(band));
    ready_.notify_one();
  }

  void write_loop() {
    for (;;) {
      std::vector<SurvivorRecord> band;
      {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [this] { return !queue_.empty() || closing_; });
        if (queue_.empty()) return;
        band = std::move(queue_.front());
      }
      try {
        if (!failure_) file_.write(band.data(), band.size() * sizeof(SurvivorRecord));
      } catch (...) {
        std::lock_guard lock(mutex_);
        failure_ = std::current_exception();
      }
      std::lock_guard lock(mutex_);
      written_ += band.size();
      queue_.pop_front();
      band.clear();
      if (spares_.size() < kQueuedBands + 1) spares_.push_back(std::move(band));
      space_.notify_all();
    }
  }

  // Waits for the queue to drain and the thread to end; rethrows what the writer hit.
  void stop_writer() {
    if (writer_.joinable()) {
      {
        std::lock_guard lock(mutex_);
        closing_ = true;
        ready_.notify_one();
      }
      writer_.join();
    }
    if (failure_) {
      auto failure = failure_;
      failure_ = nullptr;
      std::rethrow_exception(failure);
    }
  }

  AtomicFile file_;
  int threads_;
  std::int64_t samples_ = 0;
  std::uint64_t written_ = 0;
  std::mutex mutex_;
  std::condition_variable ready_, space_;
  std::deque<std::vector<SurvivorRecord>> queue_;
  std::vector<std::vector<SurvivorRecord>> spares_;
  bool closing_ = false;
  std::exception_ptr failure_;
  std::thread writer_;  // last: it starts in the constructor and uses the members above
};

}  // namespace

std::unique_ptr<PairSink> make_npy_pair_sink(const std::string& path, int threads) {
  return std::make_unique<NpyPairSink>(path, threads > 0 ? threads : omp_get_max_threads());
}

}  // namespace pathscope
