// What a run watches around its steps, the figures `articulab run` summarises and the app plots:
// the energy against its start, the work of the forces that do work, the largest constraint
// drift, and whether the run diverged. Plain values, so that the app's history can keep them with
// a state and a resumed run goes on with the figures it had then.
#pragma once

#include <string>
#include <vector>

#include "engine/diagnostics/divergence.hpp"

namespace articulab {

struct EnergyWatch {
  EnergyBound bound;            // E at the start (bound.reference, J), the scene's scale and the explosion bound
  double largestKinetic = 0.0;  // J, over the states seen
  double largestChange = 0.0;   // J, largest |E - E0|
  double last = 0.0;            // J, E at the last state
  double start() const { return bound.reference; }
};

// Forces doing work whose work the run cannot know (ForceWork::unknown, a set of these bits).
enum UnknownWork : unsigned {
  kDriveWork = 1u,          // driven joints: no back-end reports the drive's force in the state
  kJointFrictionWork = 2u,  // joint friction (BISP): its impulses are not reported in the state
  kLimitWork = 4u,          // a joint reached its limit: the limits' impulses are not reported in the state
  kOutsideWork = 8u,        // the mouse pull or an edit of the model did work
};

// The work W of the forces that do work on the mechanism, per source, since the start, so that
// E - E0 - W stays near zero where these are the only sources (the integrator's error). Each
// source's power is integrated by the trapezoid rule over the step (power at both ends):
//  - muscles: their whole force, passive part included, with the power at the end of a step
//    taken with the activations the step held (Solver::step advances them after the mechanism);
//  - dampers: joint dampers and the dampers of force elements, power -dissipation (<= 0);
//  - contact: the contact and friction forces f the back-end reports (StepOutputs::contacts),
//    held over the step as an impulse h R^T f (contactStepWork below).
// The conservative forces (gravity, springs, point forces) are in E's potential, not in W.
struct ForceWork {
  double muscles = 0.0;      // J since the start
  double dampers = 0.0;      // J (<= 0)
  double contact = 0.0;      // J
  double musclePower = 0.0;  // W at the last state
  double damperPower = 0.0;  // W at the last state (<= 0)
  double time = 0.0;         // s, of the last state
  unsigned unknown = 0;      // UnknownWork bits: 0 when W is the work of every force that does work
  double total() const { return muscles + dampers + contact; }
  bool known() const { return unknown == 0; }
  // Work done on the mechanism from outside it (a driven joint, the mouse pull, a model edit):
  // the energy may grow by it, so the blow-up test does not apply.
  bool fromOutside() const { return (unknown & (kDriveWork | kOutsideWork)) != 0; }
};

// "driven joints, joint friction" for the bits set; empty for none.
std::string unknownWorkText(unsigned unknown);

// The joints of the model that have limits (indices, in order), listed once for atJointLimit.
std::vector<int> limitedJoints(const Model& model);
// Whether a coordinate of one of the `limited` joints (limitedJoints(model)) is within
// kLimitReach of a limit or beyond it at q: only there can a back-end's limit rows push
// (engine/constraints/joint_limit_rows.hpp).
inline constexpr double kLimitReach = 1e-3;  // rad or m
bool atJointLimit(const Model& model, const std::vector<int>& limited, const VectorX& q);

// The work of a step's contact and friction forces (StepOutputs::contacts of `after`: N, held
// over the step). A velocity-level step adds the impulse h R^T f to M qdot (reduced_contact.hpp:
// qdot' = qdot + h K R^T f; baraff: v' = v + h M^-1 (f_e + J^T lambda)); with M held over the step
// the kinetic energy changes by (qdot' - qdot)^T M (qdot' + qdot) / 2, whose contact part is
//   h f . R (qdot + qdot') / 2,
// the force times the mean of the contact point's relative velocity at the two ends of the step
// (exact for an impulse in a step with constant M). The contact point is taken as a point of the
// body at the start pose (posesBefore, twistsBefore: the bodies at the start of the step) and
// followed to the end pose.
double contactStepWork(const State& after, const std::vector<Matrix4>& posesBefore,
                       const std::vector<Vector6>& twistsBefore, double h);

struct DriftWatch {
  double position = 0.0;  // m, largest total joint and loop drift of the states sampled
  double rotation = 0.0;  // rad
};

// A blow-up short of divergence: the energy grew beyond the work of the forces that do work
// (ForceWork) by more than kBlowUpFactor times the scene's energy scale (divergence.hpp) in a
// run where W is known (no driven joint, no mouse pull, ...). No integrator of a conservative
// scene gains that much while it is accurate: the run is not to be trusted.
inline constexpr double kBlowUpFactor = 1.0;

struct RunMonitor {
  EnergyWatch energy;
  ForceWork work;
  DriftWatch drift;
  std::string blowUp;        // why the run is not to be trusted (the first blow-up); empty: none

  // Starts watching at the state (a run's start, a reset).
  void start(const Model& model, const State& state);
  // After a step: the energy at the new state, the muscles' power at it with the activations
  // the step held and the step's contact work (contactStepWork); a joint of `limited`
  // (limitedJoints(model)) at its limit (atJointLimit) makes W not known from then on. Returns
  // what diverged (divergence.hpp), empty when the state is healthy; sets blowUp at the first
  // blow-up.
  std::string afterStep(const Model& model, const State& state, const EnergyReport& energy, double heldMusclePower,
                        double contactWork, const std::vector<int>& limited);
  // Takes the drift of the state into the largest drift.
  void sampleDrift(const Model& model, const State& state);
  // E - E0 - W at the last state, J.
  double unaccounted() const { return energy.last - energy.start() - work.total(); }
};

}  // namespace articulab
