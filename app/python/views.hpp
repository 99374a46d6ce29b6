#pragma once
// NumPy arrays over memory a result object owns: no copy is made, and the array's base is the
// Python object holding the result, so the memory lives as long as any array over it.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <vector>

namespace pathscope::python {

// An array of `shape` (C order) over `data`, kept alive by `owner`. Read-only views guard what
// engines may still read (a graph's arcs); results are left writeable, as the caller's own.
template <class T>
pybind11::array view_of(const T* data, std::vector<pybind11::ssize_t> shape, pybind11::handle owner,
                        bool writeable = true) {
  pybind11::array_t<T> array(std::move(shape), data, owner);
  if (!writeable) array.attr("flags").attr("writeable") = false;
  return array;
}

// The address of the first element, so that callers (and the tests) can see which memory an
// array uses.
template <class T, class Allocator>
std::uintptr_t address_of(const std::vector<T, Allocator>& v) {
  return reinterpret_cast<std::uintptr_t>(v.data());
}

}  // namespace pathscope::python
