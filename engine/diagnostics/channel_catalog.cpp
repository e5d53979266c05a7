#include "engine/diagnostics/channel_catalog.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/forces/muscle_readings.hpp"

namespace articulab {

namespace {

constexpr const char* kAxes[3] = {"x", "y", "z"};

void add(std::vector<ChannelDef>& out, std::string name, const char* unit, const char* group, ChannelKind kind,
         int index = 0, int axis = 0) {
  out.push_back({std::move(name), unit, group, kind, index, axis});
}

void addVector(std::vector<ChannelDef>& out, const std::string& prefix, const char* unit, const char* group,
               ChannelKind kind, int index = 0) {
  for (int a = 0; a < 3; ++a) add(out, prefix + kAxes[a], unit, group, kind, index, a);
}

// One channel per coordinate: PREFIX_JOINT_K, in rad or m by the joint part (translations in m).
void addCoordinates(std::vector<ChannelDef>& out, const Model& model, const char* prefix, const char* rotationUnit,
                    const char* translationUnit, ChannelKind kind) {
  int index = 0;
  for (const Joint& joint : model.joints) {
    int k = 0;
    for (const JointPart& part : joint.parts) {
      for (int c = 0; c < part.nq; ++c, ++k)
        add(out, std::string(prefix) + "_" + joint.name + "_" + std::to_string(k),
            isTranslationCoordinate(part, c) ? translationUnit : rotationUnit, prefix, kind, index++);
    }
  }
}

void addMuscles(std::vector<ChannelDef>& out, const Model& model) {
  for (int m = 0; m < static_cast<int>(model.muscles.size()); ++m) {
    const std::string& name = model.muscles[m].name;
    add(out, name + "_excitation", "1", "muscles", ChannelKind::MuscleExcitation, m);
    add(out, name + "_activation", "1", "muscles", ChannelKind::MuscleActivation, m);
    add(out, name + "_force", "N", "muscles", ChannelKind::MuscleForce, m);
    add(out, name + "_length", "m", "muscles", ChannelKind::MuscleLength, m);
    add(out, name + "_velocity", "m/s", "muscles", ChannelKind::MuscleVelocity, m);
  }
  if (!model.muscles.empty()) add(out, "muscle_power", "W", "muscles", ChannelKind::MusclePower);
}

void addBodies(std::vector<ChannelDef>& out, const Model& model) {
  for (int b = 0; b < model.bodyCount(); ++b) {
    const std::string prefix = "body_" + model.bodies[b].name + "_";
    addVector(out, prefix, "m", "body", ChannelKind::BodyPosition, b);
    addVector(out, prefix + "v", "m/s", "body", ChannelKind::BodyVelocity, b);
    addVector(out, prefix + "w", "rad/s", "body", ChannelKind::BodyAngularVelocity, b);
  }
}

void addDrifts(std::vector<ChannelDef>& out, const Model& model) {
  for (int j = 0; j < static_cast<int>(model.joints.size()); ++j) {
    add(out, "drift_" + model.joints[j].name + "_position", "m", "joint_drift", ChannelKind::JointDriftPosition, j);
    add(out, "drift_" + model.joints[j].name + "_rotation", "rad", "joint_drift", ChannelKind::JointDriftRotation, j);
  }
  for (int k = 0; k < static_cast<int>(model.loops.size()); ++k) {
    add(out, "drift_" + model.loops[k].name + "_position", "m", "loop_drift", ChannelKind::LoopDriftPosition, k);
    add(out, "drift_" + model.loops[k].name + "_rotation", "rad", "loop_drift", ChannelKind::LoopDriftRotation, k);
  }
}

void addContacts(std::vector<ChannelDef>& out) {
  add(out, "contact_count", "1", "contacts", ChannelKind::ContactCount);
  add(out, "contact_normal_force", "N", "contacts", ChannelKind::ContactNormalForce);
  addVector(out, "contact_friction_", "N", "contacts", ChannelKind::ContactFriction);
  add(out, "contact_iterations", "1", "contacts", ChannelKind::ContactIterations);
  add(out, "contact_change", "1", "contacts", ChannelKind::ContactChange);
}

double component(const Vector3& v, int axis) { return v[axis]; }

}  // namespace

bool isBaseChannelGroup(const std::string& group) {
  return group == "time" || group == "energy" || group == "drift" || group == "momentum" || group == "muscles";
}

const std::vector<std::string>& optionalChannelGroups() {
  static const std::vector<std::string> groups = {"q", "qd", "qdd", "solver", "body", "joint_drift", "loop_drift",
                                                  "contacts", "timing"};
  return groups;
}

std::vector<ChannelDef> channelCatalog(const Model& model) {
  std::vector<ChannelDef> out;
  add(out, "t", "s", "time", ChannelKind::Time);
  add(out, "kinetic", "J", "energy", ChannelKind::Kinetic);
  add(out, "potential", "J", "energy", ChannelKind::Potential);
  add(out, "total", "J", "energy", ChannelKind::Total);
  add(out, "drift_position", "m", "drift", ChannelKind::DriftPosition);
  add(out, "drift_rotation", "rad", "drift", ChannelKind::DriftRotation);
  addVector(out, "p", "kg m/s", "momentum", ChannelKind::LinearMomentum);
  addVector(out, "L", "kg m^2/s", "momentum", ChannelKind::AngularMomentum);
  add(out, "work", "J", "energy", ChannelKind::Work);
  addCoordinates(out, model, "q", "rad", "m", ChannelKind::Q);
  addCoordinates(out, model, "qd", "rad/s", "m/s", ChannelKind::Qd);
  addCoordinates(out, model, "qdd", "rad/s^2", "m/s^2", ChannelKind::Qdd);
  add(out, "iterations", "1", "solver", ChannelKind::Iterations);
  add(out, "residual", "1", "solver", ChannelKind::Residual);
  addMuscles(out, model);
  addBodies(out, model);
  addDrifts(out, model);
  addContacts(out);
  add(out, "step_time", "s", "timing", ChannelKind::StepTime);
  return out;
}

int findChannel(const std::vector<ChannelDef>& catalog, const std::string& name) {
  const std::string bare = name.substr(0, name.find(" ["));
  for (std::size_t c = 0; c < catalog.size(); ++c)
    if (catalog[c].name == bare) return static_cast<int>(c);
  return -1;
}

ChannelEvaluator::ChannelEvaluator(const Model& model, const State& state, const VectorX* qdd, double work)
    : model_(model), state_(state), qdd_(qdd), work_(work) {}

const EnergyReport& ChannelEvaluator::energy() {
  if (!haveEnergy_) energy_ = computeEnergy(model_, state_), haveEnergy_ = true;
  return energy_;
}

const DriftReport& ChannelEvaluator::drift() {
  if (!haveDrift_) drift_ = computeDrift(model_, state_), haveDrift_ = true;
  return drift_;
}

double ChannelEvaluator::value(const ChannelDef& c) {
  const StepOutputs& outputs = state_.outputs;
  switch (c.kind) {
    case ChannelKind::Time: return state_.t;
    case ChannelKind::Kinetic: return energy().kinetic;
    case ChannelKind::Potential: return energy().potential;
    case ChannelKind::Total: return energy().total();
    case ChannelKind::DriftPosition: return drift().total.position;
    case ChannelKind::DriftRotation: return drift().total.rotation;
    case ChannelKind::LinearMomentum: return component(energy().linearMomentum, c.axis);
    case ChannelKind::AngularMomentum: return component(energy().angularMomentum, c.axis);
    case ChannelKind::Work: return work_;
    case ChannelKind::Q: return state_.q[c.index];
    case ChannelKind::Qd: return state_.qd[c.index];
    case ChannelKind::Qdd: return qdd_ ? (*qdd_)[c.index] : std::numeric_limits<double>::quiet_NaN();
    case ChannelKind::Iterations: return outputs.iterations;
    case ChannelKind::Residual: return outputs.residual;
    case ChannelKind::MuscleExcitation: return readMuscle(model_, state_, c.index).excitation;
    case ChannelKind::MuscleActivation: return readMuscle(model_, state_, c.index).activation;
    case ChannelKind::MuscleForce: return readMuscle(model_, state_, c.index).force;
    case ChannelKind::MuscleLength: return readMuscle(model_, state_, c.index).length;
    case ChannelKind::MuscleVelocity: return readMuscle(model_, state_, c.index).velocity;
    case ChannelKind::MusclePower: return energy().musclePower;
    // The body frame's origin and its world velocity R v; phi = (omega; v) in body coordinates.
    case ChannelKind::BodyPosition: return state_.E_0i[c.index](c.axis, 3);
    case ChannelKind::BodyVelocity:
      return (state_.E_0i[c.index].topLeftCorner<3, 3>() * state_.phi[c.index].tail<3>())[c.axis];
    case ChannelKind::BodyAngularVelocity:
      return (state_.E_0i[c.index].topLeftCorner<3, 3>() * state_.phi[c.index].head<3>())[c.axis];
    case ChannelKind::JointDriftPosition: return jointDrift(model_, state_, c.index).position;
    case ChannelKind::JointDriftRotation: return jointDrift(model_, state_, c.index).rotation;
    case ChannelKind::LoopDriftPosition: return loopDrift(model_, state_, c.index).position;
    case ChannelKind::LoopDriftRotation: return loopDrift(model_, state_, c.index).rotation;
    case ChannelKind::ContactCount: return outputs.contactCount;
    case ChannelKind::ContactNormalForce: {
      double sum = 0.0;
      for (int k = 0; k < outputs.contactCount; ++k) sum += outputs.contacts[k].normalForce;
      return sum;
    }
    case ChannelKind::ContactFriction: {
      double sum = 0.0;
      for (int k = 0; k < outputs.contactCount; ++k) sum += outputs.contacts[k].friction[c.axis];
      return sum;
    }
    case ChannelKind::ContactIterations: return outputs.contactIterations;
    case ChannelKind::ContactChange: return outputs.contactChange;
    case ChannelKind::StepTime: return outputs.stepSeconds;
  }
  return std::numeric_limits<double>::quiet_NaN();
}

}  // namespace articulab
