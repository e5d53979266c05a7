// What the bindings throw, translated into Python exceptions (errors.cpp): a bad argument as
// ValueError "FIELD: MESSAGE", the engine's RunRefusal and SceneError as articulab.RunRefusal and
// articulab.SceneError (both ValueError), a failed run as articulab.DivergenceError; and the
// warnings of a run as articulab.RunWarning.
#pragma once

#include <stdexcept>
#include <string>

#include "engine/run/run.hpp"

namespace articulab::python {

// A Python argument that is not what the call takes; field is the argument's name.
class InputError : public std::invalid_argument {
 public:
  InputError(const std::string& field, const std::string& message) : std::invalid_argument(field + ": " + message) {}
};

// A run that failed (Run::failure): the back-end, the integrator, the step and time of the
// failed state and what diverged.
class Diverged : public std::runtime_error {
 public:
  explicit Diverged(const Run& run);
  std::string backend, integrator, reason;
  long step = 0;
  double t = 0.0;
};

// Issues an articulab.RunWarning (a UserWarning): what the CLI prints as "warning: ...".
// Throws py::error_already_set when warnings are turned into errors.
void warnRun(const std::string& message);

}  // namespace articulab::python
