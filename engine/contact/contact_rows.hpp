// The one home of the contact rows of every back-end: which points get rows, their rows on the
// body twists and their step bounds, emitted back-end neutral as constraints::ConstraintRow
// (jA phi_A + jB phi_B, body -1 the world). baraff copies them into its inequality and friction
// rows at the acceleration level, rhs_a = (rhs - J phi) / h (inequality_constraints.hpp); redmax
// and recursive map each through J_mr, r = jA J_A + jB J_B (sueda eq 2.14; reduced_contact.hpp).
//
// Candidates: every support point of every shape (ground_contact.hpp) that may close within the
// step, g < kContactMargin + 2 h max(0, -J phi) (constraints::mayCloseWithinStep), and every
// point FCL reports between bodies (body_contact.hpp: shapes inflated by kContactMargin, so
// g < kContactMargin; FCL sees no velocities). Beyond contactRowCapacity(model) rows a body
// point is left out (droppedContacts; the back-end fails the step).
// Normal row per contact (sueda notes 1.11, eq 1.76 and 1.78, with the material Jacobian
// v(x) = R Gamma(x_i) phi of eq 1.12, x_i the point in body i's coordinates, taken fixed in each
// body over the step):
//   ground, body i:         e_z^T R_i Gamma(x_i)                     (A = i, B = -1 the world);
//   FCL pair a < b, normal n from a to b:  -n^T R_a Gamma(x_a) on a, n^T R_b Gamma(x_b) on b  (A = a, B = b);
//   velocity = J phi at the step's start, error = g, bias = 0, rhs = constraints::stepBound(g, h):
//   the step enforces J phi' >= rhs (recovering a penetration by constraints::kPenetrationRecovery).
// Friction rows, with mu > 0 (friction_pyramid.hpp; Kaufman et al. 2008, sueda eq 2.114 and
// Alg 7): frictionAxes(directions) rows d_j^T (v_b(x) - v_a(x)) along the pyramid axes d_j of the
// tangent plane (the ground's: frictionAxis(directions, j)), same bodies as the normal row, error
// 0, rhs 0: no sliding at the end of the step (J phi' = 0 is the friction QP's target).
// Each contact also gets its record (contact_point.hpp: force on `body` along `normal`, `body` the
// B of a pair, the A on the ground) and its material points (contact_anchor.hpp; a support
// point's are its exact body coordinates; baraff's projection anchors the world point instead,
// anchorContact, which differs by rounding and moves its falling chain by 2.7e-7 in 1 s).
// Sized once; build allocates nothing (FCL aside).
#pragma once

#include <memory>
#include <vector>

#include "engine/constraints/constraint_row.hpp"
#include "engine/contact/body_contact.hpp"
#include "engine/contact/contact_anchor.hpp"
#include "engine/contact/contact_point.hpp"
#include "engine/contact/staggered_projections.hpp"

namespace articulab::contact {

// Support points and body contact points closer than this get rows (m).
constexpr double kContactMargin = 5e-3;

// Most contacts at once: every support point (with ground contact) and bodyContactCapacity.
int contactRowCapacity(const Model& model);
// Whether the model can make contact at all (contactRowCapacity > 0): ground contact with a shape
// that collides, or body contact with a pair of bodies that may touch. A back-end reports no
// contact (StepOutputs::contactCount 0) for a model that cannot.
bool canMakeContact(const Model& model);

class ContactRows {
 public:
  // directions: the friction pyramid (4, 8 or 16), 0 for frictionless rows.
  explicit ContactRows(const Model& model = Model{}, int directions = 0);
  ~ContactRows();
  ContactRows(ContactRows&&) noexcept;
  ContactRows& operator=(ContactRows&&) noexcept;

  bool enabled() const { return capacity_ > 0; }  // the model has contact
  int capacity() const { return capacity_; }      // contactRowCapacity(model)
  int directions() const { return directions_; }
  int axes() const { return axes_; }  // friction rows per frictional contact, 0: frictionless

  // The rows at the poses E_0i and twists phi for a step of h: support points body by body,
  // then body-body points. Returns contactCount().
  int build(const Model& model, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi, double h);

  // Normal rows, one per contact (first contactCount()).
  int contactCount() const { return contacts_; }
  const std::vector<constraints::ConstraintRow>& normalRows() const { return normal_; }
  // Friction rows (first frictionRowCount()); frictionContacts() name each frictional contact's
  // normal row (index into normalRows), first friction row and pyramid bound s mu.
  int frictionRowCount() const { return frictionRows_; }
  const std::vector<constraints::ConstraintRow>& frictionRows() const { return friction_; }
  int frictionContactCount() const { return frictionContacts_; }
  const std::vector<FrictionRows>& frictionContacts() const { return frictionOf_; }
  // Per contact: its record (the back-end writes the forces) and its material points.
  std::vector<ContactPoint>& points() { return points_; }
  const std::vector<ContactPoint>& points() const { return points_; }
  const std::vector<ContactAnchor>& anchors() const { return anchors_; }
  // Body-body points FCL reported at the last build, and those left out for want of capacity.
  int bodyPointCount() const { return static_cast<int>(bodyPoints_.size()); }
  int droppedContacts() const { return dropped_; }

 private:
  void addGroundContacts(const Model& model, int body, const Matrix4& E, const std::vector<Vector6>& phi, double h,
                         int& support);
  void addBodyContact(const Model& model, const BodyContactPoint& p, const std::vector<Matrix4>& E_0i,
                      const std::vector<Vector6>& phi, double h);
  // The next contact's normal row and record; its friction rows follow with addFrictionRow.
  constraints::ConstraintRow& addContact(const ContactPoint& point, const ContactAnchor& anchor, double h);
  // A friction row of the contact just added on its normal row's bodies (jA on A, jB on B).
  void addFrictionRow(const constraints::Row6& jA, const constraints::Row6& jB, const std::vector<Vector6>& phi);

  int directions_ = 0, axes_ = 0, capacity_ = 0;
  int contacts_ = 0, frictionRows_ = 0, frictionContacts_ = 0, dropped_ = 0;
  std::unique_ptr<BodyCollision> collision_;
  std::vector<BodyContactPoint> bodyPoints_;
  std::vector<constraints::ConstraintRow> normal_, friction_;
  std::vector<FrictionRows> frictionOf_;
  std::vector<ContactPoint> points_;
  std::vector<ContactAnchor> anchors_;
};

}  // namespace articulab::contact
