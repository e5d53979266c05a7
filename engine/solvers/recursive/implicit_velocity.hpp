// The linearly implicit Euler velocity of the recursive back-end (sueda eq 2.77-2.79): the same
// system as RedMax's, with every force linearised,
//   A qdot' = M_r qdot + h (f_r + D qdot),   A = M_r + h D + h^2 K+,
// K = -df_r/dq made positive semidefinite by projectToPositiveSemidefinite, D = -df_r/dqdot.
// Nothing but K+ is formed: GMRES, left-preconditioned by Alg 10 with the joints' own springs
// and dampers (M_r + h D_r + h^2 K_r)^-1, multiplies by
//   M_r in O(n) (Alg 5-6),
//   D   in O(n): two evaluations of the O(n) force, D x = (f(qdot - s x) - f(qdot + s x)) / 2s,
//       exact up to rounding because f_r is quadratic in qdot,
//   K+  densely, O(n^2).
// K itself takes 2 nq evaluations of the O(n) force generalizedForce by central differences
// (stiffnessByDifferences), O(n^2), and its projection a symmetric eigen-decomposition,
// O(n^3), which dominates from a few hundred coordinates on. Driven joints get the rows
// qdot'_d = qdot_d + h qddot_d. Should GMRES miss the tolerance within maxIterations, the step
// forms A from the same products (O(n^2)) and solves it by LU (O(n^3)), as RedMax does.
#pragma once

#include <Eigen/LU>

#include "engine/algorithm/force_jacobians.hpp"
#include "engine/algorithm/inverse_dynamics.hpp"
#include "engine/solvers/recursive/articulated_body.hpp"
#include "engine/solvers/recursive/gmres.hpp"
#include "engine/solvers/recursive/jacobian_products.hpp"

namespace articulab {

struct ImplicitSolveReport {
  KrylovReport krylov;
  bool denseFallback = false;  // GMRES missed the tolerance and the dense LU solve was used
};

class ImplicitVelocity {
 public:
  explicit ImplicitVelocity(const Model& model);

  // qdNext solves the system at the state's (q, qdot); prescribed holds the accelerations of
  // driven joints. GMRES stops at a relative preconditioned residual of `tolerance`.
  ImplicitSolveReport solve(const Model& model, const State& state, double h, const VectorX& prescribed,
                            VectorX& qdNext);

  // y = A^-1 x for the system of the last solve() (the same state and h): GMRES with the same
  // preconditioner and tolerance, or the LU of the dense fallback when the step needed it. The
  // rows of driven joints give y_d = x_d. For the step's velocity response to a contact or
  // joint-friction impulse (engine/contact/reduced_contact.hpp, BISP).
  KrylovReport applyInverse(const Model& model, const State& state, double h, const VectorX& x, VectorX& y);

  static constexpr double defaultTolerance = 1e-10;
  int maxIterations;  // GMRES (Arnoldi) steps before the dense fallback; 4 nq + 20 by default
  double tolerance = defaultTolerance;

 private:
  void computeProjectedStiffness(const Model& model, const State& state);
  // out = D x at the state, by two force evaluations along x.
  void dampingProduct(const Model& model, const State& state, const VectorX& x, VectorX& out);
  // out = A x, with the rows of driven joints replaced by x_d.
  void systemProduct(const Model& model, const State& state, double h, const VectorX& x, VectorX& out);
  void assembleRightHandSide(const Model& model, const State& state, double h, const VectorX& prescribed);
  void setPreconditionerBlocks(const Model& model, double h);
  // A column by column from the O(n) products and K+, then its LU (once per solve()).
  void factorDensely(const Model& model, const State& state, double h);

  TreeKinematics kin_;  // at (q, qdot); D products move its velocities only
  InverseDynamicsWorkspace inverseDynamics_;
  ArticulatedBodyWorkspace preconditioner_;
  ForceJacobianWorkspace projection_;  // force and eigen-decomposition buffers for K+
  Gmres gmres_;
  MatrixX K_;
  MatrixX dense_;  // A, formed only by the fallback
  Eigen::PartialPivLU<MatrixX> lu_;
  JointBlocks blocks_;
  BodyVectors twist_, wrench_;
  VectorX force_, forcePlus_, forceMinus_, qdPerturbed_, rhs_, product_, unit_, column_;
  bool hybrid_ = false;
  bool denseFactored_ = false;  // lu_ holds A of the last solve()
};

}  // namespace articulab
