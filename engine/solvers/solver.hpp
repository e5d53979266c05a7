// The one interface every back-end implements (DESIGN.md, "Solver").
// A solver is created for one model and owns the workspace it needs, sized at creation, so
// that step() performs no heap allocation. Everything a trajectory depends on lives in the
// State (its history and outputs included): a solver holds caches only.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/multibody/state.hpp"
#include "engine/solvers/integrator.hpp"
#include "engine/solvers/solver_options.hpp"
#include "engine/solvers/step_cancel.hpp"

namespace articulab {

// Whether a back-end can run a model; reason says why not, warnings what it ignores, notes
// what is normal but worth knowing (the redundant out-of-plane row of a planar loop).
struct SolverSupport {
  bool ok = true;
  std::string reason;
  std::vector<std::string> warnings;
  std::vector<std::string> notes;
};

struct StepStatus {
  bool ok = true;
  std::string message;  // set only when ok is false
};

// One integrator a back-end offers; the first of a back-end's list is its default.
struct IntegratorInfo {
  Integrator integrator;
  const char* description;  // one line, ending with its energy behaviour
};
using IntegratorList = std::vector<IntegratorInfo>;

// The entry of `offered` for this integrator, or nullptr.
const IntegratorInfo* findOffered(const IntegratorList& offered, Integrator integrator);
// "semi-implicit, rk4".
std::string integratorListNames(const IntegratorList& offered);
// "back-end 'baraff' does not offer the integrator 'implicit'; it offers: semi-implicit, rk4".
std::string integratorRefusal(const std::string& backend, Integrator requested, const IntegratorList& offered);

// A back-end's check of a model with options (each back-end's static supports).
using SupportCheck = SolverSupport (*)(const Model&, const SolverOptions&);

class Solver {
 public:
  virtual ~Solver() = default;
  virtual const char* name() const = 0;
  // Advances the state by h seconds: the mechanism by the back-end (advanceMechanism), with
  // the muscle activations held over the step, then the activations (advanceActivations).
  StepStatus step(const Model& model, State& state, double h);
  // Joint accelerations at the state's (q, qdot).
  virtual void forwardDynamics(const Model& model, const State& state, VectorX& qdd) = 0;
  // The integrators this back-end offers (the registry lists the same).
  virtual const IntegratorList& integrators() const = 0;
  Integrator integrator() const { return options_.integrator; }
  // Switches to an offered integrator; otherwise keeps the current one and returns the
  // refusal naming the offered ones. Empty on success. The workspace the integrator needs is
  // made here, not in the next step.
  std::string setIntegrator(const Model& model, Integrator integrator);
  // Whether the drift control of the options acts on this model: only where the back-end holds
  // constraint rows with multipliers (every joint on baraff, loop closures on redmax).
  virtual bool controlsDrift() const { return false; }
  // The flag a running step checks (step_cancel.hpp); nullptr: steps cannot be cancelled. The
  // flag outlives the solver (its owner runs the steps).
  void watchCancel(const CancelFlag* flag) { cancel_ = flag; }

 protected:
  explicit Solver(const SolverOptions& options) : options_(options) {}
  // Advances (q, qdot) or the poses by h seconds, refreshes the body poses and twists, and
  // writes the step's outputs (State::outputs) and the history the next step needs
  // (State::history).
  virtual StepStatus advanceMechanism(const Model& model, State& state, double h) = 0;
  // Replaces a default-constructed integrator by the first offered (call from the constructor
  // of the class that defines integrators()).
  void resolveDefaultIntegrator();
  // Called after setIntegrator changed the integrator.
  virtual void integratorChanged(const Model& model) { (void)model; }
  // A check point of a cancellable step: throws StepCancelled when the step was cancelled.
  // Outside step() (forwardDynamics between steps) it never throws.
  void checkCancel() const { throwIfCancelled(inStep_); }
  // The watched flag while step() runs, else nullptr: for the check points of helpers.
  const CancelFlag* stepCancel() const { return inStep_; }
  SolverOptions options_;

 private:
  const CancelFlag* cancel_ = nullptr;
  const CancelFlag* inStep_ = nullptr;
};

}  // namespace articulab
