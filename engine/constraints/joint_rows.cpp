#include "engine/constraints/joint_rows.hpp"

#include <cmath>

namespace articulab::constraints {

namespace {

// Two unit vectors spanning the plane perpendicular to a (sueda eq 2.94).
void perpendicularPair(const Vector3& a, Vector3& u, Vector3& v) {
  u = a.unitOrthogonal();
  v = a.cross(u);
}

void setAngular(ConstraintBasis& P, int col, const Vector3& w) { P.col(col).head<3>() = w; }
void setLinear(ConstraintBasis& P, int col, const Vector3& v) { P.col(col).tail<3>() = v; }

void allAngular(ConstraintBasis& P, int first) {
  for (int k = 0; k < 3; ++k) setAngular(P, first + k, Vector3::Unit(k));
}
void allLinear(ConstraintBasis& P, int first) {
  for (int k = 0; k < 3; ++k) setLinear(P, first + k, Vector3::Unit(k));
}

}  // namespace

bool hasFixedConstraintForm(const Joint& joint) {
  if (joint.type == JointType::Free2D || joint.type == JointType::Free3D) return true;
  return joint.type != JointType::Composite && joint.type != JointType::General && joint.parts.size() == 1;
}

std::string fixedFormRefusal(const Joint& joint) {
  if (hasFixedConstraintForm(joint)) return "";
  const std::string why = joint.general ? " (a general joint): its constraint rows are defined only through Q(q)"
                                        : ": its constraint rows change with the product of its parts";
  return "joint '" + joint.name + "' is " + jointTypeName(joint) + why +
         ", so it has no fixed row form (eq 1.69); supported: fixed, revolute, prismatic, planar, translational, "
         "universal, spherical, free2d, free3d";
}

int constraintRowCount(const Joint& joint) { return 6 - joint.nq; }

void fillConstraintBasis(const Joint& joint, const double* q, ConstraintBasis& P) {
  P.setZero(6, constraintRowCount(joint));
  const Vector3 axis = joint.parts.empty() ? Vector3::UnitZ() : joint.parts[0].axis;
  Vector3 u, v;
  switch (joint.type) {
    case JointType::Fixed: P.setIdentity(6, 6); break;
    case JointType::Revolute:  // rotation about the axis only
      perpendicularPair(axis, u, v);
      setAngular(P, 0, u);
      setAngular(P, 1, v);
      allLinear(P, 2);
      break;
    case JointType::Prismatic:  // translation along the axis only
      allAngular(P, 0);
      perpendicularPair(axis, u, v);
      setLinear(P, 3, u);
      setLinear(P, 4, v);
      break;
    case JointType::Planar:  // translation in the joint x-y plane
      allAngular(P, 0);
      setLinear(P, 3, Vector3::UnitZ());
      break;
    case JointType::Translational: allAngular(P, 0); break;
    case JointType::Universal:  // S spans (c2, 0, s2) and y (eq 2.40); the row is their cross product
      setAngular(P, 0, Vector3(-std::sin(q[1]), 0.0, std::cos(q[1])));
      allLinear(P, 1);
      break;
    case JointType::SphericalXZX:
    case JointType::SphericalExp: allLinear(P, 0); break;
    case JointType::Free2D:  // planar then revolute z: no tilt, no lift
      setAngular(P, 0, Vector3::UnitX());
      setAngular(P, 1, Vector3::UnitY());
      setLinear(P, 2, Vector3::UnitZ());
      break;
    case JointType::Free3D:
    case JointType::Composite:
    case JointType::General: break;  // refused by supports(): no fixed constraint form
  }
}

// Gram-Schmidt on the columns of I - P P^T, taking the longest remaining column each time.
void fillFreeBasis(const ConstraintBasis& P, ConstraintBasis& S) {
  const int free = 6 - static_cast<int>(P.cols());
  Matrix6 R = Matrix6::Identity();
  R.noalias() -= P * P.transpose();
  S.setZero(6, free);
  for (int c = 0; c < free; ++c) {
    int best = 0;
    R.colwise().squaredNorm().maxCoeff(&best);
    S.col(c) = R.col(best).normalized();
    R -= S.col(c) * (S.col(c).transpose() * R);
  }
}

}  // namespace articulab::constraints
