// Bilateral staggered projections (BISP, sueda notes 2.11, Alg 8, eq 2.115-2.118) for joint
// friction in reduced coordinates, shared by the reduced back-ends. The back-end supplies the
// step's frictionless next velocity v0 and K T^T, the response of the next velocity to unit
// friction impulses on the friction axes (K = A^-1 of its velocity solve, restricted to its
// loop closures if any), so that with friction impulses beta
//   qdot'(beta) = v0 + K T^T beta,
// T (axes x nq) holding per friction axis k of joint j the row d_k^T S_j at j's coordinates
// (d_k the friction direction in the joint frame, S_j the joint basis: d_k^T S_j qdot_j is the
// joint's relative velocity along d_k, and T^T beta the generalized impulse of the wrench pair
// +-d_k beta the joint exerts on child and parent). Alternately (Alg 8):
//   reactions: the joint reaction wrenches of qdot'(beta) (jointReactionWrenches, the back-end
//              adds its loop-closure forces), giving the bounds b_k = h jointFrictionBound;
//   friction QP (2.114): min 1/2 beta^T W beta + beta^T T v0,  |beta_k| <= b_k,  W = T K T^T,
// maximal dissipation: it minimises the relative velocity along the axes at the end of the step
// in the K^-1 norm. The per-contact normal impulses of eq 2.118 are not formed: each joint type's
// bound is the closed form of joint_friction.hpp (the least contact forces that carry the
// wrench, which is what the eps I of eq 2.118 selects).
// Stops when the bounds stop changing, max_k |b_k - b_k^0| <= tolerance max_k |b_k| (relative,
// Alg 8 line 18 with the bounds, which carry the reaction forces into the friction QP), or at
// the iteration cap; the last friction QP always uses the last bounds, so friction never adds
// energy even at the cap. W is symmetrised ((W + W^T)/2: the damping Jacobian makes K slightly
// non-symmetric) and regularised by eps = regularisation x its largest diagonal (the eps I of
// eq 2.118; a four-bar's four joints share one DOF, W has rank 1). Allocates nothing after
// construction.
#pragma once

#include <vector>

#include "engine/contact/box_qp.hpp"
#include "engine/contact/joint_friction.hpp"

namespace articulab::contact {

struct BispSettings {
  double tolerance = 1e-10;       // relative change of the friction bounds
  int maxIterations = 50;         // friction QP solves per step
  double regularisation = 1e-10;  // eps / largest diagonal of W
  BoxQpSettings qp;
};

struct BispResult {
  bool ok = true;            // every friction QP met its KKT conditions
  int iterations = 0;        // friction QP solves
  double change = 0.0;       // last relative change of the bounds
};

class BilateralStaggeredProjections {
 public:
  explicit BilateralStaggeredProjections(const Model& model = Model{});
  int axes() const { return axes_; }
  bool active() const { return axes_ > 0; }
  // T at the kinematics kin (joint bases S at the step's q).
  void assembleDirections(const Model& model, const TreeKinematics& kin);
  const MatrixX& directions() const { return T_; }
  // Alg 8 on qdot'(beta) = v0 + KT beta. reactions(beta, qd, wrench) fills the joint reaction
  // wrenches (body coordinates, jointReactionWrenches) of the velocity qd. Returns in qd the
  // final velocity; impulses() holds beta.
  template <class Reactions>
  BispResult solve(const Model& model, const TreeKinematics& kin, const VectorX& v0, const MatrixX& KT, double h,
                   Reactions&& reactions, const BispSettings& settings, VectorX& qd);
  const VectorX& impulses() const { return beta_; }
  const VectorX& upperBounds() const { return upper_; }
  const std::vector<Vector6>& reactionWrenches() const { return wrench_; }

 private:
  // W, c = T v0 and the regularisation of the step.
  void prepare(const VectorX& v0, const MatrixX& KT, const BispSettings& settings);
  // New bounds h b_k from wrench_; returns their relative change.
  double updateBounds(const Model& model, const TreeKinematics& kin, double h);
  bool solveFrictionQp(const BispSettings& settings);

  int axes_ = 0;
  std::vector<int> firstAxis_;      // per joint, its first friction axis (-1: none)
  std::vector<Vector6> bodyAxes_;   // per axis, Ad(E_jc)^T d_k: d_k against body twists
  MatrixX T_, W_;
  VectorX c_, minusC_, beta_, lower_, upper_, newUpper_;
  std::vector<Vector6> wrench_;
  double shift_ = 0.0;
  BoxQp qp_;
};

template <class Reactions>
BispResult BilateralStaggeredProjections::solve(const Model& model, const TreeKinematics& kin, const VectorX& v0,
                                                const MatrixX& KT, double h, Reactions&& reactions,
                                                const BispSettings& settings, VectorX& qd) {
  BispResult result;
  prepare(v0, KT, settings);
  beta_.setZero();
  upper_.setZero();
  for (;;) {
    qd = v0;
    qd.noalias() += KT * beta_;
    reactions(beta_, qd, wrench_);                   // Alg 8 lines 10-13
    result.change = updateBounds(model, kin, h);     // line 15: the joints' contact loads
    result.ok = solveFrictionQp(settings) && result.ok;  // lines 23-24
    ++result.iterations;
    if (result.change <= settings.tolerance || result.iterations >= settings.maxIterations) break;
  }
  qd = v0;
  qd.noalias() += KT * beta_;  // line 26
  return result;
}

}  // namespace articulab::contact
