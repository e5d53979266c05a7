#include "engine/diagnostics/closed_form.hpp"

#include <cmath>
#include <cstdio>

#include "engine/algorithm/kinematics.hpp"
#include "engine/contact/friction_pyramid.hpp"
#include "engine/spatial/so3.hpp"

namespace articulab {

namespace {

std::string vectorText(const Vector3& v) {
  char text[96];
  std::snprintf(text, sizeof text, "(%.6g, %.6g, %.6g)", v.x(), v.y(), v.z());
  return text;
}

// Every body on a free3d joint to the world and nothing else acting on it but gravity (and, for
// a slide, the ground).
void checkFreeBodies(const Model& model) {
  if (!model.loops.empty() || !model.forces.empty() || !model.muscles.empty())
    throw ClosedFormError("holds only without loop constraints, force elements and muscles");
  if (model.bodyContact && model.bodyCount() > 1)
    throw ClosedFormError("holds only without contact between bodies (\"body_contact\": false)");
  for (const Joint& joint : model.joints) {
    const std::string name = "joint '" + joint.name + "'";
    if (joint.type != JointType::Free3D || joint.parent >= 0)
      throw ClosedFormError(name + " is not a free3d joint to the world; every body must be free");
    if (joint.stiffness != 0.0 || joint.damping != 0.0 || joint.hasLimits || joint.driven ||
        joint.friction.mu != 0.0 || joint.friction.loss != 0.0)
      throw ClosedFormError(name + " has a spring, damper, limit, drive or friction; the solution needs none");
  }
}

// The inertia about the centre of mass in body axes: I_o = I_c - m [c]^2 (parallel axes, eq 1.26).
Matrix3 centralInertia(const Body& body) {
  const Matrix3 c = so3::skew(body.com);
  return body.M.topLeftCorner<3, 3>() + body.mass * c * c;
}

void checkPrincipalSpin(const Body& body, const Vector3& omegaBody) {
  const Vector3 L = centralInertia(body) * omegaBody;
  if (L.cross(omegaBody).norm() > 1e-9 * L.norm() * omegaBody.norm())
    throw ClosedFormError("body '" + body.name + "' spins at " + vectorText(omegaBody) +
                          " rad/s (body axes), not about a principal axis of its inertia; its spin would not be "
                          "steady");
}

// |g_t| - mu |g_n| along g_t when positive, else zero (Coulomb: the body sticks).
Vector3 slideAcceleration(const Model& model, int body) {
  const Vector3 g = model.gravity;
  if (g.z() >= 0.0) throw ClosedFormError("gravity " + vectorText(g) + " does not press the bodies on the ground z = 0");
  const Vector3 tangent(g.x(), g.y(), 0.0);
  const double excess = tangent.norm() - contact::groundFriction(model, body) * -g.z();
  if (excess <= 0.0) return Vector3::Zero();
  const Vector3 along = tangent.normalized();
  if (std::abs(along.x()) != 1.0 && std::abs(along.y()) != 1.0)
    throw ClosedFormError("the slide goes along " + vectorText(along) +
                          ", not the ground's x or y axis (the axes of the friction pyramid, exact only along them)");
  return excess * along;
}

}  // namespace

const std::vector<std::string>& closedFormNames() {
  static const std::vector<std::string> names{"free-flight", "slope-slide"};
  return names;
}

ClosedForm::ClosedForm(const Model& model, const std::string& solution)
    : ClosedForm(model, solution, model.q0, model.qd0) {}

ClosedForm::ClosedForm(const Model& model, const std::string& solution, const VectorX& q0, const VectorX& qd0)
    : solution_(solution) {
  const bool flight = solution_ == "free-flight", slide = solution_ == "slope-slide";
  if (!flight && !slide)
    throw ClosedFormError(solution_.empty() ? "the scene declares no closed form"
                                            : "no closed form named '" + solution_ + "'");
  checkFreeBodies(model);
  if (flight && model.groundContact)
    throw ClosedFormError("free-flight holds only without ground contact (\"ground_contact\": false)");
  if (slide && !model.groundContact) throw ClosedFormError("slope-slide needs ground contact (\"ground_contact\")");
  TreeKinematics kin(model);
  computeKinematics(model, q0, qd0, kin);
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Body& body = model.bodies[i];
    const BodyKinematics& k = kin.bodies[i];
    const Vector3 omegaBody = k.phi.head<3>(), velocityBody = k.phi.tail<3>();
    BodyMotion m{body.name, k.p_0i + k.R_0i * body.com, k.R_0i * (velocityBody + omegaBody.cross(body.com)),
                 model.gravity, k.R_0i, k.R_0i * omegaBody, body.com};
    if (flight) checkPrincipalSpin(body, omegaBody);
    if (slide) {
      if (k.phi.norm() != 0.0) throw ClosedFormError("body '" + body.name + "' does not start at rest; slope-slide needs it to");
      m.a = slideAcceleration(model, i);
    }
    bodies_.push_back(m);
  }
}

std::vector<Matrix4> ClosedForm::poses(double t) const {
  std::vector<Matrix4> out;
  out.reserve(bodies_.size());
  for (const BodyMotion& m : bodies_) {
    Matrix4 E = Matrix4::Identity();
    const Matrix3 R = so3::exp(m.omega * t) * m.R0;
    E.topLeftCorner<3, 3>() = R;
    E.topRightCorner<3, 1>() = m.c0 + m.v0 * t + 0.5 * t * t * m.a - R * m.com;
    out.push_back(E);
  }
  return out;
}

std::vector<std::string> ClosedForm::summary() const {
  std::vector<std::string> lines;
  for (const BodyMotion& m : bodies_) {
    char text[320];
    if (solution_ == "slope-slide" && m.a.norm() == 0.0)
      std::snprintf(text, sizeof text, "%s sticks (gravity along the ground within the friction cone)", m.name.c_str());
    else if (solution_ == "slope-slide")
      std::snprintf(text, sizeof text, "%s slides from rest at %.10g m/s^2 along %s", m.name.c_str(), m.a.norm(),
                    vectorText(m.a.normalized()).c_str());
    else
      std::snprintf(text, sizeof text, "%s: centre from %s at %s m/s, spin %s rad/s", m.name.c_str(),
                    vectorText(m.c0).c_str(), vectorText(m.v0).c_str(), vectorText(m.omega).c_str());
    lines.push_back(text);
  }
  return lines;
}

}  // namespace articulab
