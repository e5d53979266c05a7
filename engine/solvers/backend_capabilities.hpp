// What a back-end can do, declared in its own folder and carried by its registry entry
// (registry.hpp): code outside the back-end folders asks these, never a back-end's name.
#pragma once

#include <vector>

#include "engine/multibody/model.hpp"
#include "engine/solvers/integrator.hpp"

namespace articulab {

// Wall time of one step of an integrator: seconds = linear n + cubic n^3 for n coordinates
// (model.nq), plus BackendCapabilities::loopRowCubic times the loop-closure rows cubed. Measured
// on the development machine as step_cost_estimate.hpp says.
struct StepCostConstants {
  Integrator integrator;
  double linear;  // s per coordinate
  double cubic;   // s per coordinate cubed; 0 for an O(n) step
};

// The largest h w (step size times the angular frequency of a mode) at which an explicit
// integrator's step stays stable on an undamped oscillation: 2 for semi-implicit Euler, 2.78 for
// classical RK4 (its stability region meets the real axis at -2.785 and the imaginary axis at
// +-2.83; the smaller is kept). Hairer, Lubich and Wanner, Geometric Numerical Integration I.1;
// Hairer and Wanner, Solving ODEs II, IV.2.
struct StabilityLimit {
  Integrator integrator;
  double hOmega;
};

struct BackendCapabilities {
  bool loops = false;          // loop-closing constraints (Model::loops)
  bool groundContact = false;  // contact of the body shapes with the ground (Model::groundContact)
  bool bodyContact = false;    // contact between the body shapes (Model::bodyContact)
  bool jointFriction = false;  // Coulomb friction in the joints (Joint::friction)
  bool armature = false;       // rotor inertia on the joint coordinates (Joint::armature)
  std::vector<Integrator> contactIntegrators;  // the integrators that carry the contact
  // The integrators a run that names none tries, in this order: the first the back-end can use
  // on the model is the run's default (BackendSupport::choose), so a scene with contact or joint
  // friction gets a step that carries it. Those that keep a conservative scene's energy within
  // 1 % over 10 s come first (docs/backends.md, "Default integrators"). Empty: the list's order.
  std::vector<Integrator> defaultOrder;
  // The integrators that take energy out of every scene: a run using one says so
  // ("implicit: dissipative", RunPlan::notes).
  std::vector<Integrator> dissipative;
  // The explicit integrators' stability limits; an integrator without one is not checked
  // (implicit, or one that holds the step size by its own Newton solve).
  std::vector<StabilityLimit> stabilityLimits;
  std::vector<StepCostConstants> stepCosts;    // per integrator; a missing one has no estimate
  double loopRowCubic = 0.0;                    // s per loop-closure row cubed (a dense loop block)
  // Bytes of the solver's workspace for the model and integrator (an upper bound).
  double (*workspaceBytes)(const Model& model, Integrator integrator) = nullptr;

  // The constants of `integrator`, or nullptr.
  const StepCostConstants* stepCost(Integrator integrator) const {
    for (const StepCostConstants& cost : stepCosts)
      if (cost.integrator == integrator) return &cost;
    return nullptr;
  }
  // The largest stable h w of `integrator`, or 0 when it has none.
  double stabilityLimit(Integrator integrator) const {
    for (const StabilityLimit& limit : stabilityLimits)
      if (limit.integrator == integrator) return limit.hOmega;
    return 0.0;
  }
  bool isDissipative(Integrator integrator) const {
    for (Integrator listed : dissipative)
      if (listed == integrator) return true;
    return false;
  }
  bool contactWith(Integrator integrator) const {
    for (Integrator offered : contactIntegrators)
      if (offered == integrator) return true;
    return false;
  }
};

}  // namespace articulab
