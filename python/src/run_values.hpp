// The values a Run reports of its state, as Python classes (run_values_binding.cpp): the energy,
// the momentum, the drift, the outputs of the last step and the run's monitor.
#pragma once

#include "engine/diagnostics/drift.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/run/run_monitor.hpp"
#include "python/src/bindings.hpp"

namespace articulab::python {

struct Momentum {
  Vector3 linear, angular;  // kg m/s, kg m^2/s about the world origin; world
};

void bindRunValues(py::module_& module);

}  // namespace articulab::python
