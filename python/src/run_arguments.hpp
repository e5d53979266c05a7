// The keyword arguments that configure a run (articulab.Run, articulab.forward_dynamics), as a
// RunRequest (engine/run/run_request.hpp) that resolveRun then checks with the CLI's messages.
#pragma once

#include <optional>
#include <string>

#include "engine/run/run_request.hpp"
#include "python/src/bindings.hpp"

namespace articulab::python {

struct RunArguments {
  std::optional<std::string> backend;     // None: the scene's
  std::optional<std::string> integrator;  // None: the scene's where the back-end offers it; else required
  std::optional<double> dt, duration;     // s; None: the scene's
  py::object settings = py::none();       // {NAME: VALUE} of the back-end's own settings
  py::object q0 = py::none(), qd0 = py::none();  // one value per coordinate, or one for all
  bool watchEnergy = true;
  std::string onBlowUp = "stop";  // or "warn" (the CLI's --on-blow-up)
};

// InputError (ValueError) for an argument of the wrong kind; what resolveRun refuses is left
// to it (RunRefusal).
RunRequest requestFrom(const RunArguments& arguments);

// A setting's value as the CLI's --setting NAME=VALUE takes it: a number (a float by its
// shortest text that reads back the same, a bool as 1 or 0) or a name; InputError (settings)
// for another type.
std::string settingText(const std::string& name, py::handle value);

// The name of a value's Python type, for messages ("expected a dict, got list").
std::string typeName(py::handle value);

}  // namespace articulab::python
