#include "engine/contact/staggered_projections.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace articulab::contact {

namespace {
constexpr double kStaggeredInfinity = std::numeric_limits<double>::infinity();
// The active-set step is tried from this iteration on (its active sets recorded from the one
// before): SP's linear tail starts about there (docs/performance.md), and steps that converge
// sooner keep plain SP's iterates.
constexpr int kFirstActiveSetStep = 5;
}  // namespace

StaggeredProjections::StaggeredProjections(int normalCapacity, int frictionCapacity)
    : qp_(std::max(normalCapacity, frictionCapacity)),
      lowerN_(VectorX::Zero(normalCapacity)),
      upperN_(VectorX::Constant(normalCapacity, kStaggeredInfinity)),
      lowerT_(VectorX::Zero(frictionCapacity)),
      upperT_(VectorX::Zero(frictionCapacity)),
      rhsN_(VectorX::Zero(normalCapacity)),
      rhsT_(VectorX::Zero(frictionCapacity)),
      previous_(VectorX::Zero(normalCapacity + frictionCapacity)),
      change_(VectorX::Zero(normalCapacity + frictionCapacity)),
      product_(VectorX::Zero(normalCapacity + frictionCapacity)),
      activeSet_(normalCapacity, frictionCapacity) {}

void StaggeredProjections::setFrictionBounds(const std::vector<FrictionRows>& contacts, int contactCount, int axes,
                                             const Eigen::Ref<const VectorX>& alpha) {
  for (int c = 0; c < contactCount; ++c) {
    const FrictionRows& rows = contacts[c];
    const double limit = rows.bound * std::max(0.0, alpha[rows.normal]);
    lowerT_.segment(rows.firstAxis, axes).setConstant(-limit);
    upperT_.segment(rows.firstAxis, axes).setConstant(limit);
  }
}

StaggeredProjectionResult StaggeredProjections::solve(const Eigen::Ref<const MatrixX>& A,
                                                      const Eigen::Ref<const VectorX>& b, int normals, int equalities,
                                                      const std::vector<FrictionRows>& contacts, int contactCount,
                                                      int axes, Eigen::Ref<VectorX> alpha, Eigen::Ref<VectorX> beta,
                                                      const StaggeredProjectionSettings& settings) {
  StaggeredProjectionResult result;
  const int nn = normals, nt = static_cast<int>(beta.size());
  const auto Ann = A.topLeftCorner(nn, nn);
  const auto Ant = A.block(0, nn, nn, nt);
  const auto Att = A.block(nn, nn, nt, nt);
  auto lowerN = lowerN_.head(nn), upperN = upperN_.head(nn), rhsN = rhsN_.head(nn);
  lowerN.head(equalities).setConstant(-kStaggeredInfinity);
  lowerN.tail(nn - equalities).setZero();
  upperN.setConstant(kStaggeredInfinity);
  alpha.setZero();
  activeSet_.reset();
  bool normalSettled = false, jumped = false, newtonPoint = false;
  bool frictionConsistent = false;  // the Newton point's friction rows kept their classes through the friction QP
  BoxQpSettings contactSettings = settings.qp, frictionSettings = settings.qp;
  contactSettings.diagonalShift = nn > 0 ? settings.regularisation * Ann.diagonal().maxCoeff() : 0.0;
  frictionSettings.diagonalShift = nt > 0 ? settings.regularisation * Att.diagonal().maxCoeff() : 0.0;
  while (true) {
    ++result.iterations;
    rhsN.noalias() = b.head(nn);  // CONTACT (line 11)
    rhsN.noalias() -= Ant * beta;
    const BoxQpResult contactQp = qp_.solve(Ann, rhsN, lowerN, upperN, alpha, contactSettings);
    if (!contactQp.converged) {
      result.ok = false;
      result.failure = contactQp.unbounded ? "contact QP unbounded (conflicting constraints)" : "contact QP not converged";
      return result;
    }
    result.change = forceChange(A, alpha, beta, result.iterations, settings.tolerance, normalSettled);  // CONVERGENCE CHECK (line 14)
    result.converged = result.change <= settings.tolerance;
    if (newtonPoint && !(frictionConsistent && activeSet_.sameNormalRows(alpha, equalities))) {
      result.converged = false;  // not SP's fixed point: its sets are not tried again
      activeSet_.rejectClassified();
    }
    if (result.converged || result.iterations >= settings.maxIterations) break;
    if (!solveFriction(A, b, nn, contacts, contactCount, axes, alpha, beta, frictionSettings, result)) return result;
    newtonPoint = settings.activeSetStep == kSpActiveSetNewton &&
                  newtonStep(A, b, equalities, contacts, contactCount, axes, contactSettings.diagonalShift,
                             frictionSettings.diagonalShift, alpha, beta);
    if (newtonPoint) {
      jumped = true;
      if (!solveFriction(A, b, nn, contacts, contactCount, axes, alpha, beta, frictionSettings, result)) return result;
      frictionConsistent = activeSet_.sameFrictionRows(beta, lowerT_.head(nt), upperT_.head(nt));
    }
    if (settings.activeSetStep == kSpActiveSetSettled && result.iterations + 1 >= kFirstActiveSetStep &&
        activeSetStep(A, b, equalities, contacts, contactCount, axes, contactSettings.diagonalShift,
                      frictionSettings.diagonalShift, alpha, beta)) {
      jumped = true;
      if (!solveFriction(A, b, nn, contacts, contactCount, axes, alpha, beta, frictionSettings, result)) return result;
    }
  }
  // After an active-set step the friction QP always ends the step (below): the clamp is exact
  // only for iterates that came from the friction QP of the iterate before.
  if (result.converged && normalSettled && !jumped) {  // beta was bounded by a^0, within the tolerance of a
    setFrictionBounds(contacts, contactCount, axes, alpha);
    for (int j = 0; j < nt; ++j) beta[j] = std::clamp(beta[j], lowerT_[j], upperT_[j]);
    return result;
  }
  // Stopped at the cap, or converged while a still moves (redundant contacts): the friction QP
  // once more with the final a, so that beta is maximally dissipative at the velocity the step
  // ends with (friction never adds energy); the normal rows are then met up to A_nt times the
  // last change of beta.
  solveFriction(A, b, nn, contacts, contactCount, axes, alpha, beta, frictionSettings, result);
  return result;
}

