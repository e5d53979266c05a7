// Pose and body twist of one body, as the force code reads them, and views over the ways the
// back-ends store them. The world is the identity pose at rest.
#pragma once

#include <vector>

#include "engine/multibody/force_element.hpp"

namespace articulab {

struct RigidMotion {
  Matrix3 R = Matrix3::Identity();  // body in world
  Vector3 p = Vector3::Zero();      // m
  Vector6 phi = Vector6::Zero();    // body twist (angular; linear), body coordinates
};

// Bodies stored as world poses E_0i and twists phi_i (State, baraff).
struct PoseListMotion {
  const std::vector<Matrix4>& E_0i;
  const std::vector<Vector6>& phi;
  Matrix3 rotation(int i) const { return E_0i[i].topLeftCorner<3, 3>(); }
  const Vector6& twist(int i) const { return phi[i]; }
  RigidMotion rigid(int i) const { return {E_0i[i].topLeftCorner<3, 3>(), E_0i[i].topRightCorner<3, 1>(), phi[i]}; }
};

// The motion of a body, or the world's for body -1.
template <class Motion>
RigidMotion bodyMotion(const Motion& motion, int body) {
  return body < 0 ? RigidMotion{} : motion.rigid(body);
}

// The motion of an attachment's body.
template <class Motion>
RigidMotion attachmentMotion(const Motion& motion, const Attachment& attachment) {
  return bodyMotion(motion, attachment.body);
}

}  // namespace articulab
