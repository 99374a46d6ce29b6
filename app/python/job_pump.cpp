#include "job_pump.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "errors.hpp"

namespace py = pybind11;

namespace pathscope::python {
namespace {

// What the engine's thread and the calling thread share.
struct Exchange {
  std::mutex mutex;
  std::condition_variable wake;
  // Fractions the engine reported and the callback has not seen yet, increasing: every report
  // reaches the callback, however quickly the engine runs (a bounded list; when it is full
  // the newest replaces the last).
  std::vector<double> pending;
  double latest = -1;  // the last fraction the engine reported
  bool done = false;
  std::exception_ptr failure;
  std::atomic<bool> cancel{false};
};

constexpr std::size_t kMaxPending = 4096;

// How often the calling thread looks for Ctrl-C while the engine is silent.
constexpr auto kSignalPoll = std::chrono::milliseconds(40);

std::string percent(double fraction) {
  return std::to_string(static_cast<int>(fraction * 100 + 0.5)) + "%";
}

}  // namespace

void run_job(const std::string& what, const py::object& progress,
             const std::function<void(const JobContext&)>& work) {
  auto exchange = std::make_shared<Exchange>();
  JobContext job(
      [exchange](double fraction) {
        {
          std::lock_guard lock(exchange->mutex);
          if (fraction > exchange->latest) {
            exchange->latest = fraction;
            if (exchange->pending.size() < kMaxPending) exchange->pending.push_back(fraction);
            else exchange->pending.back() = fraction;
          }
        }
        exchange->wake.notify_one();
      },
      &exchange->cancel);

  std::thread engine([exchange, &work, job] {
    try {
      work(job);
    } catch (...) {
      exchange->failure = std::current_exception();
    }
    {
      std::lock_guard lock(exchange->mutex);
      exchange->done = true;
    }
    exchange->wake.notify_one();
  });

  // The engine's thread must be joined on every way out, an unexpected exception included.
  struct JoinOnExit {
    std::thread& thread;
    Exchange& exchange;
    ~JoinOnExit() {
      if (!thread.joinable()) return;
      exchange.cancel = true;
      py::gil_scoped_release unlocked;
      thread.join();
    }
  } join_on_exit{engine, *exchange};

  const bool has_callback = !progress.is_none();
  std::vector<double> to_deliver;
  std::optional<py::error_already_set> python_error;  // from the callback or a signal handler
  bool refused_by_callback = false;
  double refused_at = 0;
  bool done = false;
  while (!done) {
    to_deliver.clear();
    {
      py::gil_scoped_release unlocked;
      std::unique_lock lock(exchange->mutex);
      // Woken early only for what this thread acts on: the end, or fractions to deliver.
      exchange->wake.wait_for(lock, kSignalPoll, [&] {
        return exchange->done || (has_callback && !exchange->cancel.load() && !exchange->pending.empty());
      });
      to_deliver.swap(exchange->pending);
      done = exchange->done;
    }
    if (exchange->cancel.load()) continue;  // asked already: only wait for the engine to stop
    // Python's own handler for SIGINT raises KeyboardInterrupt here; any other handler the
    // program installed runs here too.
    if (PyErr_CheckSignals() != 0) {
      python_error.emplace();
      exchange->cancel = true;
      continue;
    }
    for (const double fraction : to_deliver) {
      if (!has_callback || exchange->cancel.load()) break;
      try {
        const py::object answer = progress(fraction);
        if (answer.is(py::bool_(false))) {
          refused_by_callback = true;
          refused_at = fraction;
          exchange->cancel = true;
        }
      } catch (py::error_already_set& e) {
        python_error.emplace(std::move(e));
        exchange->cancel = true;
      }
    }
  }
  {
    py::gil_scoped_release unlocked;
    engine.join();
  }

  if (python_error) throw std::move(*python_error);
  if (refused_by_callback) {
    const std::string message = what + " cancelled: the progress callback returned False at " + percent(refused_at);
    PyErr_SetString(cancelled_type().ptr(), message.c_str());
    throw py::error_already_set();
  }
  if (exchange->failure) std::rethrow_exception(exchange->failure);
}

}  // namespace pathscope::python
