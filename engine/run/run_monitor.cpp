#include "engine/run/run_monitor.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/contact/joint_friction.hpp"
#include "engine/diagnostics/drift.hpp"

namespace articulab {

namespace {

// The forces of the model whose work the run cannot know (UnknownWork).
unsigned unknownWorkOf(const Model& model) {
  unsigned unknown = contact::hasJointFriction(model) ? kJointFrictionWork : 0u;
  for (const Joint& joint : model.joints)
    if (joint.driven) unknown |= kDriveWork;
  return unknown;
}

// The world velocity of the body point that is at `point` (world) in the pose E, twist phi =
// (omega; v) in body coordinates: R (v + omega x r) with r the point in the body frame.
Vector3 pointVelocity(const Matrix4& E, const Vector6& phi, const Vector3& local) {
  return E.topLeftCorner<3, 3>() * (phi.tail<3>() + phi.head<3>().cross(local));
}

// The contact point as a point of body b at the start pose, and its velocities at the start and
// at the end of the step (zero for the ground, b = -1).
struct PointVelocities {
  Vector3 before = Vector3::Zero(), after = Vector3::Zero();
};

PointVelocities velocitiesOf(int b, const Vector3& point, const State& after, const std::vector<Matrix4>& posesBefore,
                             const std::vector<Vector6>& twistsBefore) {
  if (b < 0) return {};
  const Matrix4& E = posesBefore[b];
  const Vector3 local = E.topLeftCorner<3, 3>().transpose() * (point - E.topRightCorner<3, 1>());
  return {pointVelocity(E, twistsBefore[b], local), pointVelocity(after.E_0i[b], after.phi[b], local)};
}

}  // namespace

std::string unknownWorkText(unsigned unknown) {
  static const std::pair<unsigned, const char*> names[] = {
      {kDriveWork, "driven joints"}, {kJointFrictionWork, "joint friction"}, {kLimitWork, "joint limits"},
      {kOutsideWork, "the mouse pull or a model edit"}};
  std::string text;
  for (const auto& [bit, name] : names)
    if (unknown & bit) text += (text.empty() ? "" : ", ") + std::string(name);
  return text;
}

std::vector<int> limitedJoints(const Model& model) {
  std::vector<int> limited;
  for (int j = 0; j < static_cast<int>(model.joints.size()); ++j)
    if (model.joints[j].hasLimits) limited.push_back(j);
  return limited;
}

bool atJointLimit(const Model& model, const std::vector<int>& limited, const VectorX& q) {
  for (int j : limited) {
    const Joint& joint = model.joints[j];
    for (int c = 0; c < joint.nq; ++c) {
      const double value = q[joint.qIndex + c];
      if (value <= joint.lower[c] + kLimitReach || value >= joint.upper[c] - kLimitReach) return true;
    }
  }
  return false;
}

double contactStepWork(const State& after, const std::vector<Matrix4>& posesBefore,
                       const std::vector<Vector6>& twistsBefore, double h) {
  const StepOutputs& outputs = after.outputs;
  if (posesBefore.size() != after.E_0i.size() || twistsBefore.size() != after.phi.size()) return 0.0;
  double work = 0.0;
  for (int c = 0; c < outputs.contactCount; ++c) {
    const ContactOutput& contact = outputs.contacts[static_cast<std::size_t>(c)];
    const Vector3 force = contact.normalForce * contact.normal + contact.friction;  // on `body`; -force on `other`
    const PointVelocities body = velocitiesOf(contact.body, contact.point, after, posesBefore, twistsBefore);
    const PointVelocities other = velocitiesOf(contact.other, contact.point, after, posesBefore, twistsBefore);
    work += 0.5 * h * force.dot(body.before + body.after - other.before - other.after);
  }
  return work;
}

void RunMonitor::start(const Model& model, const State& state) {
  const EnergyReport initial = computeEnergy(model, state);
  energy = {};
  energy.bound = energyBoundAt(model, state);
  energy.largestKinetic = initial.kinetic;
  energy.last = initial.total();
  work = {};
  work.musclePower = initial.musclePower;
  work.damperPower = -initial.dissipation;
  work.time = state.t;
  work.unknown = unknownWorkOf(model) | (atJointLimit(model, limitedJoints(model), state.q) ? kLimitWork : 0u);
  drift = {};
  blowUp.clear();
}

namespace {

std::string joules(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g J", value);
  return text;
}

// The energy gained beyond the work W, against kBlowUpFactor times the scene's scale.
std::string blowUpOf(const RunMonitor& monitor) {
  const double gained = monitor.unaccounted();
  if (!(gained > kBlowUpFactor * monitor.energy.bound.scale)) return "";
  return "the energy grew by " + joules(gained) + (monitor.work.total() != 0.0 ? " beyond the work of the forces" : "") +
         ", more than the scene's energy scale " + joules(monitor.energy.bound.scale) +
         ", where no force does work: the run is not to be trusted (try a smaller step or another integrator)";
}

}  // namespace

std::string RunMonitor::afterStep(const Model& model, const State& state, const EnergyReport& now,
                                  double heldMusclePower, double contactWork, const std::vector<int>& limited) {
  energy.last = now.total();
  energy.largestKinetic = std::max(energy.largestKinetic, now.kinetic);
  energy.largestChange = std::max(energy.largestChange, std::abs(now.total() - energy.start()));
  const double h = state.t - work.time;
  work.muscles += 0.5 * (work.musclePower + heldMusclePower) * h;
  work.dampers += 0.5 * (work.damperPower - now.dissipation) * h;
  work.contact += contactWork;
  work.musclePower = now.musclePower;
  work.damperPower = -now.dissipation;
  work.time = state.t;
  if (state.perturbation.body >= 0) work.unknown |= kOutsideWork;
  if (!(work.unknown & kLimitWork) && atJointLimit(model, limited, state.q)) work.unknown |= kLimitWork;
  if (blowUp.empty() && !work.fromOutside()) blowUp = blowUpOf(*this);
  return divergence(state, now, energy.bound);
}

void RunMonitor::sampleDrift(const Model& model, const State& state) {
  const DriftReport report = computeDrift(model, state);
  drift.position = std::max(drift.position, report.total.position);
  drift.rotation = std::max(drift.rotation, report.total.rotation);
}

}  // namespace articulab
