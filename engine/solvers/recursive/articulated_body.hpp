// Articulated-body quantities of the recursive back-end, one record per body, and the passes
// that use them (sueda notes 2.12, Alg 9, and 2.13, Alg 10; si-guenter section 4). Per joint,
// with S standing for Ad_iJ S (body coordinates) and P_j an optional joint block:
//   eliminate  (backward) M^_i = M_i + sum_c Ad_ci^T Pi_c Ad_ci, U = M^ S,
//              Psi = (S^T U + P_j)^-1, Pi_i = M^ - U Psi U^T   (driven joints: Pi_i = M^)
//   bias       (backward) u = x_j - S^T (B^ + M^ eta), beta_i = B^ + M^ eta + U Psi u,
//              B^_i = own bias + sum_c Ad_ci^T beta_c   (driven: beta_i = B^ + M^ eta + U qddot_j)
//   accelerate (forward)  qddot_j = Psi (u - U^T Ad_ip a_p), a_i = Ad_ip a_p + eta + S qddot_j
//              (driven: qddot_j given, joint force S^T (M^ a_i + B^) = U^T a_i + S^T B^)
#pragma once

#include <vector>

#include "engine/algorithm/kinematics.hpp"

namespace articulab {

// An nq x nq block of one joint, stored without heap (nq <= 6).
using JointSquare = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor, 6, 6>;

struct ArticulatedBody {
  // M^_i while the children are added (Alg 9 line 7), then Pi_i once the joint is eliminated.
  Matrix6 inertia = Matrix6::Zero();
  Vector6 bias = Vector6::Zero();  // B^_i: own bias force plus the children's beta (line 8)
  JointMatrix U;                   // M^_i S
  JointSquare Psi;                 // (S^T M^ S + P_j)^-1 (line 13; Alg 10 line 10)
  JointVector u;                   // joint force left for the joint's own acceleration
  Vector6 accel = Vector6::Zero();  // body acceleration (line 25)
};

struct ArticulatedBodyWorkspace {
  std::vector<ArticulatedBody> bodies;
  explicit ArticulatedBodyWorkspace(const Model& model = Model{});
};

// Per-joint nq x nq blocks added to S^T M^ S (Alg 10 line 10): h D_r + h^2 K_r of the joint.
using JointBlocks = std::vector<JointSquare>;
// Per-joint 6 x nq blocks C' added to U = M^ S once Psi is formed, so that Pi, beta and qddot use
// U + C': a quadratic term that couples the parent's motion with the joint's rates (a two-body
// element between a body and its parent, folded into the elimination; derivation in
// spring_implicit_velocity.hpp). Free joints only.
using JointCrossBlocks = std::vector<JointMatrix>;

// What the bias and acceleration passes read besides the elimination.
struct ArticulatedInput {
  const VectorX* jointForce = nullptr;  // x (or tau): generalized force on every joint, nq entries
  // Accelerations of the driven joints (other entries ignored). Null: every joint is free. Must
  // be set exactly when the elimination ran with hybrid = true.
  const VectorX* prescribed = nullptr;
  bool velocityTerms = false;  // include eta_i (forward dynamics) or not (Alg 10)
};

// Alg 10 lines 1-12: the elimination alone, from M^_i = M_i. blocks may be null. hybrid: joints
// with Joint::driven keep Pi = M^ (Alg 9 line 10). False if some S^T M^ S + P_j is not
// positive definite.
bool eliminateArticulatedInertia(const Model& model, const TreeKinematics& kin, const JointBlocks* blocks,
                                 bool hybrid, ArticulatedBodyWorkspace& ws);

// Alg 10 lines 15-18: the bias pass alone, after eliminateArticulatedInertia; ws.bodies[i].bias
// must hold the body's own bias force on entry (zero for M_r^-1 x).
void accumulateBiasForces(const Model& model, const TreeKinematics& kin, const ArticulatedInput& in,
                          ArticulatedBodyWorkspace& ws);

// Alg 9 lines 6-17: elimination and bias pass in one sweep; blocks (may be null) are added to
// the free joints' pivots as in Alg 10 line 10. On entry ws.bodies[i].inertia = M_i (plus any
// maximal block, Alg 10 line 7) and .bias = the body's own bias force. Hybrid exactly when
// in.prescribed is set; cross (may be null) as JointCrossBlocks says. False if some S^T M^ S + P_j
// is not positive definite.
bool eliminateWithBiasForces(const Model& model, const TreeKinematics& kin, const ArticulatedInput& in,
                             const JointBlocks* blocks, ArticulatedBodyWorkspace& ws,
                             const JointCrossBlocks* cross = nullptr);

// Alg 9 lines 18-28 / Alg 10 lines 19-22: out receives qddot of free joints and, for driven
// joints, the joint force beyond in.jointForce that their prescribed acceleration needs.
void propagateAccelerations(const Model& model, const TreeKinematics& kin, const ArticulatedInput& in,
                            ArticulatedBodyWorkspace& ws, VectorX& out);

}  // namespace articulab
