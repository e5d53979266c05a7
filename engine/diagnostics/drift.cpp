#include "engine/diagnostics/drift.hpp"

#include <algorithm>
#include <cmath>

#include "engine/spatial/se3.hpp"
#include "engine/spatial/so3.hpp"

namespace articulab {

namespace {
Matrix4 worldPose(const State& state, int body) { return body < 0 ? Matrix4::Identity() : state.E_0i[body]; }

void accumulate(DriftReport& report, const ConstraintDrift& d) {
  report.total.position += d.position * d.position;
  report.total.rotation += d.rotation * d.rotation;
  report.worst.position = std::max(report.worst.position, d.position);
  report.worst.rotation = std::max(report.worst.rotation, d.rotation);
}
}  // namespace

ConstraintDrift jointDrift(const Model& model, const State& state, int i) {
  const Joint& J = model.joints[i];
  JointKinematics jk;
  evaluateJoint(J, state.q.data() + J.qIndex, state.qd.data() + J.qIndex, jk);
  const Matrix4 expected = worldPose(state, J.parent) * J.E_pj * jk.Q * J.E_jc;
  const Matrix4 error = se3::inverse(expected) * state.E_0i[i];
  return {error.topRightCorner<3, 1>().norm(), so3::log(error.topLeftCorner<3, 3>()).norm()};
}

ConstraintDrift loopDrift(const Model& model, const State& state, int k) {
  const LoopConstraint& loop = model.loops[k];
  const Matrix4 A = worldPose(state, loop.bodyA) * loop.E_aA;
  const Matrix4 B = worldPose(state, loop.bodyB) * loop.E_bB;
  ConstraintDrift d;
  d.position = (A.topRightCorner<3, 1>() - B.topRightCorner<3, 1>()).norm();
  if (loop.type == LoopType::Hinge) {
    const Vector3 axisA = A.topLeftCorner<3, 3>() * loop.axis, axisB = B.topLeftCorner<3, 3>() * loop.axis;
    d.rotation = std::atan2(axisA.cross(axisB).norm(), axisA.dot(axisB));
  } else if (loop.type == LoopType::Weld) {
    d.rotation = so3::log(A.topLeftCorner<3, 3>().transpose() * B.topLeftCorner<3, 3>()).norm();
  }
  return d;
}

DriftReport computeDrift(const Model& model, const State& state) {
  DriftReport report;
  for (int i = 0; i < model.bodyCount(); ++i) accumulate(report, jointDrift(model, state, i));
  for (int k = 0; k < static_cast<int>(model.loops.size()); ++k) accumulate(report, loopDrift(model, state, k));
  report.total.position = std::sqrt(report.total.position);
  report.total.rotation = std::sqrt(report.total.rotation);
  return report;
}

}  // namespace articulab
