// Iterative refinement of the constrained solve with the factor of nearby rows (Golub and
// Van Loan, sec. 3.5.3). After a post-stabilised step, H is factored at the poses before the
// projection; the next step's rows, at the projected poses, differ from them by the last
// projection correction (O(h^3)), so one correction solve with the residual of the exact rows
// brings the solution within about 1e-10 relative of the direct solve, and the step needs no
// factor of its own.
#include <algorithm>

#include "engine/solvers/baraff/anticipation.hpp"

namespace articulab::baraff {

namespace {
// A correction larger than this, relative to the solution, means the factor is not close
// enough to the rows. The error left after one correction is of the order of the square of
// the relative correction (measured: 7e-13 for a correction of 1e-6, 6e-11 for 3e-5; on the
// standard chain's steps, corrections up to 2e-5, at most 1.2e-10 from the direct solve).
constexpr double kAcceptedCorrection = 1e-4;
constexpr double kAccelerationFloor = 1e-12;  // rad/s^2 or m/s^2: below this a is zero

// A rotor (PrimaryConstraint::armature) takes the acceleration its row gives, qddot =
// rotorRow . relative + rotorRhs (relative = a_c - Ad_cp a_p), so its own residuals are zero and
// its torque armature qddot acts back on the child and the parent.
void subtractRotorTorque(int i, int p, const Vector6& relative, PrimaryConstraint& c, std::vector<Vector6>& body) {
  const Vector6 wrench = (c.armature * (c.rotorRow.dot(relative) + c.rotorRhs)) * c.rotorRow;
  body[i] -= wrench;
  if (p >= 0) body[p].noalias() += c.Ad_cp.transpose() * wrench;
  c.rotorRhs = 0.0;
}

// Body residuals F + G^T lambda + J_a^T mu - M a into `body`; row residuals r - G a, r_a - J_a a
// over the rows' right-hand sides.
void replaceByResidual(const Model& model, ConstraintSystem& system, const std::vector<Vector6>& F,
                       const ConstrainedSolution& x, std::vector<Vector6>& body) {
  const int n = model.bodyCount();
  for (int i = 0; i < n; ++i) body[i] = F[i] - model.bodies[i].M * x.a[i];
  for (int i = 0; i < n; ++i) {
    PrimaryConstraint& c = system.primary[i];
    if (c.rows == 0) continue;
    const int p = model.joints[i].parent;
    Vector6 relative = x.a[i];
    if (p >= 0) relative.noalias() -= c.Ad_cp * x.a[p];
    if (c.armature != 0.0) subtractRotorTorque(i, p, relative, c, body);
    c.rhs.noalias() -= c.GcPadded * relative;
    Vector6 lambda = Vector6::Zero();
    lambda.head(c.rows) = x.lambda[i];
    const Vector6 wrench = c.GcPadded.transpose() * lambda;
    body[i] += wrench;
    if (p >= 0) body[p].noalias() -= c.Ad_cp.transpose() * wrench;
  }
  for (int r = 0; r < system.auxiliaryCount(); ++r) {
    ConstraintRow& row = system.auxiliary[r];
    if (row.bodyA >= 0) {
      row.rhs -= row.jA.dot(x.a[row.bodyA]);
      body[row.bodyA] += x.mu[r] * row.jA.transpose();
    }
    if (row.bodyB >= 0) {
      row.rhs -= row.jB.dot(x.a[row.bodyB]);
      body[row.bodyB] += x.mu[r] * row.jB.transpose();
    }
  }
}

}  // namespace

bool AnticipationSolver::solveRefined(const Model& model, ConstraintSystem& system, const std::vector<Vector6>& F,
                                      ConstrainedSolution& out, SolveReport& report) {
  solve(system, F, out, report);
  if (!report.ok) return false;
  replaceByResidual(model, system, F, out, residual_);
  solve(system, residual_, correction_, report);
  if (!report.ok) return false;
  double change = 0.0, size = kAccelerationFloor;
  for (std::size_t i = 0; i < out.a.size(); ++i) {
    change = std::max(change, correction_.a[i].cwiseAbs().maxCoeff());
    size = std::max(size, out.a[i].cwiseAbs().maxCoeff());
    out.a[i] += correction_.a[i];
    out.lambda[i] += correction_.lambda[i];
  }
  out.mu += correction_.mu;
  return change <= kAcceptedCorrection * size;
}

}  // namespace articulab::baraff
