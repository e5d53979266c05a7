// The one interface every back-end implements (DESIGN.md, "Solver").
// A solver is created for one model and owns the workspace it needs, sized at creation, so
// that step() performs no heap allocation.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/multibody/state.hpp"

namespace articulab {

// Whether a back-end can run a model; reason says why not, warnings what it ignores.
struct SolverSupport {
  bool ok = true;
  std::string reason;
  std::vector<std::string> warnings;
};

struct StepStatus {
  bool ok = true;
  std::string message;  // set only when ok is false
};

// DriftControl (engine/multibody/model.hpp) selects how constraint rows are kept satisfied:
// every joint in maximal coordinates, loop closures in reduced coordinates.

struct SolverOptions {
  Integrator integrator = Integrator::LinearlyImplicitEuler;
  DriftControl driftControl = DriftControl::PostStabilization;
  double baumgarteAlpha = 10.0;  // 1/s (eq 1.82)
  double baumgarteBeta = 10.0;   // 1/s (eq 1.82)
};

// The scene's drift-control defaults with the given integrator.
inline SolverOptions solverOptionsFor(const Model& model, Integrator integrator) {
  SolverOptions options;
  options.integrator = integrator;
  options.driftControl = model.defaults.driftControl;
  options.baumgarteAlpha = model.defaults.baumgarteAlpha;
  options.baumgarteBeta = model.defaults.baumgarteBeta;
  return options;
}

class Solver {
 public:
  virtual ~Solver() = default;
  virtual const char* name() const = 0;
  // Advances the state by h seconds and refreshes its body poses and twists.
  virtual StepStatus step(const Model& model, State& state, double h) = 0;
  // Joint accelerations at the state's (q, qdot).
  virtual void forwardDynamics(const Model& model, const State& state, VectorX& qdd) = 0;
  virtual Integrator integrator() const { return options_.integrator; }
  // Iterations of the last step's iterative solve (e.g. GMRES); -1 when the step solves directly.
  virtual int lastIterations() const { return -1; }
  virtual void setIntegrator(Integrator integrator) { options_.integrator = integrator; }
  // World points (m) where the last step pressed bodies against the ground with a positive
  // normal force; none for back-ends without contact.
  virtual void activeContacts(std::vector<Vector3>& out) const { out.clear(); }
  // Whether the drift control of the options acts on this model: only where the back-end holds
  // constraint rows with multipliers (every joint on baraff, loop closures on redmax).
  virtual bool controlsDrift() const { return false; }

 protected:
  explicit Solver(const SolverOptions& options) : options_(options) {}
  SolverOptions options_;
};

}  // namespace articulab
