// Primary constraint rows of each tree joint at the current maximal state (sueda eq 1.69):
//   delta = Ad(E_jc) (phi_c - Ad_cp phi_p)  is the relative twist in the joint frame,
//   P^T delta = 0                           holds at the velocity level, and differentiating
//   Gc a_c + Gp a_p = P^T Sdot qdot - Gc ad(phi_c) Ad_cp phi_p   at the acceleration level,
// with Gc = P^T Ad(E_jc) and Gp = -Gc Ad_cp. The same accelerations follow from RedMax's
// phidot_c = Ad_cp phidot_p + dAd_cp phi_p + Ad_cJ (S qddot + Sdot qdot) (eq 2.15-2.17).
// Everything that does not depend on the state (Ad(E_jc), P, Gc, the pseudo-inverse of S for
// joints with constant S) is computed once per model.
#pragma once

#include <vector>

#include "engine/multibody/model.hpp"
#include "engine/solvers/baraff/constraint_system.hpp"

namespace articulab::baraff {

// The parts of joint i's rows that stay constant, padded to six rows with zeros.
struct JointConstants {
  int rows = 0;
  // S constant, Sdot = 0 and P constant: fixed, revolute, prismatic, planar, translational.
  bool constantAxes = false;
  Matrix6 Pt = Matrix6::Zero();     // P^T (constant unless the joint is universal)
  Matrix6 Gc = Matrix6::Zero();     // P^T Ad(E_jc)
  Matrix6 embed = Matrix6::Zero();  // Gc^T (Gc Gc^T)^-1, and the free directions, as in PrimaryConstraint
  Matrix6 freeAxes = Matrix6::Zero();
  Matrix6 Ad_Jc = Matrix6::Identity(), Ad_cJ = Matrix6::Identity();  // Ad(E_jc) and its inverse
  Matrix6 Splus = Matrix6::Zero();  // (S^T S)^-1 S^T in its first nq rows, when constantAxes
  Matrix3 R_jp = Matrix3::Identity(), R_cj = Matrix3::Identity();  // E_pj^-1 and E_jc^-1
  Vector3 p_jp = Vector3::Zero(), p_cj = Vector3::Zero();
  bool unrotatedFrames = true;  // R_jp = R_cj = I: Q needs no rotation products
  Vector3 u = Vector3::Zero(), w = Vector3::Zero();  // revolute: axis.unitOrthogonal() and axis x u
  double armature = 0.0;  // the rotor of a revolute or prismatic joint (PrimaryConstraint::armature)
  Vector6 rotorRow = Vector6::Zero();
};

// Whether the back-end carries joint's armature: on a revolute or prismatic joint (one free
// direction, a constant axis); other joints with armature are refused (BaraffSolver::supports).
bool carriesArmature(const Joint& joint);

class PrimaryConstraints {
 public:
  explicit PrimaryConstraints(const Model& model = Model{});
  // The parts of joint i's rows that stay constant (all but the universal joint's rows).
  void initialize(int i, PrimaryConstraint& out) const;
  // Recovers joint i's q (State layout) from the body poses and fills its rows and, when
  // withError is set, the position violation g = P^T log(Q(q)^-1 Q) (else g = 0). Without
  // allCoordinates a revolute joint's q, which its g does not need, is left as it was (poses
  // that the projection moves on). `out` was initialize()d.
  void assembleRows(const Model& model, int i, const std::vector<Matrix4>& E_0i, bool withError,
                    bool allCoordinates, VectorX& q, PrimaryConstraint& out) const;
  // qdot, the bias and the velocity violation G phi at the twists, at the poses of the last
  // assembleRows().
  void updateVelocity(const Model& model, int i, const std::vector<Vector6>& phi, const VectorX& q, VectorX& qd,
                      PrimaryConstraint& out) const;
  // Only the velocity violation G phi at new twists, at the poses of the last assembleRows().
  void updateVelocityViolation(const Model& model, int i, const std::vector<Vector6>& phi, PrimaryConstraint& out) const;

 private:
  // P^T of joint i at q: the constant one, or the universal joint's in scratch.
  const Matrix6& basis(const Joint& joint, int i, const double* q, Matrix6& scratch) const;

  std::vector<JointConstants> joints_;
};

// Joint accelerations qddot from body accelerations a: the least-squares solution of
// S qddot = Ad(E_jc) (a_c - Ad_cp a_p + ad(phi_c) Ad_cp phi_p) - Sdot qdot (eq 2.15-2.17).
void jointAccelerations(const Model& model, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi,
                        const std::vector<Vector6>& a, const VectorX& q, const VectorX& qd, VectorX& qdd);

}  // namespace articulab::baraff
