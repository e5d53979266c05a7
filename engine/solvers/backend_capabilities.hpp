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

struct BackendCapabilities {
  bool loops = false;          // loop-closing constraints (Model::loops)
  bool groundContact = false;  // contact of the body shapes with the ground (Model::groundContact)
  bool bodyContact = false;    // contact between the body shapes (Model::bodyContact)
  bool jointFriction = false;  // Coulomb friction in the joints (Joint::friction)
  std::vector<Integrator> contactIntegrators;  // the integrators that carry the contact
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
  bool contactWith(Integrator integrator) const {
    for (Integrator offered : contactIntegrators)
      if (offered == integrator) return true;
    return false;
  }
};

}  // namespace articulab
