// The linearly implicit Euler velocity of sueda eq 2.77-2.79 in O(n): the joint springs and
// dampers (K_r, D_r, eq 2.78), the mouse spring and the force elements (maximal K_m, D_m of
// engine/forces/implicit_elements.hpp) are taken at the end of the step; gravity, Coriolis and
// every other force stay explicit. With a = (qdot' - qdot) / h and J_e the body Jacobian rows of
// an element's bodies,
//   (M_r + h D_r + h^2 K_r + sum_e J_e^T (h D_e + h^2 K_e) J_e) a = f_r - h K_r qdot - h sum_e J_e^T K_e phi_e.
// An element on one body (the other end in the world, a point force, the mouse spring) joins
// that body's inertia, P = h D + h^2 K, as in Alg 10 line 7, and its velocity-product term
// P Jdot qdot is given back as a wrench; h D_r + h^2 K_r join the joint pivots. The system is
// then one hybrid-dynamics pass (Alg 9). An element between two bodies couples them; it enters
// by the Woodbury identity with rank 12 per element,
//   (A + L U^T)^-1 r = A^-1 r - A^-1 L (I + U^T A^-1 L)^-1 U^T A^-1 r,  U = J_e^T, L = J_e^T H_e,
// where each A^-1 column is one O(n) pass of Alg 10 on the elimination already done: O(n m)
// for m such elements plus a dense 12m x 12m solve. Driven joints get qdot'_d = qdot_d + h qddot_d
// (their rows of L are zero, so the correction leaves them alone).
#pragma once

#include <Eigen/LU>

#include "engine/forces/element_jacobians.hpp"
#include "engine/solvers/recursive/hybrid_dynamics.hpp"
#include "engine/solvers/recursive/jacobian_products.hpp"

namespace articulab {

// Workspace of the coupling (Woodbury) part: one 12-column block per two-body element.
struct ElementCoupling {
  std::vector<int> elements;       // indices into model.forces with both ends on bodies
  std::vector<Matrix12> H;         // h D + h^2 K per element
  MatrixX W;                       // A^-1 L, nq x 12m
  MatrixX capacitance;             // I + U^T A^-1 L, 12m x 12m
  Eigen::PartialPivLU<MatrixX> lu;
  VectorX projected, weights;      // U^T A^-1 r, then the capacitance solve, 12m
  VectorX bodyVector, twists, twistRates, column, solved;  // 6n, 6n, 6n, nq, nq
  BodyVectors alpha;
  explicit ElementCoupling(const Model& model = Model{});
};

struct SpringImplicitWorkspace {
  JointBlocks blocks;             // h D_r + h^2 K_r per joint
  BodyVectors velocityProduct;    // Jdot qdot per body
  VectorX acceleration, drivenForce;
  ElementJacobians jacobians;
  ElementCoupling coupling;
  explicit SpringImplicitWorkspace(const Model& model = Model{});
};

// qdNext at (q, qdot); dynamics.kin must hold computeKinematics at (q, qdot).
// prescribed holds the accelerations of driven joints. A singular system gives NaN.
void springImplicitVelocity(const Model& model, const VectorX& q, const VectorX& qd, const Perturbation& pert,
                            const VectorX& prescribed, double h, HybridDynamicsWorkspace& dynamics,
                            SpringImplicitWorkspace& ws, VectorX& qdNext);

}  // namespace articulab
