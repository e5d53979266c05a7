// The parts of the extension articulab._core, each bound by its own file.
#pragma once

#include <pybind11/pybind11.h>

namespace articulab::python {

namespace py = pybind11;

void bindErrors(py::module_& module);    // errors.cpp
void bindScene(py::module_& module);     // scene_binding.cpp
void bindBackends(py::module_& module);  // backend_binding.cpp
void bindRun(py::module_& module);       // run_binding.cpp
void bindCompare(py::module_& module);   // compare_binding.cpp
void bindStudy(py::module_& module);     // study_binding.cpp

}  // namespace articulab::python
