// Every quantity the engine computes of a state, as named channels: the one list the CLI's
// `run --record` and the app's plots read, so that a name means the same column in both.
// A channel has a CSV name ("q_link1_joint_0"), a unit, a group (what `--record` selects it by)
// and evaluates from (model, state, qdd) alone.
#pragma once

#include <limits>
#include <string>
#include <vector>

#include "engine/diagnostics/drift.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/multibody/state.hpp"

namespace articulab {

enum class ChannelKind {
  Time, Kinetic, Potential, Total, DriftPosition, DriftRotation, LinearMomentum, AngularMomentum, Work,
  Q, Qd, Qdd, Iterations, Residual,
  MuscleExcitation, MuscleActivation, MuscleForce, MuscleLength, MuscleVelocity, MusclePower,
  BodyPosition, BodyVelocity, BodyAngularVelocity,
  JointDriftPosition, JointDriftRotation, LoopDriftPosition, LoopDriftRotation,
  ContactCount, ContactNormalForce, ContactFriction, ContactIterations, ContactChange, StepTime,
};

struct ChannelDef {
  std::string name;   // CSV column name without the unit, e.g. "body_link1_x"
  std::string unit;   // e.g. "m"
  std::string group;  // "time", "energy", "drift", "momentum", "q", ..., "body", "joint_drift", ...
  ChannelKind kind = ChannelKind::Time;
  int index = 0;  // coordinate, body, joint, loop or muscle
  int axis = 0;   // x, y, z of a vector quantity
  std::string header() const { return name + " [" + unit + "]"; }
};

// The groups that are always recorded (time, energy, drift, momentum, muscles) and those
// `--record` adds, in catalogue order.
bool isBaseChannelGroup(const std::string& group);
// q, qd, qdd, solver, body, joint_drift, loop_drift, contacts, timing
const std::vector<std::string>& optionalChannelGroups();

// All channels of the model, in the CLI's column order: the base groups' columns first (t,
// energy, total drift, momentum, then work: the work W of the forces that do work since the
// start, run_monitor.hpp, in the energy group), then q, qd, qdd, solver, the muscles' columns and muscle
// power, then body, joint_drift, loop_drift, contacts and timing (step_time, the wall time of the
// step in s: StepOutputs::stepSeconds, so it differs from run to run).
std::vector<ChannelDef> channelCatalog(const Model& model);
// The channel with this name (with or without its " [unit]"), or -1.
int findChannel(const std::vector<ChannelDef>& catalog, const std::string& name);

// Evaluates channels at one state, computing the energy and drift reports once (on first use).
// qdd: the accelerations at the state (null: the qdd channels are NaN); work: the run's W at the
// state (RunMonitor::work; NaN where it is not known or not watched).
class ChannelEvaluator {
 public:
  ChannelEvaluator(const Model& model, const State& state, const VectorX* qdd,
                   double work = std::numeric_limits<double>::quiet_NaN());
  double value(const ChannelDef& channel);

 private:
  const EnergyReport& energy();
  const DriftReport& drift();
  const Model& model_;
  const State& state_;
  const VectorX* qdd_;
  double work_;
  bool haveEnergy_ = false, haveDrift_ = false;
  EnergyReport energy_;
  DriftReport drift_;
};

}  // namespace articulab
