// The one interface every back-end implements (DESIGN.md, "Solver").
// A solver is created for one model and owns the workspace it needs, sized at creation, so
// that step() performs no heap allocation. Everything a trajectory depends on lives in the
// State (its history and outputs included): a solver holds caches only.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/multibody/state.hpp"

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

// A back-end's own numerical setting (tolerance, iteration cap), for listings.
struct SolverSetting {
  const char* name;
  double value;  // the value the back-end uses
  const char* unit;
  double min, max;  // admissible range
  const char* description;
};
using SolverSettingList = std::vector<SolverSetting>;

// The entry of `offered` for this integrator, or nullptr.
const IntegratorInfo* findOffered(const IntegratorList& offered, Integrator integrator);
// "semi-implicit, rk4".
std::string integratorListNames(const IntegratorList& offered);
// "back-end 'baraff' does not offer the integrator 'implicit'; it offers: semi-implicit, rk4".
std::string integratorRefusal(const std::string& backend, Integrator requested, const IntegratorList& offered);

struct SolverOptions;
// A back-end's check of a model with options (each back-end's static supports).
using SupportCheck = SolverSupport (*)(const Model&, const SolverOptions&);

// The integrator a run uses on a back-end when the integrator comes from the scene (or, in the
// app, carries over from another back-end), and the back-end's support of it: `wanted` ("" for
// the default) when the back-end offers it and can use it on the model; otherwise the
// back-end's default, with a warning "integrator '...' is not used: <why>; the run uses
// <default>". An integrator asked for explicitly (command line, integrator box, script) is
// never replaced: it is checked with the back-end's supports(model, options) and refused.
struct SceneIntegratorChoice {
  Integrator integrator;
  SolverSupport support;
};
SceneIntegratorChoice chooseSceneIntegrator(const Model& model, const std::string& wanted, const std::string& backend,
                                            const IntegratorList& offered, SupportCheck check);

// DriftControl (engine/multibody/model.hpp) selects how constraint rows are kept satisfied:
// every joint in maximal coordinates, loop closures in reduced coordinates.

struct SolverOptions {
  Integrator integrator;  // default-constructed: the back-end's default integrator
  DriftControl driftControl = DriftControl::PostStabilization;
  double baumgarteAlpha = 10.0;  // 1/s (eq 1.82)
  double baumgarteBeta = 10.0;   // 1/s (eq 1.82)
  // Values for the back-ends' own settings; a back-end reads its entries (solver_settings.hpp)
  // and keeps its defaults for the rest.
  std::vector<SettingValue> settings;
};

// The scene's drift-control defaults with the given integrator.
inline SolverOptions solverOptionsFor(const Model& model, Integrator integrator) {
  SolverOptions options;
  options.integrator = integrator;
  options.driftControl = model.defaults.driftControl;
  options.baumgarteAlpha = model.defaults.baumgarteAlpha;
  options.baumgarteBeta = model.defaults.baumgarteBeta;
  options.settings = model.defaults.solverSettings;
  return options;
}
// The same with an integrator named as in a scene file ("" for the back-end's default);
// throws std::invalid_argument when no back-end offers that name (registry.cpp).
SolverOptions solverOptionsFor(const Model& model, const std::string& integrator);

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
  SolverOptions options_;
};

}  // namespace articulab
