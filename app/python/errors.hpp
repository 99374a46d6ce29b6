#pragma once
// The core's exceptions as Python exceptions, with the core's message as is:
//   pathscope.Error (a RuntimeError) and below it ParseError and InvalidArgument (both also
//   ValueError), Cancelled, OverBudget (also MemoryError), NegativeCycle and TspInfeasible.
#include <pybind11/pybind11.h>

namespace pathscope::python {

void bind_errors(pybind11::module_& m);
// pathscope.Cancelled, for run_job's own cancel message.
pybind11::handle cancelled_type();
// pathscope.InvalidArgument, for arguments the bindings check themselves.
pybind11::handle invalid_argument_type();

}  // namespace pathscope::python
