// Forward kinematics of the joint tree, the one every back-end uses (sueda eq 2.6, 2.11, 2.17;
// Alg 9 lines 1-5): per body the pose in its parent (whose adjoint is Ad_ip), the pose in the
// world, the joint basis Ad_iJ S and its derivative, the body twist phi_i and the
// velocity-product acceleration eta_i, all in body coordinates. What does not depend on
// (q, qdot) is computed once, when the workspace is built; afterwards nothing is allocated.
#pragma once

#include <vector>

#include "engine/forces/rigid_motion.hpp"
#include "engine/multibody/model.hpp"
#include "engine/spatial/parent_transform.hpp"

namespace articulab {

// How a joint's kinematics are evaluated.
enum class JointKinematicsKind {
  FixedAxisRevolute,   // one revolute part: S constant, Sdot = 0
  FixedAxisPrismatic,  // one prismatic part: S constant, Sdot = 0
  General,             // anything else, through evaluateJoint (composite, Euler angles, ...)
};

// Quantities of joint i that do not depend on (q, qdot). For fixed-axis joints E_pi = E_pj Q E_jc
// expands (Rodrigues' formula, eq 2.41) to
//   revolute:  R = R0 + sin q R1 + (1 - cos q) R2,   p = p0 + sin q p1 + (1 - cos q) p2
//   prismatic: R = R0,                               p = p0 + q p1.
struct JointConstants {
  JointKinematicsKind kind = JointKinematicsKind::General;
  Matrix6 Ad_iJ = Matrix6::Identity();  // Ad(E_jc^-1): joint twists into body coordinates
  Matrix3 R0 = Matrix3::Identity(), R1 = Matrix3::Zero(), R2 = Matrix3::Zero();
  Vector3 p0 = Vector3::Zero(), p1 = Vector3::Zero(), p2 = Vector3::Zero();
};

// State-dependent quantities of body i (and of its joint).
struct BodyKinematics {
  ParentTransform E_pi;               // body in its parent (world for roots); Ad_ip = Ad(E_pi^-1)
  Matrix3 R_0i = Matrix3::Identity();  // body in world
  Vector3 p_0i = Vector3::Zero();
  JointMatrix AdS;                     // Ad_iJ S (eq 2.11)
  JointMatrix AdSdot;                  // Ad_iJ Sdot (eq 2.15)
  Vector6 phiJoint = Vector6::Zero();  // Ad_iJ S qdot_i, the joint's relative twist
  Vector6 phi = Vector6::Zero();       // body twist (eq 2.11)
  Vector6 eta = Vector6::Zero();       // ad(phi_i) Ad_iJ S qdot + Ad_iJ Sdot qdot (Alg 9 line 4)

  Matrix4 worldPose() const;  // E_0i
};

struct TreeKinematics {
  std::vector<JointConstants> joints;  // indexed like model.joints (joint i moves body i)
  std::vector<BodyKinematics> bodies;
  JointKinematics scratch;  // Q, S, Sdot of a general joint
  explicit TreeKinematics(const Model& model = Model{});
};

// The bodies of kin as the force and constraint code reads them (engine/forces/rigid_motion.hpp).
struct TreeMotion {
  const TreeKinematics& kin;
  const Matrix3& rotation(int i) const { return kin.bodies[i].R_0i; }
  const Vector6& twist(int i) const { return kin.bodies[i].phi; }
  RigidMotion rigid(int i) const { return {kin.bodies[i].R_0i, kin.bodies[i].p_0i, kin.bodies[i].phi}; }
};

// Fills kin.bodies at (q, qdot) in one forward pass over the tree.
void computeKinematics(const Model& model, const VectorX& q, const VectorX& qd, TreeKinematics& kin);
// Refreshes only the velocity-dependent fields (AdSdot, phiJoint, phi, eta) for a new qdot at
// the q of the last computeKinematics.
void updateVelocities(const Model& model, const VectorX& q, const VectorX& qd, TreeKinematics& kin);
// Copies the world poses E_0i and body twists phi_i of kin (as State stores them; sized).
void copyWorldMotion(const TreeKinematics& kin, std::vector<Matrix4>& E_0i, std::vector<Vector6>& phi);

}  // namespace articulab