// The active-set step (sp_active_set_step.hpp) once neither QP's active set changed over an
// iteration: its feasible point becomes the iterate f^0 the next change is measured from, and SP
// goes on from it with the friction QP at its normal forces (true), or nothing changes (false).
bool StaggeredProjections::activeSetStep(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b,
                                         int equalities, const std::vector<FrictionRows>& contacts, int contactCount,
                                         int axes, double shiftN, double shiftT, Eigen::Ref<VectorX> alpha,
                                         Eigen::Ref<VectorX> beta) {
  const int nn = static_cast<int>(alpha.size()), nt = static_cast<int>(beta.size());
  if (!activeSet_.settled(alpha, beta, lowerT_.head(nt), upperT_.head(nt), equalities)) return false;
  if (!activeSet_.step(A, b, equalities, contacts, contactCount, axes, shiftN, shiftT, alpha, beta)) return false;
  previous_.head(nn) = alpha;
  previous_.segment(nn, nt) = beta;
  return true;
}

// The Newton reading (sp_active_set_step.hpp): the fixed point of the iterate's active sets, an
// infeasible one approached by the ratio test; skipped for sets whose point was inconsistent.
bool StaggeredProjections::newtonStep(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b,
                                      int equalities, const std::vector<FrictionRows>& contacts, int contactCount,
                                      int axes, double shiftN, double shiftT, Eigen::Ref<VectorX> alpha,
                                      Eigen::Ref<VectorX> beta) {
  const int nn = static_cast<int>(alpha.size()), nt = static_cast<int>(beta.size());
  activeSet_.classify(alpha, beta, lowerT_.head(nt), upperT_.head(nt), equalities);
  // A classification whose point was inconsistent: SP cycles between two active sets; the rows
  // that differ between them are freed and that set's point tried (once: it is remembered too).
  if (activeSet_.knownInconsistent() && (!activeSet_.freeCycleRows() || activeSet_.knownInconsistent())) return false;
  if (!activeSet_.step(A, b, equalities, contacts, contactCount, axes, shiftN, shiftT, alpha, beta, true)) return false;
  previous_.head(nn) = alpha;
  previous_.segment(nn, nt) = beta;
  return true;
}

double StaggeredProjections::forceChange(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& alpha,
                                         const Eigen::Ref<const VectorX>& beta, int iteration, double tolerance,
                                         bool& normalSettled) {
  const int nn = static_cast<int>(alpha.size()), n = nn + static_cast<int>(beta.size());
  const auto All = A.topLeftCorner(n, n);
  auto previous = previous_.head(n), change = change_.head(n), product = product_.head(n);
  if (iteration == 1) previous.setZero();  // f^0 = 0 (Alg 7 line 7)
  change.head(nn) = alpha - previous.head(nn);
  change.tail(n - nn) = beta - previous.tail(n - nn);
  product.head(nn).noalias() = All.topLeftCorner(nn, nn) * change.head(nn);
  const double movedNormal = std::sqrt(std::max(0.0, change.head(nn).dot(product.head(nn))));
  product.noalias() = All * change;
  const double moved = std::sqrt(std::max(0.0, change.dot(product)));
  previous.head(nn) = alpha;
  previous.tail(n - nn) = beta;
  product.noalias() = All * previous;
  const double size = std::sqrt(std::max(0.0, previous.dot(product)));
  product.head(nn).noalias() = All.topLeftCorner(nn, nn) * alpha;
  normalSettled = movedNormal <= tolerance * std::sqrt(std::max(0.0, alpha.dot(product.head(nn))));
  if (size > 0.0) return moved / size;
  return moved > 0.0 ? 1.0 : 0.0;
}

// FRICTION (Alg 7 line 19): the friction QP with the bounds s mu a of the current normal forces.
bool StaggeredProjections::solveFriction(const Eigen::Ref<const MatrixX>& A, const Eigen::Ref<const VectorX>& b, int nn,
                                         const std::vector<FrictionRows>& contacts, int contactCount, int axes,
                                         const Eigen::Ref<const VectorX>& alpha, Eigen::Ref<VectorX> beta,
                                         const BoxQpSettings& settings, StaggeredProjectionResult& result) {
  const int nt = static_cast<int>(beta.size());
  setFrictionBounds(contacts, contactCount, axes, alpha);
  auto rhsT = rhsT_.head(nt);
  rhsT.noalias() = b.tail(nt);
  rhsT.noalias() -= A.block(nn, 0, nt, nn) * alpha;
  const BoxQpResult frictionQp =
      qp_.solve(A.block(nn, nn, nt, nt), rhsT, lowerT_.head(nt), upperT_.head(nt), beta, settings);
  if (frictionQp.converged) return true;
  result.ok = false;
  result.failure = frictionQp.unbounded ? "friction QP unbounded" : "friction QP not converged";
  return false;
}

}  // namespace articulab::contact
