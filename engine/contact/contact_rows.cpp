#include "engine/contact/contact_rows.hpp"

#include "engine/constraints/unilateral_step.hpp"
#include "engine/contact/friction_pyramid.hpp"
#include "engine/contact/ground_contact.hpp"
#include "engine/spatial/se3.hpp"

namespace articulab::contact {

namespace {
// J phi of a row on the bodies' twists.
double rowRate(const constraints::ConstraintRow& row, const std::vector<Vector6>& phi) {
  double rate = row.jA.dot(phi[row.bodyA]);
  if (row.bodyB >= 0) rate += row.jB.dot(phi[row.bodyB]);
  return rate;
}
}  // namespace

int contactRowCapacity(const Model& model) { return groundSupportCapacity(model) + bodyContactCapacity(model); }

bool canMakeContact(const Model& model) { return groundSupportCapacity(model) > 0 || bodyContactCapacity(model) > 0; }

ContactRows::ContactRows(const Model& model, int directions)
    : directions_(directions),
      axes_(directions > 0 ? frictionAxes(directions) : 0),
      capacity_(contactRowCapacity(model)),
      normal_(capacity_),
      friction_(axes_ * capacity_),
      frictionOf_(axes_ > 0 ? capacity_ : 0),
      anchors_(capacity_) {
  if (model.bodyContact && bodyContactCapacity(model) > 0) {
    collision_ = std::make_unique<BodyCollision>(model, kContactMargin);
    bodyPoints_.reserve(static_cast<std::size_t>(kMostPointsPerPair) * collision_->candidatePairCount());
  }
  points_.reserve(capacity_);
}

ContactRows::~ContactRows() = default;
ContactRows::ContactRows(ContactRows&&) noexcept = default;
ContactRows& ContactRows::operator=(ContactRows&&) noexcept = default;

constraints::ConstraintRow& ContactRows::addContact(const ContactPoint& point, const ContactAnchor& anchor, double h) {
  const int c = contacts_++;
  points_.push_back(point);
  anchors_[c] = anchor;
  constraints::ConstraintRow& row = normal_[c];
  row.error = point.gap;
  row.bias = 0.0;
  row.rhs = constraints::stepBound(point.gap, h);
  if (axes_ > 0 && point.friction > 0.0)
    frictionOf_[frictionContacts_++] = {c, frictionRows_, frictionBoxScale(directions_) * point.friction};
  return row;
}

void ContactRows::addFrictionRow(const constraints::Row6& jA, const constraints::Row6& jB,
                                 const std::vector<Vector6>& phi) {
  const constraints::ConstraintRow& normal = normal_[contacts_ - 1];
  constraints::ConstraintRow& row = friction_[frictionRows_++];
  row.bodyA = normal.bodyA;
  row.bodyB = normal.bodyB;
  row.jA = jA;
  row.jB = jB;
  row.velocity = rowRate(row, phi);
  row.error = 0.0;
  row.bias = 0.0;
  row.rhs = 0.0;  // no sliding at the end of the step
}

void ContactRows::addGroundContacts(const Model& model, int body, const Matrix4& E, const std::vector<Vector6>& phi,
                                    double h, int& support) {
  GroundSupport points[kMaxSupportPoints];
  const double mu = axes_ > 0 ? groundFriction(model, body) : 0.0;
  for (const BodyShape& shape : model.bodies[body].shapes) {
    const int count = groundSupportPoints(shape, E, points);
    for (int j = 0; j < count; ++j, ++support) {
      const GroundSupport& p = points[j];
      const double rate = p.J.dot(phi[body]);
      if (!constraints::mayCloseWithinStep(p.world.z(), rate, kContactMargin, h)) continue;
      constraints::ConstraintRow& normal =
          addContact({body, p.world, p.world.z(), 0.0, support, mu, Vector3::Zero()}, {p.body, Vector3::Zero()}, h);
      normal.bodyA = body;
      normal.bodyB = -1;
      normal.jA = p.J;  // e_z^T R Gamma(x) (eq 1.12)
      normal.jB.setZero();
      normal.velocity = rate;
      if (axes_ == 0 || mu <= 0.0) continue;
      const Matrix3 R = E.topLeftCorner<3, 3>();
      const Matrix36 V = R * se3::Gamma(p.body);
      for (int k = 0; k < axes_; ++k)
        addFrictionRow(frictionAxis(directions_, k).transpose() * V, constraints::Row6::Zero(), phi);
    }
  }
}

void ContactRows::addBodyContact(const Model& model, const BodyContactPoint& p, const std::vector<Matrix4>& E_0i,
                                 const std::vector<Vector6>& phi, double h) {
  const int a = p.bodyA, b = p.bodyB;
  const Matrix36 Va = pointVelocityMap(E_0i[a], p.position);  // eq 1.12
  const Matrix36 Vb = pointVelocityMap(E_0i[b], p.position);
  ContactPoint point{b, p.position, p.gap, 0.0, -1, axes_ > 0 ? pairFriction(model, a, b) : 0.0, Vector3::Zero()};
  point.other = a;
  point.normal = p.normal;
  constraints::ConstraintRow& normal =
      addContact(point, {pointInBody(E_0i[b], p.position), pointInBody(E_0i[a], p.position)}, h);
  normal.bodyA = a;
  normal.bodyB = b;
  normal.jA = -p.normal.transpose() * Va;  // n^T (v_b(x) - v_a(x))
  normal.jB = p.normal.transpose() * Vb;
  normal.velocity = rowRate(normal, phi);
  if (axes_ == 0 || point.friction <= 0.0) return;
  for (int k = 0; k < axes_; ++k) {
    const Vector3 d = frictionAxis(directions_, k, p.normal);
    addFrictionRow(-d.transpose() * Va, d.transpose() * Vb, phi);
  }
}

int ContactRows::build(const Model& model, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi,
                       double h) {
  contacts_ = frictionRows_ = frictionContacts_ = dropped_ = 0;
  points_.clear();
  if (!enabled()) return 0;
  int support = 0;  // the support point's number in the model (friction warm start)
  if (model.groundContact)
    for (int i = 0; i < model.bodyCount(); ++i) addGroundContacts(model, i, E_0i[i], phi, h, support);
  if (collision_) {
    collision_->detect(E_0i, bodyPoints_);
    for (const BodyContactPoint& p : bodyPoints_) {
      if (contacts_ >= capacity_) {
        ++dropped_;
        continue;
      }
      addBodyContact(model, p, E_0i, phi, h);
    }
  }
  return contacts_;
}

}  // namespace articulab::contact
