#include "errors.hpp"

#include "bindings.hpp"

#include <exception>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/tsp/tsp.hpp"

namespace py = pybind11;

namespace pathscope::python {
namespace {

// Created once when the module loads and kept for the life of the interpreter.
PyObject* error = nullptr;
PyObject* parse_error = nullptr;
PyObject* invalid_argument = nullptr;
PyObject* cancelled = nullptr;
PyObject* over_budget = nullptr;
PyObject* negative_cycle = nullptr;
PyObject* tsp_infeasible = nullptr;

// `also` adds the built-in exception Python code expects for the case (ValueError for a bad
// value, MemoryError for a budget), so that `except ValueError` catches it as well.
PyObject* add_type(py::module_& m, const char* name, PyObject* base, const char* doc, PyObject* also = nullptr) {
  const std::string qualified = std::string("pathscope.") + name;
  py::object bases = also ? py::object(py::make_tuple(py::handle(base), py::handle(also))) : py::object();
  PyObject* type = PyErr_NewExceptionWithDoc(qualified.c_str(), doc, also ? bases.ptr() : base, nullptr);
  if (!type) throw py::error_already_set();
  m.attr(name) = py::handle(type);  // the module holds a reference as well as this file
  return type;
}

}  // namespace

py::handle cancelled_type() { return cancelled; }
py::handle invalid_argument_type() { return invalid_argument; }

void throw_invalid_argument(const std::string& message) {
  PyErr_SetString(invalid_argument, message.c_str());
  throw py::error_already_set();
}

void bind_errors(py::module_& m) {
  error = add_type(m, "Error", PyExc_RuntimeError, "Any error pathscope reports; the message is written for the person.");
  parse_error = add_type(m, "ParseError", error, "Bad input data: the message reads FILE:LINE: what is wrong.",
                         PyExc_ValueError);
  invalid_argument = add_type(m, "InvalidArgument", error,
                              "An argument pathscope cannot use, whatever the data: an unknown engine, cost rule or "
                              "generator key, a value out of range.",
                              PyExc_ValueError);
  cancelled = add_type(m, "Cancelled", error, "The run stopped because its progress callback returned False.");
  over_budget = add_type(m, "OverBudget", error, "The result would not fit the memory budget; the message gives both sizes.",
                         PyExc_MemoryError);
  negative_cycle = add_type(m, "NegativeCycle", error, "The graph has a negative cycle: shortest distances are undefined.");
  tsp_infeasible = add_type(m, "TspInfeasible", error, "No closed tour exists: some stop cannot reach another.");
  // Most derived first: a ParseError is also an Error.
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const ParseError& e) {
      PyErr_SetString(parse_error, e.what());
    } catch (const UsageError& e) {
      PyErr_SetString(invalid_argument, e.what());
    } catch (const Cancelled& e) {
      PyErr_SetString(cancelled, e.what());
    } catch (const OverBudget& e) {
      PyErr_SetString(over_budget, e.what());
    } catch (const NegativeCycle& e) {
      PyErr_SetString(negative_cycle, e.what());
    } catch (const TspInfeasible& e) {
      PyErr_SetString(tsp_infeasible, e.what());
    } catch (const Error& e) {
      PyErr_SetString(error, e.what());
    }
  });
}

}  // namespace pathscope::python
