// Q(q) of the hand-derived joint types (sueda 2.4.1-2.4.11) written once, generic in the
// scalar type, so that the same joints can be evaluated by automatic differentiation: the
// AD versions check the hand-derived S and Sdot, and the AD machinery against them.
#pragma once

#include "engine/multibody/scleronomic_joint.hpp"

namespace articulab {

// Q of one primitive part (eq 2.23-2.47).
template <class T>
generic::Matrix4T<T> primitiveTransform(const JointPart& part, const T* q) {
  using V3 = generic::Vector3T<T>;
  const V3 axis = part.axis.template cast<T>();
  generic::Matrix4T<T> Q = generic::Matrix4T<T>::Identity();
  switch (part.type) {
    case JointType::Revolute: Q.template topLeftCorner<3, 3>() = generic::rotationExp<T>(V3(axis * q[0])); break;
    case JointType::Prismatic: Q.template topRightCorner<3, 1>() = axis * q[0]; break;
    case JointType::Planar: Q(0, 3) = q[0], Q(1, 3) = q[1]; break;
    case JointType::Translational: Q(0, 3) = q[0], Q(1, 3) = q[1], Q(2, 3) = q[2]; break;
    case JointType::Universal:  // rotation about x, then about the rotated y (eq 2.37)
      Q.template topLeftCorner<3, 3>() = generic::rotationExp<T>(V3(q[0], T(0.0), T(0.0))) *
                                         generic::rotationExp<T>(V3(T(0.0), q[1], T(0.0)));
      break;
    case JointType::SphericalXZX:  // eq 2.31
      Q.template topLeftCorner<3, 3>() = generic::rotationExp<T>(V3(q[0], T(0.0), T(0.0))) *
                                         generic::rotationExp<T>(V3(T(0.0), T(0.0), q[1])) *
                                         generic::rotationExp<T>(V3(q[2], T(0.0), T(0.0)));
      break;
    case JointType::SphericalExp: Q.template topLeftCorner<3, 3>() = generic::rotationExp<T>(V3(q[0], q[1], q[2])); break;
    case JointType::Free3D:  // Q = T(p) Rot(w), q = (w, p) (2.4.11)
      Q.template topLeftCorner<3, 3>() = generic::rotationExp<T>(V3(q[0], q[1], q[2]));
      Q(0, 3) = q[3], Q(1, 3) = q[4], Q(2, 3) = q[5];
      break;
    case JointType::Fixed:
    case JointType::Composite:
    case JointType::Free2D:
    case JointType::General: break;
  }
  return Q;
}

// A hand-derived joint re-evaluated by automatic differentiation: Q = Q1 Q2 ... (eq 2.48).
template <int kDof>
class PrimitiveJointByJets : public ScleronomicJointOf<PrimitiveJointByJets<kDof>, kDof> {
 public:
  explicit PrimitiveJointByJets(std::vector<JointPart> parts) : parts_(std::move(parts)) {}
  const char* typeName() const override { return "primitive_by_ad"; }
  std::string coordinateHelp() const override { return "the coordinates of the hand-derived joint"; }
  std::string checkCoordinates(const double*) const override { return {}; }

  template <class T>
  generic::Matrix4T<T> G(const T* q) const {
    generic::Matrix4T<T> Q = generic::Matrix4T<T>::Identity();
    int col = 0;
    for (const JointPart& part : parts_) {
      Q = (Q * primitiveTransform<T>(part, q + col)).eval();
      col += part.nq;
    }
    return Q;
  }

 private:
  std::vector<JointPart> parts_;
};

// The AD version of a hand-derived joint (any type but General, 1 to 6 coordinates).
std::shared_ptr<const ScleronomicJoint> primitiveJointByJets(const Joint& joint);

}  // namespace articulab
