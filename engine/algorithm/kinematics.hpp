// Forward kinematics of the joint tree: joint Q, S, Sdot, body poses and twists (eq 2.6, 2.11).
#pragma once

#include <vector>

#include "engine/multibody/model.hpp"

namespace articulab {

// Per-body quantities at (q, qdot); sized once for a model, then reused without allocation.
struct TreeKinematics {
  std::vector<JointKinematics> joint;  // Q, S, Sdot of joint i
  std::vector<Matrix4> E_pi;           // body i in its parent's frame (world for roots)
  std::vector<Matrix4> E_0i;           // body i in world
  std::vector<Matrix6> Ad_ip;          // Ad(E_pi^-1): parent twist into i coordinates
  std::vector<JointMatrix> AdS;        // Ad_iJ S: joint twist basis in i coordinates (eq 2.11)
  std::vector<JointMatrix> AdSdot;     // Ad_iJ Sdot (eq 2.15)
  std::vector<Vector6> phi;            // body twist of i (eq 2.11)

  explicit TreeKinematics(const Model& model = Model{});
};

// Fills every field of kin at (q, qdot) in one forward pass over the tree.
void computeKinematics(const Model& model, const VectorX& q, const VectorX& qd, TreeKinematics& kin);

// World velocity of the body point x (body frame) given the body pose and twist (eq 1.12).
Vector3 pointVelocityWorld(const Matrix4& E_0i, const Vector6& phi, const Vector3& x);

}  // namespace articulab
