#include "engine/contact/joint_friction.hpp"

#include <cmath>

namespace articulab::contact {

namespace {

bool isSpherical(JointType type) { return type == JointType::SphericalXZX || type == JointType::SphericalExp; }

// The rim (or slider end) forces R+- = F_perp / 2 +- (M_perp x a) / l (header).
void endForces(const Vector3& a, double length, const Vector3& F, const Vector3& M, Vector3& Rplus, Vector3& Rminus) {
  const Vector3 Fperp = F - a * a.dot(F);
  const Vector3 Mperp = M - a * a.dot(M);
  const Vector3 couple = Mperp.cross(a) / length;
  Rplus = 0.5 * Fperp + couple;
  Rminus = 0.5 * Fperp - couple;
}

// The slider's face normals u, v: a completed to an orthonormal frame from the joint-frame axis
// least aligned with a (x for a = z, so u = a x e_x, v = a x u).
void sliderFaces(const Vector3& a, Vector3& u, Vector3& v) {
  int least = 0;
  a.cwiseAbs().minCoeff(&least);
  u = a.cross(Vector3::Unit(least)).normalized();
  v = a.cross(u);
}

double revoluteBound(const Joint& joint, const Vector3& F, const Vector3& M) {
  const Vector3& a = joint.parts.front().axis;
  Vector3 Rplus, Rminus;
  endForces(a, joint.friction.length, F, M, Rplus, Rminus);
  return joint.friction.mu * joint.friction.radius * (Rplus.norm() + Rminus.norm() + std::abs(a.dot(F)));
}

double prismaticBound(const Joint& joint, const Vector3& F, const Vector3& M) {
  const Vector3& a = joint.parts.front().axis;
  Vector3 Rplus, Rminus, u, v;
  endForces(a, joint.friction.length, F, M, Rplus, Rminus);
  sliderFaces(a, u, v);
  const double faces = std::abs(Rplus.dot(u)) + std::abs(Rplus.dot(v)) + std::abs(Rminus.dot(u)) +
                       std::abs(Rminus.dot(v)) + std::abs(a.dot(M)) / joint.friction.radius;
  return joint.friction.mu * faces;
}

// The load-dependent part of the bound (header); 0 without a coefficient.
double loadBound(const Joint& joint, const Vector6& wrench) {
  if (joint.friction.mu <= 0.0) return 0.0;
  const Vector3 M = wrench.head<3>(), F = wrench.tail<3>();
  if (joint.type == JointType::Revolute) return revoluteBound(joint, F, M);
  if (joint.type == JointType::Prismatic) return prismaticBound(joint, F, M);
  if (isSpherical(joint.type)) return joint.friction.mu * joint.friction.radius * F.norm();
  return 0.0;
}

}  // namespace

bool jointFrictionGeometry(JointType type) {
  return type == JointType::Revolute || type == JointType::Prismatic || isSpherical(type);
}

int jointFrictionAxes(const Joint& joint) {
  if ((joint.friction.mu <= 0.0 && joint.friction.loss <= 0.0) || !jointFrictionGeometry(joint.type)) return 0;
  return isSpherical(joint.type) ? 3 : 1;
}

bool hasJointFriction(const Model& model) { return firstJointWithFriction(model) != nullptr; }

const Joint* firstJointWithFriction(const Model& model) {
  for (const Joint& joint : model.joints)
    if (jointFrictionAxes(joint) > 0) return &joint;
  return nullptr;
}

Vector6 jointFrictionDirection(const Joint& joint, int k) {
  Vector6 d = Vector6::Zero();
  if (joint.type == JointType::Revolute)
    d.head<3>() = joint.parts.front().axis;
  else if (joint.type == JointType::Prismatic)
    d.tail<3>() = joint.parts.front().axis;
  else
    d[k] = 1.0;
  return d;
}

double jointFrictionBound(const Joint& joint, const Vector6& wrench) {
  return loadBound(joint, wrench) + joint.friction.loss;
}

void jointReactionWrenches(const Model& model, const TreeKinematics& kin, const VectorX& qdd,
                           const std::vector<Vector6>& bodyForce, std::vector<Vector6>& accel,
                           std::vector<Vector6>& wrench) {
  for (int i = 0; i < model.bodyCount(); ++i) {  // forward: body accelerations (eq 2.17)
    const Joint& joint = model.joints[i];
    const BodyKinematics& k = kin.bodies[i];
    accel[i] = k.eta;
    accel[i].noalias() += k.AdS * qdd.segment(joint.qIndex, joint.nq);
    if (joint.parent >= 0) accel[i] += k.E_pi.twistToChild(accel[joint.parent]);
    wrench[i].noalias() = model.bodies[i].M * accel[i];
    wrench[i] -= bodyForce[i];
  }
  for (int i = model.bodyCount() - 1; i >= 0; --i) {  // backward: children before parents
    const Joint& joint = model.joints[i];
    if (joint.parent >= 0) wrench[joint.parent] += kin.bodies[i].E_pi.wrenchToParent(wrench[i]);
  }
}

}  // namespace articulab::contact
