// The linearly implicit Euler velocity of sueda eq 2.77-2.79 in O(n): the joint springs and
// dampers (K_r, D_r, eq 2.78), the mouse spring and the force elements (maximal K_m, D_m of
// engine/forces/implicit_elements.hpp) are taken at the end of the step; gravity, Coriolis and
// every other force stay explicit. With a = (qdot' - qdot) / h and J_e the body Jacobian rows of
// an element's bodies,
//   (M_r + h D_r + h^2 K_r + sum_e J_e^T (h D_e + h^2 K_e) J_e) a = f_r - h K_r qdot - h sum_e J_e^T K_e phi_e.
// An element on one body (the other end in the world, a point force, the mouse spring) joins
// that body's inertia, P = h D + h^2 K, as in Alg 10 line 7, and its velocity-product term
// P Jdot qdot is given back as a wrench; h D_r + h^2 K_r join the joint pivots. The system is
// then one hybrid-dynamics pass (Alg 9). An element between two bodies couples them, G = L U^T
// with U = J_e^T, L = J_e^T H_e (rank 12 per element). While 12 m < nq for m such elements it
// enters by the Woodbury identity,
//   (A + L U^T)^-1 r = A^-1 r - A^-1 L (I + U^T A^-1 L)^-1 U^T A^-1 r,
// where each A^-1 column is one O(n) pass of Alg 10 on the elimination already done: O(n m)
// plus a dense 12m x 12m solve. With more elements (a spring chain has m = n - 1) that solve
// would be the cost, O((12 m)^3), so the step solves (I + A^-1 G) a = A^-1 r instead, whose nq
// columns are one O(n + m) product with G and one Alg 10 pass each: O(n (n + m)) plus a dense
// nq x nq solve, RedMax's order. Driven joints get qdot'_d = qdot_d + h qddot_d (their rows of L
// are zero, so the correction leaves them alone).
#pragma once

#include <Eigen/LU>

#include "engine/forces/element_jacobians.hpp"
#include "engine/solvers/recursive/hybrid_dynamics.hpp"
#include "engine/solvers/recursive/jacobian_products.hpp"

namespace articulab {

// Workspace of the coupling part: by Woodbury (one 12-column block per coupled pair) or
// dense (nq columns), whichever is smaller; sized for that one only.
struct ElementCoupling {
  std::vector<std::pair<int, int>> pairs;  // coupled bodies (coupledBodyPairs), one 12 x 12 block each
  std::vector<Matrix12> H;         // h D + h^2 K per element
  bool dense = false;              // 12 m >= nq: solve (I + A^-1 G) a = A^-1 r
  MatrixX W;                       // Woodbury: A^-1 L, nq x 12m
  MatrixX capacitance;             // Woodbury: I + U^T A^-1 L, 12m x 12m; dense: I + A^-1 G, nq x nq
  Eigen::PartialPivLU<MatrixX> lu;
  VectorX projected, weights;      // U^T A^-1 r, then the capacitance solve, 12m (dense: nq)
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
void springImplicitVelocity(const Model& model, const VectorX& q, const VectorX& qd, const ForceInputs& inputs,
                            const VectorX& prescribed, double h, HybridDynamicsWorkspace& dynamics,
                            SpringImplicitWorkspace& ws, VectorX& qdNext);

}  // namespace articulab
