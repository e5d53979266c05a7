#include "engine/contact/reduced_contact.hpp"

#include <algorithm>
#include <limits>

#include "engine/contact/friction_pyramid.hpp"
#include "engine/contact/ground_contact.hpp"

namespace articulab::contact {

namespace {
// A Delassus block R K R^T made exactly symmetric (rounding, and the damping Jacobian in A^-1).
void symmetriseDelassus(Eigen::Ref<MatrixX> A) {
  for (Eigen::Index i = 0; i < A.rows(); ++i)
    for (Eigen::Index j = i + 1; j < A.cols(); ++j) A(i, j) = A(j, i) = 0.5 * (A(i, j) + A(j, i));
}
}  // namespace

int ReducedContact::frictionDirectionsFor(const Model& model, int directions) {
  return hasContactFriction(model) && validFrictionDirections(directions) ? directions : 0;
}

ReducedContact::ReducedContact(const Model& model, int directions, const StaggeredProjectionSettings& settings)
    : rows_(model, frictionDirectionsFor(model, directions)),
      supportCapacity_(groundSupportCapacity(model)),
      settings_(settings),
      sp_(rows_.capacity(), rows_.axes() * rows_.capacity()),
      islands_(model, rows_.capacity(), rows_.capacity()),
      islandSp_(rows_.capacity(), rows_.capacity(), rows_.axes() * rows_.capacity()) {
  const int normalCapacity = rows_.capacity(), frictionCapacity = rows_.axes() * normalCapacity;
  const int rows = normalCapacity + frictionCapacity;
  rowCoordinate_.resize(rows);
  islandCoordinates_.resize(model.nq);
  coordinateStart_.resize(normalCapacity + 1);
  coordinateCursor_.resize(normalCapacity);
  coordinateIsland_.resize(model.nq);
  islandR_ = MatrixX::Zero(rows, model.nq);
  islandY_ = MatrixX::Zero(model.nq, rows);
  islandB_ = VectorX::Zero(rows);
  R_ = MatrixX::Zero(rows, model.nq);
  Y_ = MatrixX::Zero(model.nq, rows);
  massY_ = MatrixX::Zero(model.nq, normalCapacity);
  A_ = MatrixX::Zero(rows, rows);
  b_ = VectorX::Zero(rows);
  alpha_ = VectorX::Zero(normalCapacity);
  beta_ = VectorX::Zero(frictionCapacity);
  force_ = VectorX::Zero(rows);
  endGap_ = VectorX::Zero(normalCapacity);
  lift_ = VectorX::Zero(normalCapacity);
  liftLower_ = VectorX::Zero(normalCapacity);
  liftUpper_ = VectorX::Constant(normalCapacity, std::numeric_limits<double>::infinity());
  liftQp_ = BoxQp(normalCapacity);
}

ReducedContact::~ReducedContact() = default;
ReducedContact::ReducedContact(ReducedContact&&) noexcept = default;
ReducedContact& ReducedContact::operator=(ReducedContact&&) noexcept = default;

int ReducedContact::assemble(const Model& model, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi,
                             double h) {
  solved_ = false;
  rows_.build(model, E_0i, phi, h);
  return rowCount();
}

void ReducedContact::mapRows(const MatrixX& J) {
  for (int r = 0; r < rowCount(); ++r) {
    const constraints::ConstraintRow& row = this->row(r);
    R_.row(r).noalias() = row.jA * J.middleRows<6>(6 * row.bodyA);  // r = jA J_A + jB J_B (eq 2.14)
    if (row.bodyB >= 0) R_.row(r).noalias() += row.jB * J.middleRows<6>(6 * row.bodyB);
  }
}

int ReducedContact::joinRowCoordinates(int r) {
  int first = -1;
  for (int d = 0; d < R_.cols(); ++d) {
    if (R_(r, d) == 0.0 && Y_(d, r) == 0.0) continue;
    if (first < 0) first = d;
    islands_.join(first, d);
  }
  return first;
}

void ReducedContact::groupIslands() {
  islands_.beginCoordinates(static_cast<int>(R_.cols()));
  for (int r = 0; r < rowCount(); ++r) rowCoordinate_[r] = joinRowCoordinates(r);
  for (int k = 0; k < frictionContacts(); ++k)
    for (int j = 0; j < axes(); ++j)
      islands_.join(rowCoordinate_[frictionOf()[k].normal], rowCoordinate_[normals() + frictionOf()[k].firstAxis + j]);
  for (int c = 0; c < normals(); ++c) islands_.addNormalRow(rowCoordinate_[c], -1);
  islands_.group(frictionOf(), frictionContacts());
}

void ReducedContact::bucketIslandCoordinates() {
  const int islands = islands_.count(), coordinates = static_cast<int>(R_.cols());
  std::fill(coordinateStart_.begin(), coordinateStart_.begin() + islands + 1, 0);
  for (int d = 0; d < coordinates; ++d) {
    coordinateIsland_[d] = islands_.islandOfNode(d);
    if (coordinateIsland_[d] >= 0) ++coordinateStart_[coordinateIsland_[d] + 1];
  }
  for (int s = 0; s < islands; ++s) coordinateStart_[s + 1] += coordinateStart_[s];
  std::copy(coordinateStart_.begin(), coordinateStart_.begin() + islands, coordinateCursor_.begin());
  for (int d = 0; d < coordinates; ++d)
    if (coordinateIsland_[d] >= 0) islandCoordinates_[coordinateCursor_[coordinateIsland_[d]]++] = d;
}

// A = R K R^T (the Delassus matrix in reduced coordinates), symmetrised (rounding, and the
// damping Jacobian in A^-1).
void ReducedContact::solveWhole(Eigen::Ref<VectorX> alpha, Eigen::Ref<VectorX> beta) {
  const int rows = rowCount();
  auto A = A_.topLeftCorner(rows, rows);
  A.noalias() = R_.topRows(rows) * Y_.leftCols(rows);
  symmetriseDelassus(A);
  result_ = sp_.solve(A, b_.head(rows), normals(), 0, frictionOf(), frictionContacts(), axes(), alpha, beta, settings_);
}

// Each island's block R_s K R_s^T of A over the island's coordinates, and SP on it alone.
void ReducedContact::solveIslands(Eigen::Ref<VectorX> alpha, Eigen::Ref<VectorX> beta) {
  groupIslands();
  if (islands_.count() == 1) return solveWhole(alpha, beta);  // the same problem
  result_ = {};
  bucketIslandCoordinates();
  for (int s = 0; s < islands_.count(); ++s) {
    const int rows = islandSp_.gather(islands_, s, normals(), 0, frictionOf(), axes());
    const std::vector<int>& index = islandSp_.rows();
    const int* coordinate = islandCoordinates_.data() + coordinateStart_[s];
    const int coordinates = coordinateStart_[s + 1] - coordinateStart_[s];
    auto R = islandR_.topLeftCorner(rows, coordinates);
    auto Y = islandY_.topLeftCorner(coordinates, rows);
    auto b = islandB_.head(rows);
    for (int i = 0; i < rows; ++i) {
      b[i] = b_[index[i]];
      for (int c = 0; c < coordinates; ++c) {
        R(i, c) = R_(index[i], coordinate[c]);
        Y(c, i) = Y_(coordinate[c], index[i]);
      }
    }
    auto A = A_.topLeftCorner(rows, rows);
    A.noalias() = R * Y;
    symmetriseDelassus(A);
    mergeIslandResult(result_, islandSp_.solve(A, b, alpha, beta, settings_));
  }
}

bool ReducedContact::solve(const State& state, double h, VectorX& qd) {
  result_ = {};
  const int rows = rowCount();
  if (rows == 0) return true;
  const auto R = R_.topRows(rows);
  const auto Y = Y_.leftCols(rows);
  auto b = b_.head(rows);
  b.noalias() = R * qd;
  for (int c = 0; c < normals(); ++c) b[c] = rows_.normalRows()[c].rhs - b[c];  // stepBound
  b.tail(frictionRows()) *= -1.0;  // no sliding at the end of the step
  b /= h;
  auto alpha = alpha_.head(normals());
  auto beta = beta_.head(frictionRows());
  const VectorX& warm = state.outputs.frictionWarmStart;  // Alg 7: last step's friction per support point
  for (int k = 0; k < frictionContacts(); ++k) {
    const ContactPoint& point = rows_.points()[frictionOf()[k].normal];
    for (int j = 0; j < axes(); ++j) {
      const int at = point.support * axes() + j;
      beta[frictionOf()[k].firstAxis + j] = point.support >= 0 && at < warm.size() ? warm[at] : 0.0;
    }
  }
  if (settings_.islands)
    solveIslands(alpha, beta);
  else
    solveWhole(alpha, beta);
  auto force = force_.head(rows);
  force.head(normals()) = alpha;
  force.tail(frictionRows()) = beta;
  qd.noalias() += (h * Y) * force;  // qdot' = v0 + h K R^T f
  std::vector<ContactPoint>& points = rows_.points();
  for (int c = 0; c < normals(); ++c) {
    points[c].force = alpha[c];
    points[c].frictionForce.setZero();
  }
  const int directions = rows_.directions();
  for (int k = 0; k < frictionContacts(); ++k) {
    ContactPoint& point = points[frictionOf()[k].normal];
    for (int j = 0; j < axes(); ++j)
      point.frictionForce +=
          beta[frictionOf()[k].firstAxis + j] *
          (point.other < 0 ? frictionAxis(directions, j) : frictionAxis(directions, j, point.normal));
  }
  solved_ = true;
  return result_.ok;
}

bool ReducedContact::penetratesAt(const std::vector<Matrix4>& E_0i) {
  if (!solved_ || normals() == 0) return false;
  auto depth = endGap_.head(normals());  // the QP's b = -gap': A l >= depth
  for (int c = 0; c < normals(); ++c) depth[c] = -anchoredGap(rows_.points()[c], rows_.anchors()[c], E_0i);
  return depth.maxCoeff() > kContactProjectionSlop;
}

// min 1/2 l^T A_nn l + l^T gap', l >= 0: A_nn l >= -gap' with l_c (A_nn l + gap')_c = 0, the
// contact QP with positions for velocities; dq = Y_n l moves the rows by R_n dq = A_nn l.
bool ReducedContact::positionCorrection(bool stepResponsesAreMass, VectorX& dq) {
  const int n = normals();
  const auto Y = stepResponsesAreMass ? Y_.leftCols(n) : massY_.leftCols(n);
  auto A = A_.topLeftCorner(n, n);
  A.noalias() = R_.topRows(n) * Y;
  symmetriseDelassus(A);
  BoxQpSettings qp = settings_.qp;
  qp.diagonalShift = settings_.regularisation * A.diagonal().maxCoeff();
  auto lift = lift_.head(n);
  lift.setZero();
  if (!liftQp_.solve(A, endGap_.head(n), liftLower_.head(n), liftUpper_.head(n), lift, qp).converged) return false;
  dq.noalias() = Y * lift;
  return true;
}

void ReducedContact::writeOutputs(StepOutputs& out) const {
  const std::vector<ContactPoint>& points = rows_.points();
  if (out.contacts.size() < points.capacity()) out.contacts.resize(points.capacity());  // first step only
  out.contactCount = 0;
  for (const ContactPoint& c : points)
    if (c.force > 0.0)
      out.contacts[out.contactCount++] = {c.position, c.force, c.frictionForce, c.normal, c.body, c.other};
  out.contactIterations = rowCount() > 0 && frictionRows() > 0 ? result_.iterations : 0;
  out.contactChange = rowCount() > 0 ? result_.change : 0.0;
  if (axes() == 0) return;
  const int size = axes() * supportCapacity_;
  if (out.frictionWarmStart.size() != size) out.frictionWarmStart.resize(size);  // first step only
  out.frictionWarmStart.setZero();
  for (int k = 0; k < frictionContacts(); ++k) {
    const ContactPoint& point = points[frictionOf()[k].normal];
    if (point.support < 0) continue;
    for (int j = 0; j < axes(); ++j)
      out.frictionWarmStart[point.support * axes() + j] = beta_[frictionOf()[k].firstAxis + j];
  }
}

}  // namespace articulab::contact
