#pragma once
// How a Python call runs an engine: the engine works on a thread of its own, never touching
// Python, while the calling thread waits with the GIL released and wakes on each progress
// report (or every few tens of milliseconds) to hand every fraction reported since to the Python callback and
// to check for Ctrl-C. Python runs signal handlers only on its main thread, and an engine
// reports from whichever OpenMP thread finds a report due, so the check has to happen here,
// on the caller's thread, not inside the engine's progress hook.
#include <pybind11/pybind11.h>

#include <functional>
#include <string>

#include "pathscope/runtime/job.hpp"

namespace pathscope::python {

// Runs work(job) to its end and returns, or throws:
//  - the Python exception the callback raised, or KeyboardInterrupt (Ctrl-C), after the engine
//    has been asked to cancel and has stopped;
//  - pathscope.Cancelled naming `what` when the callback returned False;
//  - whatever the engine threw (turned into pathscope exceptions by the module's translator).
// `progress` is None or a callable taking the fraction in [0, 1]; it is called on the calling
// thread with the GIL held, with strictly increasing fractions.
void run_job(const std::string& what, const pybind11::object& progress,
             const std::function<void(const JobContext&)>& work);

}  // namespace pathscope::python
