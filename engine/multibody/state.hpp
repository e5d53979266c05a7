// The mutable simulation state. Reduced back-ends own q and qdot; every back-end keeps the
// world pose E_0i and body twist phi_i of each body current, for drawing and diagnostics.
#pragma once

#include <vector>

#include "engine/multibody/model.hpp"

namespace articulab {

// A spring pulling a point of one body towards a world target (the viewer's mouse drag).
// Force f = k (target - x) - c xdot at the body point x, so it does work on the system.
struct Perturbation {
  int body = -1;  // -1: inactive
  Vector3 pointLocal = Vector3::Zero();  // in the body frame, m
  Vector3 targetWorld = Vector3::Zero();  // m
  double stiffness = 0.0;  // N/m
  double damping = 0.0;    // N s/m
};

// What a back-end carries from one step to the next besides (q, qdot) and the poses: the
// integrator history. Each back-end documents what it keeps here; a solver object created for
// the state continues the trajectory exactly as the one that took the previous step (tested in
// tests/engine/solver_history_test.cpp), so that switching back-end or editing the model never
// loses it. A back-end that needs history and finds it invalid (a new state, or one written by
// another back-end or edited) starts it from (q, qdot) alone: a variational integrator takes
// the previous configuration as q - h qdot. Every back-end clears `valid` when it does not use
// the history, and sets `owner` to its name when it does.
struct StepHistory {
  bool valid = false;
  const char* owner = "";          // the back-end that wrote it (a string literal)
  std::vector<Matrix4> poses;      // per body, e.g. previous configuration E_0i
  VectorX q, qd;                   // e.g. previous reduced coordinates or discrete momentum
};

// A contact of the last step: where a body pressed on the ground (or on another body) and with
// what force.
struct ContactOutput {
  Vector3 point = Vector3::Zero();     // world, m
  double normalForce = 0.0;            // N (>= 0)
  Vector3 friction = Vector3::Zero();  // friction force on the body, world (in the ground plane), N
  Vector3 normal = Vector3::UnitZ();   // direction of the normal force on the body, world (+z: the ground)
  int body = -1;                       // the body these forces act on
  int other = -1;                      // the body that takes the opposite forces; -1: the ground
};

// What the last step computed besides the new state, for the app, the CLI and tests. Sized by
// the back-end at its first step on a state and reused after, so that later steps allocate
// nothing: only the first contactCount entries of contacts are current.
struct StepOutputs {
  std::vector<ContactOutput> contacts;
  int contactCount = 0;
  VectorX multipliers;     // constraint forces (Lagrange multipliers) of the step's solve, back-end order
  int iterations = -1;     // iterations of the step's iterative solve; -1 when it solved directly
  double residual = 0.0;   // final relative residual of that iterative solve (0 when direct)
  // Wall time of the step in seconds, set by the caller that timed it (the CLI's run loop, the
  // app's simulation thread); 0 when nobody did. Not part of the trajectory.
  double stepSeconds = 0.0;
  // Frictional contact by staggered projections (engine/contact/staggered_projections.hpp):
  // its iterations in the step (0 without friction) and the last relative change of the
  // contact force in the M^-1 norm.
  int contactIterations = 0;
  double contactChange = 0.0;
  // Friction multipliers of every ground support point (axes per point, zero where a point was
  // not in contact): the next step's warm start (Alg 7), kept in the state so that a recreated
  // solver continues the same trajectory.
  VectorX frictionWarmStart;
};

struct State {
  double t = 0.0;
  long step = 0;
  VectorX q, qd, qdd;         // reduced coordinates, velocities, last accelerations
  std::vector<Matrix4> E_0i;  // body poses in world
  std::vector<Vector6> phi;   // body twists in body coordinates
  Perturbation perturbation;  // mouse pull, applied as a force by every back-end
  VectorX activations;        // muscle activations a in [0, 1], one per model.muscles entry
  StepHistory history;
  StepOutputs outputs;
};

// What drives the applied forces besides the motion, held over a step: the mouse spring and the
// muscle activations (engine/forces/applied_forces.hpp). A view into a State or into a
// back-end's copy of one.
struct ForceInputs {
  const Perturbation& perturbation;
  const VectorX& activations;  // one per muscle; empty: every muscle passive (a = 0)
};

inline ForceInputs forceInputs(const State& state) { return {state.perturbation, state.activations}; }

// No mouse spring, passive muscles: for set-up code and tests that need forces without a State.
ForceInputs passiveInputs();

}  // namespace articulab
