// Constraint drift control of back-ends with constraint rows (sueda notes 1.12): maximal
// coordinates for every joint, reduced coordinates for loop closures. A scene names it
// (SimulationDefaults::driftControl); resolveSolverOptions (solver_options.hpp) turns the name
// into the value a solver is created with.
#pragma once

#include <string>

namespace articulab {

enum class DriftControl {
  None,               // acceleration-level constraints only: drift grows
  Baumgarte,          // G a = -Gdot phi - 2 alpha G phi - beta^2 g (eq 1.82)
  PostStabilization,  // project positions and velocities onto the constraints after each step
};

// "none", "baumgarte", "post-stabilization".
const char* driftControlName(DriftControl drift);
// Parses one of the names above; false for anything else.
bool parseDriftControl(const std::string& name, DriftControl& out);
// Empty for one of the names above, else "unknown drift control "NAME"; expected one of: none,
// baumgarte, post-stabilization".
std::string driftControlRefusal(const std::string& name);

}  // namespace articulab
