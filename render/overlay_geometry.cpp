#include "render/overlay_geometry.hpp"

#include <algorithm>
#include <cmath>

#include "engine/forces/force_drawing.hpp"
#include "engine/multibody/scleronomic_joint.hpp"
#include "engine/spatial/se3.hpp"
#include "render/eigen_glm.hpp"
#include "render/overlays.hpp"
#include "render/shape_extents.hpp"

namespace articulab::render {

namespace {

const glm::vec3 kAxisColors[3] = {{0.90f, 0.20f, 0.20f}, {0.20f, 0.75f, 0.20f}, {0.25f, 0.40f, 1.00f}};
const glm::vec3 kJointAxisColor{1.00f, 0.85f, 0.10f};
const glm::vec3 kCentreOfMassColor{1.00f, 0.80f, 0.05f};
const glm::vec3 kLoopColor{0.90f, 0.20f, 0.90f};
const glm::vec3 kSpringColor{1.00f, 0.55f, 0.10f};
const glm::vec3 kContactColor{0.95f, 0.15f, 0.10f};
const glm::vec3 kGuideColor{0.30f, 0.80f, 0.95f};
const glm::vec3 kRelaxedColor{0.70f, 0.70f, 0.70f};
const glm::vec3 kTensionColor{0.95f, 0.15f, 0.10f};
const glm::vec3 kCompressionColor{0.15f, 0.35f, 0.95f};
const glm::vec3 kPointForceColor{0.10f, 0.85f, 0.45f};
const glm::vec3 kAnchorColor{0.22f, 0.22f, 0.26f};
const glm::vec3 kGhostColor{0.58f, 0.40f, 0.74f};  // the comparison run's colour in the plots
const glm::vec3 kSelectedColor{1.0f, 0.85f, 0.2f};  // the inspected body's outline
const glm::vec3 kHoveredColor{0.0f, 1.0f, 1.0f};   // the outline of the body under the mouse
const glm::vec3 kFrictionColor{0.95f, 0.35f, 0.1f};  // friction forces at the contacts

int posedBodyCount(const Model& model, const State& state) {
  return std::min<int>(model.bodyCount(), static_cast<int>(state.E_0i.size()));
}

// Size of a body for scaling its overlays: the largest half extent of its shapes.
float bodySize(const Body& body, float sceneSize) {
  const float size = static_cast<float>(bodyHalfExtents(body).maxCoeff());
  return size > 0.0f ? size : 0.05f * sceneSize;
}

Vector3 transformPoint(const Matrix4& E, const Vector3& p) {
  return E.topLeftCorner<3, 3>() * p + E.topRightCorner<3, 1>();
}

Matrix4 poseOrWorld(const State& state, int body) { return body >= 0 ? state.E_0i[body] : Matrix4::Identity(); }

void addAxes(const Matrix4& E, float length, OverlayGeometry& out) {
  const glm::vec3 origin = toGlm(Vector3(E.topRightCorner<3, 1>()));
  for (int k = 0; k < 3; ++k)
    out.lines.push_back({origin, origin + length * toGlm(Vector3(E.block<3, 1>(0, k))), kAxisColors[k]});
}

// Joint frame in world: child pose times E_jc^-1 = E_0p E_pj Q(q) (joint.hpp).
void addJointFrames(const Model& model, const State& state, float sceneSize, OverlayGeometry& out) {
  for (int i = 0; i < posedBodyCount(model, state); ++i) {
    const Joint& joint = model.joints[i];
    const Matrix4 E_0j = state.E_0i[i] * se3::inverse(joint.E_jc);
    const float length = 0.75f * bodySize(model.bodies[i], sceneSize);
    addAxes(E_0j, length, out);
    const bool singleAxis = joint.parts.size() == 1 &&
                            (joint.type == JointType::Revolute || joint.type == JointType::Prismatic);
    if (!singleAxis) continue;
    const Vector3 axis = E_0j.topLeftCorner<3, 3>() * joint.parts[0].axis.normalized();
    const Vector3 origin = E_0j.topRightCorner<3, 1>();
    out.lines.push_back({toGlm(Vector3(origin - 1.2 * length * axis)), toGlm(Vector3(origin + 1.2 * length * axis)),
                         kJointAxisColor});
  }
}

void addCentresOfMass(const Model& model, const State& state, float sceneSize, OverlayGeometry& out) {
  for (int i = 0; i < posedBodyCount(model, state); ++i) {
    const Body& body = model.bodies[i];
    const float radius = std::max(0.12f * bodySize(body, sceneSize), 0.004f * sceneSize);
    out.markers.push_back({toGlm(transformPoint(state.E_0i[i], body.com)), radius, kCentreOfMassColor});
  }
}

void addLoops(const Model& model, const State& state, float sceneSize, OverlayGeometry& out) {
  const int n = posedBodyCount(model, state);
  for (const LoopConstraint& loop : model.loops) {
    if (loop.bodyA >= n || loop.bodyB >= n) continue;
    const Matrix4 E_0A = poseOrWorld(state, loop.bodyA) * loop.E_aA;
    const Matrix4 E_0B = poseOrWorld(state, loop.bodyB) * loop.E_bB;
    const glm::vec3 a = toGlm(Vector3(E_0A.topRightCorner<3, 1>())), b = toGlm(Vector3(E_0B.topRightCorner<3, 1>()));
    out.lines.push_back({a, b, kLoopColor});
    out.markers.push_back({a, 0.010f * sceneSize, kLoopColor});
    out.markers.push_back({b, 0.007f * sceneSize, kLoopColor});
    if (loop.type != LoopType::Hinge) continue;
    const glm::vec3 axis = 0.08f * sceneSize * toGlm(Vector3(E_0A.topLeftCorner<3, 3>() * loop.axis.normalized()));
    out.lines.push_back({a - axis, a + axis, kLoopColor});
  }
}

void addPerturbation(const Model& model, const State& state, float sceneSize, OverlayGeometry& out) {
  const Perturbation& pert = state.perturbation;
  if (pert.body < 0 || pert.body >= posedBodyCount(model, state)) return;
  const glm::vec3 attached = toGlm(transformPoint(state.E_0i[pert.body], pert.pointLocal));
  const glm::vec3 target = toGlm(pert.targetWorld);
  out.lines.push_back({attached, target, kSpringColor});
  out.markers.push_back({attached, 0.010f * sceneSize, kSpringColor});
  out.markers.push_back({target, 0.006f * sceneSize, kSpringColor});
}

// Grey at rest, towards red under tension and blue under compression, relative to scale (N).
glm::vec3 tensionColor(double tension, double scale) {
  const float t = static_cast<float>(std::clamp(tension / scale, -1.0, 1.0));
  return t >= 0.0f ? kRelaxedColor + t * (kTensionColor - kRelaxedColor)
                   : kRelaxedColor - t * (kCompressionColor - kRelaxedColor);
}

}  // namespace

namespace {

constexpr int kAnchorRingSegments = 16;

// A wire circle about `centre` in the plane normal to the unit vector n.
void addRing(const glm::vec3& centre, const glm::vec3& n, float radius, const glm::vec3& colour,
             std::vector<ColoredLine>& out) {
  const glm::vec3 helper = std::abs(n.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
  const glm::vec3 u = glm::normalize(glm::cross(n, helper)), v = glm::cross(n, u);
  auto at = [&](int k) {
    const float a = 6.28318531f * static_cast<float>(k) / kAnchorRingSegments;
    return centre + radius * (std::cos(a) * u + std::sin(a) * v);
  };
  for (int k = 0; k < kAnchorRingSegments; ++k) out.push_back({at(k), at(k + 1), colour});
}

}  // namespace

void addWorldAnchors(const Model& model, float sceneSize, OverlayGeometry& out) {
  for (const Joint& joint : model.joints) {
    const bool free = joint.type == JointType::Free3D || joint.type == JointType::Free2D ||
                      joint.type == JointType::Translational || joint.type == JointType::Planar;
    if (joint.parent >= 0 || free || joint.type == JointType::Fixed) continue;
    const glm::vec3 origin = toGlm(Vector3(joint.E_pj.topRightCorner<3, 1>()));
    const Matrix3 R = joint.E_pj.topLeftCorner<3, 3>();
    const float radius = 0.012f * sceneSize;
    const bool hinge = joint.parts.size() == 1 && joint.type == JointType::Revolute;
    if (!hinge) {  // a wire ball: a pivot about several axes
      for (int a = 0; a < 3; ++a) addRing(origin, toGlm(Vector3(R.col(a))), radius, kAnchorColor, out.lines);
      continue;
    }
    const glm::vec3 axis = glm::normalize(toGlm(Vector3(R * joint.parts[0].axis.normalized())));
    addRing(origin, axis, radius, kAnchorColor, out.lines);  // a bearing about the hinge
    out.lines.push_back({origin - 0.05f * sceneSize * axis, origin + 0.05f * sceneSize * axis, kAnchorColor});
  }
}

void addForceElements(const Model& model, const State& state, float sceneSize, OverlayGeometry& out) {
  if (model.forces.empty() || posedBodyCount(model, state) < model.bodyCount()) return;
  std::vector<ForceElementDrawing> drawings;
  forceElementDrawings(model, state, drawings);
  double scale = 1e-9;
  for (const ForceElementDrawing& d : drawings)
    if (!d.pointForce) scale = std::max(scale, std::abs(d.tension));
  for (const ForceElementDrawing& d : drawings) {
    const glm::vec3 from = toGlm(d.from);
    if (d.pointForce) {  // an arrow of a tenth of the scene along F
      const glm::vec3 tip = from + 0.1f * sceneSize * toGlm(Vector3(d.to - d.from));
      out.lines.push_back({from, tip, kPointForceColor});
      out.markers.push_back({tip, 0.006f * sceneSize, kPointForceColor});
      continue;
    }
    const glm::vec3 color = tensionColor(d.tension, scale);
    out.lines.push_back({from, toGlm(d.to), color});
    out.markers.push_back({from, 0.005f * sceneSize, color});
    out.markers.push_back({toGlm(d.to), 0.005f * sceneSize, color});
  }
}

void addBodyOutline(const Model& model, const State& state, int body, const glm::vec3& colour,
                    std::vector<ColoredLine>& out) {
  if (body < 0 || body >= posedBodyCount(model, state)) return;
  for (const BodyShape& shape : model.bodies[body].shapes) {
    if (!shapeIsDrawable(shape.dims)) continue;
    const Matrix4 E = state.E_0i[body] * shape.E_bs;
    const Vector3 h = shapeHalfExtents(shape.dims);
    const auto corner = [&](int k) {  // bit c of k: the sign along axis c
      const Vector3 local((k & 1) ? h.x() : -h.x(), (k & 2) ? h.y() : -h.y(), (k & 4) ? h.z() : -h.z());
      return toGlm(transformPoint(E, local));
    };
    for (int k = 0; k < 8; ++k)
      for (int bit : {1, 2, 4})
        if (!(k & bit)) out.push_back({corner(k), corner(k | bit), colour});
  }
}

void addGhost(const Model& model, const State& ghost, std::vector<ColoredLine>& out) {
  addGhost(model, ghost, kGhostColor, out);
}

void addGhost(const Model& model, const State& ghost, const glm::vec3& colour, std::vector<ColoredLine>& out) {
  for (int i = 0; i < posedBodyCount(model, ghost); ++i) addBodyOutline(model, ghost, i, colour, out);
}

// What general joints slide on (a spline curve, a patch's iso-lines), in the parent's joint frame.
void addGuideLines(const Model& model, const State& state, std::vector<ColoredLine>& out) {
  const int n = posedBodyCount(model, state);
  for (const Joint& joint : model.joints) {
    if (!joint.general || joint.parent >= n) continue;
    const Matrix4 E_0j = poseOrWorld(state, joint.parent) * joint.E_pj;
    for (const std::vector<Vector3>& polyline : joint.general->guideLines())
      for (std::size_t k = 1; k < polyline.size(); ++k)
        out.push_back({toGlm(transformPoint(E_0j, polyline[k - 1])), toGlm(transformPoint(E_0j, polyline[k])),
                       kGuideColor});
  }
}

void addFrictionForces(const State& state, float sceneSize, std::vector<ColoredLine>& out) {
  const StepOutputs& outputs = state.outputs;
  const int count = std::min<int>(outputs.contactCount, static_cast<int>(outputs.contacts.size()));
  double largestNormal = 0.0;
  for (int c = 0; c < count; ++c) largestNormal = std::max(largestNormal, outputs.contacts[c].normalForce);
  if (!(largestNormal > 0.0)) return;
  const double scale = 0.15 * sceneSize / largestNormal;
  for (int c = 0; c < count; ++c) {
    const ContactOutput& contact = outputs.contacts[c];
    if (contact.friction.norm() <= 1e-9 * largestNormal) continue;
    const Vector3 tip = contact.point + scale * contact.friction;
    out.push_back({toGlm(contact.point), toGlm(tip), kFrictionColor});
  }
}

OverlayGeometry buildOverlayGeometry(const Model& model, const State& state, const Overlays& overlays,
                                     const std::vector<Vector3>& contactPoints, float sceneSize) {
  OverlayGeometry out;
  if (overlays.jointFrames) addJointFrames(model, state, sceneSize, out);
  if (overlays.centresOfMass) addCentresOfMass(model, state, sceneSize, out);
  if (overlays.constraints) addLoops(model, state, sceneSize, out);
  if (overlays.constraints) addGuideLines(model, state, out.lines);
  if (overlays.anchors) addWorldAnchors(model, sceneSize, out);
  if (overlays.forces) addForceElements(model, state, sceneSize, out);
  addPerturbation(model, state, sceneSize, out);
  if (overlays.hoveredBody != overlays.selectedBody)
    addBodyOutline(model, state, overlays.hoveredBody, kHoveredColor, out.lines);
  addBodyOutline(model, state, overlays.selectedBody, kSelectedColor, out.lines);
  if (overlays.contacts) {
    for (const Vector3& p : contactPoints) out.markers.push_back({toGlm(p), 0.008f * sceneSize, kContactColor});
    addFrictionForces(state, sceneSize, out.lines);
  }
  return out;
}

}  // namespace articulab::render
