#include "engine/solvers/variational_maximal/constraint_blocks.hpp"

#include <cmath>

#include "engine/constraints/joint_coordinates.hpp"
#include "engine/constraints/joint_residual.hpp"
#include "engine/constraints/loop_residual.hpp"
#include "engine/solvers/variational_maximal/body_coordinates.hpp"
#include "engine/spatial/se3.hpp"

namespace articulab::variational {

Matrix6 toCentreCoordinates(const Matrix6& J, const Matrix4& E, const Vector3& c) {
  Matrix6 G;
  G.leftCols<3>() = J.leftCols<3>() + J.rightCols<3>() * skew(c);
  G.rightCols<3>() = J.rightCols<3>() * E.topLeftCorner<3, 3>().transpose();
  return G;
}

namespace {

void fromResidual(const Model& model, const constraints::PoseResidual& r, const std::vector<Matrix4>& E,
                  ConstraintBlock& out) {
  out.rows = r.rows;
  out.bodyA = r.bodyA;
  out.bodyB = r.bodyB;
  out.g = r.g;
  if (r.bodyA >= 0) out.GA = toCentreCoordinates(r.JA, E[r.bodyA], model.bodies[r.bodyA].com);
  else out.GA.setZero();
  if (r.bodyB >= 0) out.GB = toCentreCoordinates(r.JB, E[r.bodyB], model.bodies[r.bodyB].com);
  else out.GB.setZero();
}

}  // namespace

bool jointBlock(const Model& model, int i, const std::vector<Matrix4>& E, ConstraintBlock& out) {
  const Joint& joint = model.joints[i];
  const Matrix4 world = Matrix4::Identity();
  constraints::PoseResidual r;
  const bool ok = constraints::jointResidual(joint, joint.parent >= 0 ? E[joint.parent] : world, E[i], r);
  r.bodyA = i;
  r.bodyB = joint.parent;
  fromResidual(model, r, E, out);
  return ok;
}

void loopBlock(const Model& model, int k, const std::vector<Matrix4>& E, ConstraintBlock& out) {
  const LoopConstraint& loop = model.loops[k];
  const Matrix4 world = Matrix4::Identity();
  constraints::PoseResidual r;
  constraints::loopResidual(loop, loop.bodyA >= 0 ? E[loop.bodyA] : world, loop.bodyB >= 0 ? E[loop.bodyB] : world,
                            r);
  r.bodyA = loop.bodyA;
  r.bodyB = loop.bodyB;
  fromResidual(model, r, E, out);
}

bool hasRotorCoordinate(const Joint& joint) {
  return joint.type == JointType::Revolute || joint.type == JointType::Prismatic;
}

void rotorBlock(const Model& model, int i, const std::vector<Matrix4>& E, ConstraintBlock& out) {
  const Joint& joint = model.joints[i];
  const int p = joint.parent;
  const Matrix4 E_pc = p >= 0 ? se3::inverseTimes(E[p], E[i]) : E[i];
  const Matrix4 T = constraints::measuredJointTransform(joint, E_pc);
  const Matrix3 R = T.topLeftCorner<3, 3>();
  const Vector3 a = joint.parts.empty() ? Vector3::UnitZ() : joint.parts[0].axis;
  constraints::PoseResidual r;
  r.rows = 1;
  r.bodyA = i;
  r.bodyB = p;
  Matrix6 D = Matrix6::Zero();
  if (joint.type == JointType::Revolute) {
    const Vector3 u = a.unitOrthogonal(), v = R * u, au = a.cross(u);
    const double x = u.dot(v), y = au.dot(v);
    r.g[0] = std::atan2(y, x);
    D.block<1, 3>(0, 0) = -((x * au - y * u).transpose() * R * skew(u)) / (x * x + y * y);
  } else {
    r.g[0] = a.dot(T.topRightCorner<3, 1>());
    D.block<1, 3>(0, 3) = a.transpose() * R;
  }
  r.JA = se3::timesAd(D, joint.E_jc);
  if (p >= 0) r.JB = -se3::timesAdInverse(r.JA, E_pc);
  fromResidual(model, r, E, out);
}

}  // namespace articulab::variational
