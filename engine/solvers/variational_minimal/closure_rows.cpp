#include "engine/solvers/variational_minimal/closure_rows.hpp"

#include <algorithm>
#include <cmath>

#include "engine/constraints/loop_residual.hpp"
#include "engine/constraints/loop_rows.hpp"

namespace articulab::variational_minimal {

namespace {

// G(first .. first + rows, :) += W Ad_{b,j} A_j over the joints j from `body` to the root,
// W (rows x 6) the residual's derivative in the body twist of `body` (body axes).
void addClosurePath(const Model& model, const TreeKinematics& kin, int body, Matrix6 W, int rows, int first, MatrixX& G) {
  for (int b = body; b >= 0; b = model.joints[b].parent) {
    const Joint& joint = model.joints[b];
    const BodyKinematics& k = kin.bodies[b];
    for (int c = 0; c < joint.nq; ++c) {
      const Vector6 column = k.AdS.col(c);
      for (int r = 0; r < rows; ++r) G(first + r, joint.qIndex + c) += W.row(r).dot(column);
    }
    W = W * k.E_pi.adjoint();  // phi_b = Ad_bp phi_p + A_b qdot_b
  }
}

}  // namespace

int closureRowCount(const Model& model) { return constraints::totalLoopRows(model); }

void closureRows(const Model& model, const TreeKinematics& kin, VectorX& g, MatrixX& G) {
  G.setZero();
  int first = 0;
  for (const LoopConstraint& loop : model.loops) {
    const Matrix4 world = Matrix4::Identity();
    const Matrix4 E_0A = loop.bodyA >= 0 ? kin.bodies[loop.bodyA].worldPose() : world;
    const Matrix4 E_0B = loop.bodyB >= 0 ? kin.bodies[loop.bodyB].worldPose() : world;
    constraints::PoseResidual residual;
    constraints::loopResidual(loop, E_0A, E_0B, residual);
    g.segment(first, residual.rows) = residual.g.head(residual.rows);
    if (loop.bodyA >= 0) addClosurePath(model, kin, loop.bodyA, residual.JA, residual.rows, first, G);
    if (loop.bodyB >= 0) addClosurePath(model, kin, loop.bodyB, residual.JB, residual.rows, first, G);
    first += residual.rows;
  }
}

// As redmax_loops' Schur solve: P S Q = L U, the leading rank x rank block solved, the rest zero.
double solveRankRevealing(const Eigen::FullPivLU<MatrixX>& lu, const MatrixX& S, const VectorX& b, VectorX& work,
                          VectorX& x) {
  const long n = b.size();
  if (n == 0) return 0.0;
  const long rank = lu.rank();
  work.noalias() = lu.permutationP() * b;
  const auto LU = lu.matrixLU().topLeftCorner(rank, rank);
  LU.triangularView<Eigen::UnitLower>().solveInPlace(work.head(rank));
  LU.triangularView<Eigen::Upper>().solveInPlace(work.head(rank));
  work.tail(n - rank).setZero();
  x.noalias() = lu.permutationQ() * work;
  double unmet = 0.0;
  for (long r = 0; r < n; ++r) unmet = std::max(unmet, std::abs(b[r] - S.row(r).dot(x)));
  return unmet;
}

}  // namespace articulab::variational_minimal
