// The linearly implicit Euler velocity of sueda eq 2.77-2.79 in O(n): the joint springs and
// dampers (K_r, D_r, eq 2.78), the mouse spring and the force elements (maximal K_m, D_m of
// engine/forces/implicit_elements.hpp) are taken at the end of the step; gravity, Coriolis and
// every other force stay explicit. With a = (qdot' - qdot) / h and J_e the body Jacobian rows of
// an element's bodies,
//   (M_r + h D_r + h^2 K_r + sum_e J_e^T (h D_e + h^2 K_e) J_e) a = f_r - h K_r qdot - h sum_e J_e^T K_e phi_e.
// An element on one body (the other end in the world, a point force, the mouse spring) joins
// that body's inertia, P = h D + h^2 K, as in Alg 10 line 7, and its velocity-product term
// P Jdot qdot is given back as a wrench; h D_r + h^2 K_r join the joint pivots. The system is
// then one hybrid-dynamics pass (Alg 9). An element between two bodies couples them,
// G_e = J_e^T H_e J_e with H_e = h D_e + h^2 K_e.
//
// Between a body i and its parent p (free joint: a muscle or spring across one joint) the term
// folds into the elimination exactly, in O(1). With delta = J a the body accelerations less
// Jdot qdot, delta_i = X delta_p + S qddot_i (X = Ad_ip, S = Ad_iJ S), so over (delta_p, qddot_i)
//   [delta_p; delta_i]^T H [delta_p; delta_i] = delta_p^T A delta_p + 2 delta_p^T C qddot_i + qddot_i^T B qddot_i,
//   A = H_pp + H_pi X + X^T H_ip + X^T H_ii X,   C = (H_pi + X^T H_ii) S,   B = S^T H_ii S.
// A joins p's inertia (as a one-body term, with -A Jdot qdot_p in its bias), B joins joint i's
// pivot, and C joins the elimination of joint i: its equation gains C^T delta_p, so with
// C' = X^-T C = (X^-T H_pi + H_ii) S the child's
//   qddot_i = Psi (u + C^T Jdot qdot_p - (U + C')^T X a_p),   Psi = (S^T M^ S + P_i + B)^-1,
// and minimising over qddot_i leaves the parent X^T (M^ - U' Psi U'^T) X + A with U' = U + C':
// the articulated-body passes with U replaced by U' after Psi (JointCrossBlocks), and
// C^T Jdot qdot_p added to the joint force.
//
// Elements between bodies farther apart (G = L U^T, L = J_e^T H_e, U = J_e^T, rank 12 each):
// while 12 m < nq for m such elements they enter by the Woodbury identity,
//   (A + L U^T)^-1 r = A^-1 r - A^-1 L (I + U^T A^-1 L)^-1 U^T A^-1 r,
// where each A^-1 column is one O(n) pass of Alg 10 on the elimination already done: O(n m)
// plus a dense 12m x 12m solve. With more elements that solve would be the cost, O((12 m)^3),
// so the step solves (I + A^-1 G) a = A^-1 r instead, whose nq columns are one O(n + m)
// product with G and one Alg 10 pass each: O(n (n + m)) plus a dense nq x nq solve, RedMax's
// order. A chain of springs or muscles across single joints (spring_chain, muscle_snake) is
// all folded: one O(n + m) pass. Driven joints get qdot'_d = qdot_d + h qddot_d (their rows of
// L are zero, so the correction leaves them alone; elements at a driven joint are not folded).
#pragma once

#include <Eigen/LU>

#include "engine/forces/element_jacobians.hpp"
#include "engine/solvers/recursive/hybrid_dynamics.hpp"
#include "engine/solvers/recursive/jacobian_products.hpp"

namespace articulab {

// Workspace of the coupling part: by Woodbury (one 12-column block per coupled pair) or
// dense (nq columns), whichever is smaller; sized for that one only.
struct ElementCoupling {
  std::vector<char> folded;                // per coupledBodyPairs entry: a body and its parent, folded
  std::vector<std::pair<int, int>> pairs;  // the other coupled bodies, one 12 x 12 block each
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
  JointBlocks blocks;             // h D_r + h^2 K_r per joint, plus B of folded elements
  JointCrossBlocks cross;         // C' of folded elements per joint
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

// y = A^-1 x for the system of the last springImplicitVelocity (its elimination in
// dynamics.articulated, its coupling factors in ws.coupling): one Alg 10 pass, then the same
// coupling correction as the step (Woodbury or dense), O(n) plus O(n m) for m coupled pairs.
// The rows of driven joints give y_d = x_d. For the step's velocity response to a contact or
// joint-friction impulse.
void applySpringImplicitInverse(const Model& model, HybridDynamicsWorkspace& dynamics, SpringImplicitWorkspace& ws,
                                const VectorX& x, VectorX& y);

}  // namespace articulab
