#include "engine/contact/reduced_contact.hpp"

#include <algorithm>
#include <limits>

#include "engine/contact/friction_pyramid.hpp"
#include "engine/contact/ground_contact.hpp"
#include "engine/spatial/se3.hpp"

namespace articulab::contact {

namespace {
constexpr double kRecovery = 0.2;  // fraction of a penetration removed per step (as baraff)

// Velocity-level bound of a normal row: n^T v' >= -g / h (sueda 1.11, as baraff).
double stepBound(double gap, double h) { return -(gap >= 0.0 ? gap : kRecovery * gap) / h; }

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
    : directions_(frictionDirectionsFor(model, directions)),
      axes_(directions_ > 0 ? frictionAxes(directions_) : 0),
      normalCapacity_(groundSupportCapacity(model) + bodyContactCapacity(model)),
      frictionCapacity_(axes_ * normalCapacity_),
      supportCapacity_(groundSupportCapacity(model)),
      settings_(settings),
      sp_(normalCapacity_, frictionCapacity_),
      islands_(model, normalCapacity_, normalCapacity_),
      islandSp_(normalCapacity_, normalCapacity_, frictionCapacity_) {
  const int rows = normalCapacity_ + frictionCapacity_;
  rowCoordinate_.resize(rows);
  islandCoordinates_.resize(model.nq);
  coordinateStart_.resize(normalCapacity_ + 1);
  coordinateCursor_.resize(normalCapacity_);
  coordinateIsland_.resize(model.nq);
  islandR_ = MatrixX::Zero(rows, model.nq);
  islandY_ = MatrixX::Zero(model.nq, rows);
  islandB_ = VectorX::Zero(rows);
  if (model.bodyContact && bodyContactCapacity(model) > 0) {
    collision_ = std::make_unique<BodyCollision>(model, kReducedContactMargin);
    bodyPoints_.reserve(bodyContactCapacity(model));
  }
  points_.reserve(normalCapacity_);
  twist_.resize(rows);
  frictionTwist_.resize(frictionCapacity_);
  target_.resize(normalCapacity_);
  anchor_.resize(normalCapacity_);
  frictionOf_.resize(normalCapacity_);
  R_ = MatrixX::Zero(rows, model.nq);
  Y_ = MatrixX::Zero(model.nq, rows);
  massY_ = MatrixX::Zero(model.nq, normalCapacity_);
  A_ = MatrixX::Zero(rows, rows);
  b_ = VectorX::Zero(rows);
  alpha_ = VectorX::Zero(normalCapacity_);
  beta_ = VectorX::Zero(frictionCapacity_);
  force_ = VectorX::Zero(rows);
  endGap_ = VectorX::Zero(normalCapacity_);
  lift_ = VectorX::Zero(normalCapacity_);
  liftLower_ = VectorX::Zero(normalCapacity_);
  liftUpper_ = VectorX::Constant(normalCapacity_, std::numeric_limits<double>::infinity());
  liftQp_ = BoxQp(normalCapacity_);
}

ReducedContact::~ReducedContact() = default;
ReducedContact::ReducedContact(ReducedContact&&) noexcept = default;
ReducedContact& ReducedContact::operator=(ReducedContact&&) noexcept = default;

void ReducedContact::addContact(const ContactPoint& point, const TwistRow& normal, const Matrix36& Va,
                                const Matrix36* Vb) {
  const int c = normals_++;
  twist_[c] = normal;
  points_.push_back(point);
  if (axes_ == 0 || point.friction <= 0.0) return;
  FrictionRows& rows = frictionOf_[frictionContacts_++];
  rows.normal = c;
  rows.firstAxis = frictionRows_;
  rows.bound = frictionBoxScale(directions_) * point.friction;
  for (int j = 0; j < axes_; ++j) {
    const Vector3 d = point.other < 0 ? frictionAxis(directions_, j) : frictionAxis(directions_, j, point.normal);
    TwistRow& row = frictionTwist_[frictionRows_++];
    row.bodyA = point.body;
    row.jA = d.transpose() * Va;
    row.bodyB = point.other;
    row.jB = Vb ? constraints::Row6(-d.transpose() * *Vb) : constraints::Row6::Zero();
  }
}

int ReducedContact::assemble(const Model& model, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi,
                             double h) {
  normals_ = frictionRows_ = frictionContacts_ = dropped_ = 0;
  solved_ = false;
  points_.clear();
  if (!enabled()) return 0;
  if (model.groundContact) {  // support points (ground_contact.hpp), rows on the body alone
    GroundSupport support[kMaxSupportPoints];
    int number = 0;
    for (int i = 0; i < model.bodyCount(); ++i) {
      const double mu = axes_ > 0 ? groundFriction(model, i) : 0.0;
      for (const BodyShape& shape : model.bodies[i].shapes) {
        const int count = groundSupportPoints(shape, E_0i[i], support);
        for (int j = 0; j < count; ++j, ++number) {
          const GroundSupport& p = support[j];
          const double rate = p.J.dot(phi[i]);
          if (p.world.z() >= kReducedContactMargin + 2.0 * h * std::max(0.0, -rate)) continue;
          target_[normals_] = stepBound(p.world.z(), h);
          anchor_[normals_] = {p.body, Vector3::Zero()};
          TwistRow normal;
          normal.bodyA = i;
          normal.jA = p.J;  // e_z^T R Gamma(x) (eq 1.12)
          const Matrix36 V = E_0i[i].topLeftCorner<3, 3>() * se3::Gamma(p.body);
          addContact({i, p.world, p.world.z(), 0.0, number, mu, Vector3::Zero()}, normal, V, nullptr);
        }
      }
    }
  }
  if (collision_) {  // body-body points (body_contact.hpp): n^T (v_b(x) - v_a(x)), force on b along n
    collision_->detect(E_0i, bodyPoints_);
    for (const BodyContactPoint& p : bodyPoints_) {
      if (normals_ >= normalCapacity_) {
        ++dropped_;
        continue;
      }
      const Matrix36 Va = pointVelocityMap(E_0i[p.bodyA], p.position);
      const Matrix36 Vb = pointVelocityMap(E_0i[p.bodyB], p.position);
      target_[normals_] = stepBound(p.gap, h);
      anchor_[normals_] = {pointInBody(E_0i[p.bodyB], p.position), pointInBody(E_0i[p.bodyA], p.position)};
      TwistRow normal;
      normal.bodyA = p.bodyB;  // the contact's `body` is b, pushed along n
      normal.jA = p.normal.transpose() * Vb;
      normal.bodyB = p.bodyA;
      normal.jB = -p.normal.transpose() * Va;
      ContactPoint point{p.bodyB, p.position, p.gap, 0.0, -1, axes_ > 0 ? pairFriction(model, p.bodyA, p.bodyB) : 0.0,
                         Vector3::Zero()};
      point.other = p.bodyA;
      point.normal = p.normal;
      addContact(point, normal, Vb, &Va);
    }
  }
  for (int k = 0; k < frictionRows_; ++k) twist_[normals_ + k] = frictionTwist_[k];
  return rowCount();
}

void ReducedContact::mapRows(const MatrixX& J) {
  for (int r = 0; r < rowCount(); ++r) {
    const TwistRow& row = twist_[r];
    R_.row(r).noalias() = row.jA * J.middleRows<6>(6 * row.bodyA);  // r = jA J_a + jB J_b (eq 2.14)
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
  for (int k = 0; k < frictionContacts_; ++k)
    for (int j = 0; j < axes_; ++j)
      islands_.join(rowCoordinate_[frictionOf_[k].normal], rowCoordinate_[normals_ + frictionOf_[k].firstAxis + j]);
  for (int c = 0; c < normals_; ++c) islands_.addNormalRow(rowCoordinate_[c], -1);
  islands_.group(frictionOf_, frictionContacts_);
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
  result_ = sp_.solve(A, b_.head(rows), normals_, 0, frictionOf_, frictionContacts_, axes_, alpha, beta, settings_);
}

// Each island's block R_s K R_s^T of A over the island's coordinates, and SP on it alone.
void ReducedContact::solveIslands(Eigen::Ref<VectorX> alpha, Eigen::Ref<VectorX> beta) {
  groupIslands();
  if (islands_.count() == 1) return solveWhole(alpha, beta);  // the same problem
  result_ = {};
  bucketIslandCoordinates();
  for (int s = 0; s < islands_.count(); ++s) {
    const int rows = islandSp_.gather(islands_, s, normals_, 0, frictionOf_, axes_);
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
  for (int c = 0; c < normals_; ++c) b[c] = target_[c] - b[c];
  b.tail(frictionRows_) *= -1.0;  // no sliding at the end of the step
  b /= h;
  auto alpha = alpha_.head(normals_);
  auto beta = beta_.head(frictionRows_);
  const VectorX& warm = state.outputs.frictionWarmStart;  // Alg 7: last step's friction per support point
  for (int k = 0; k < frictionContacts_; ++k) {
    const ContactPoint& point = points_[frictionOf_[k].normal];
    for (int j = 0; j < axes_; ++j) {
      const int at = point.support * axes_ + j;
      beta[frictionOf_[k].firstAxis + j] = point.support >= 0 && at < warm.size() ? warm[at] : 0.0;
    }
  }
  if (settings_.islands)
    solveIslands(alpha, beta);
  else
    solveWhole(alpha, beta);
  auto force = force_.head(rows);
  force.head(normals_) = alpha;
  force.tail(frictionRows_) = beta;
  qd.noalias() += (h * Y) * force;  // qdot' = v0 + h K R^T f
  for (int c = 0; c < normals_; ++c) {
    points_[c].force = alpha[c];
    points_[c].frictionForce.setZero();
  }
  for (int k = 0; k < frictionContacts_; ++k) {
    ContactPoint& point = points_[frictionOf_[k].normal];
    for (int j = 0; j < axes_; ++j)
      point.frictionForce += beta[frictionOf_[k].firstAxis + j] *
                             (point.other < 0 ? frictionAxis(directions_, j) : frictionAxis(directions_, j, point.normal));
  }
  solved_ = true;
  return result_.ok;
}

bool ReducedContact::penetratesAt(const std::vector<Matrix4>& E_0i) {
  if (!solved_ || normals_ == 0) return false;
  auto depth = endGap_.head(normals_);  // the QP's b = -gap': A l >= depth
  for (int c = 0; c < normals_; ++c) depth[c] = -anchoredGap(points_[c], anchor_[c], E_0i);
  return depth.maxCoeff() > kContactProjectionSlop;
}

// min 1/2 l^T A_nn l + l^T gap', l >= 0: A_nn l >= -gap' with l_c (A_nn l + gap')_c = 0, the
// contact QP with positions for velocities; dq = Y_n l moves the rows by R_n dq = A_nn l.
bool ReducedContact::positionCorrection(bool stepResponsesAreMass, VectorX& dq) {
  const auto Y = stepResponsesAreMass ? Y_.leftCols(normals_) : massY_.leftCols(normals_);
  auto A = A_.topLeftCorner(normals_, normals_);
  A.noalias() = R_.topRows(normals_) * Y;
  symmetriseDelassus(A);
  BoxQpSettings qp = settings_.qp;
  qp.diagonalShift = settings_.regularisation * A.diagonal().maxCoeff();
  auto lift = lift_.head(normals_);
  lift.setZero();
  if (!liftQp_.solve(A, endGap_.head(normals_), liftLower_.head(normals_), liftUpper_.head(normals_), lift, qp).converged)
    return false;
  dq.noalias() = Y * lift;
  return true;
}

void ReducedContact::writeOutputs(StepOutputs& out) const {
  if (out.contacts.size() < points_.capacity()) out.contacts.resize(points_.capacity());  // first step only
  out.contactCount = 0;
  for (const ContactPoint& c : points_)
    if (c.force > 0.0)
      out.contacts[out.contactCount++] = {c.position, c.force, c.frictionForce, c.normal, c.body, c.other};
  out.contactIterations = rowCount() > 0 && frictionRows_ > 0 ? result_.iterations : 0;
  out.contactChange = rowCount() > 0 ? result_.change : 0.0;
  if (axes_ == 0) return;
  const int size = axes_ * supportCapacity_;
  if (out.frictionWarmStart.size() != size) out.frictionWarmStart.resize(size);  // first step only
  out.frictionWarmStart.setZero();
  for (int k = 0; k < frictionContacts_; ++k) {
    const ContactPoint& point = points_[frictionOf_[k].normal];
    if (point.support < 0) continue;
    for (int j = 0; j < axes_; ++j)
      out.frictionWarmStart[point.support * axes_ + j] = beta_[frictionOf_[k].firstAxis + j];
  }
}

}  // namespace articulab::contact
