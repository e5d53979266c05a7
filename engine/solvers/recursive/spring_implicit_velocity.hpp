// The linearly implicit Euler velocity of sueda eq 2.77-2.79 in O(n): the joint springs and
// dampers (K_r, D_r, eq 2.78) and the perturbation spring, as a maximal stiffness and damping
// of its body (K_m = k Gamma^T Gamma, D_m = c Gamma^T Gamma), are taken at the end of the step;
// gravity, Coriolis and every other force stay explicit. The matrix is Alg 10's preconditioner
// form, so with a = (qdot' - qdot) / h
//   (M_r + h D_r + h^2 K_r + J^T (h D_m + h^2 K_m) J) a = f_r - h K_r qdot - h J^T K_m phi
// is one hybrid-dynamics pass (Alg 9) with h D_r + h^2 K_r added to the joint pivots and
// P_m = h D_m + h^2 K_m to the perturbed body's inertia; its velocity-product term P_m Jdot qdot
// is given back as a wrench. Driven joints get qdot'_d = qdot_d + h qddot_d. Without springs,
// dampers and perturbation this is semi-implicit Euler.
#pragma once

#include "engine/solvers/recursive/hybrid_dynamics.hpp"
#include "engine/solvers/recursive/jacobian_products.hpp"

namespace articulab {

struct SpringImplicitWorkspace {
  JointBlocks blocks;             // h D_r + h^2 K_r per joint
  BodyVectors velocityProduct;    // Jdot qdot per body, up to the perturbed body
  VectorX acceleration, drivenForce;
  explicit SpringImplicitWorkspace(const Model& model = Model{});
};

// qdNext at (q, qdot); dynamics.kin must hold computeRecursiveKinematics at (q, qdot).
// prescribed holds the accelerations of driven joints. A singular system gives NaN.
void springImplicitVelocity(const Model& model, const VectorX& q, const VectorX& qd, const Perturbation& pert,
                            const VectorX& prescribed, double h, HybridDynamicsWorkspace& dynamics,
                            SpringImplicitWorkspace& ws, VectorX& qdNext);

}  // namespace articulab
