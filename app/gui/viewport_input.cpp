#include "app/gui/viewport_input.hpp"

#include <imgui.h>
#include <spdlog/spdlog.h>

#include <cmath>

#include "render/picking.hpp"
#include "render/renderer.hpp"

namespace articulab::gui {

namespace {

struct ViewPoint {
  float ndcX, ndcY, aspect;
};

ViewPoint pointInView(const ViewRegion& view, float x, float y) {
  float w = std::max(1.0f, view.width), h = std::max(1.0f, view.height);
  return {2.0f * (x - view.x) / w - 1.0f, 1.0f - 2.0f * (y - view.y) / h, w / h};
}

ViewPoint mouseInView(const ViewRegion& view) {
  const ImGuiIO& io = ImGui::GetIO();
  return pointInView(view, io.MousePos.x, io.MousePos.y);
}

constexpr float kClickSlop = 4.0f;  // px the mouse may move between press and release of a click

}  // namespace

int bodyAt(const Snapshot& snapshot, const render::Camera& camera, const ViewRegion& view, float x, float y) {
  if (!snapshot.model || !view.contains(x, y)) return -1;
  const ViewPoint p = pointInView(view, x, y);
  return render::pickBody(*snapshot.model, snapshot.state, render::rayThroughView(camera, p.ndcX, p.ndcY, p.aspect)).body;
}

std::optional<int> ViewportInput::takeClick() {
  std::optional<int> click = click_;
  click_.reset();
  return click;
}

Perturbation makePull(const Model& model, int body, const Vector3& pointLocal, const Vector3& target) {
  double mass = model.bodies[body].mass;
  Perturbation pull;
  pull.body = body;
  pull.pointLocal = pointLocal;
  pull.targetWorld = target;
  pull.stiffness = kPullStiffnessPerKg * mass;
  pull.damping = 2.0 * kPullDampingRatio * std::sqrt(pull.stiffness * mass);
  return pull;
}

void ViewportInput::update(const Snapshot& snapshot, render::Camera& camera, Session& session,
                           const ViewRegion& view) {
  const ImGuiIO& io = ImGui::GetIO();
  bool anyDown = io.MouseDown[0] || io.MouseDown[1] || io.MouseDown[2];
  if (drag_ == Drag::Orbit && (std::abs(io.MousePos.x - pressX_) > kClickSlop || std::abs(io.MousePos.y - pressY_) > kClickSlop))
    clickCandidate_ = false;
  if (drag_ != Drag::None && !anyDown) {
    if (drag_ == Drag::Pull) cancel(session);
    if (drag_ == Drag::Orbit && clickCandidate_) click_ = bodyAt(snapshot, camera, view, io.MousePos.x, io.MousePos.y);
    drag_ = Drag::None;
  }
  if (drag_ == Drag::None && !io.WantCaptureMouse && view.contains(io.MousePos.x, io.MousePos.y)) {
    if (io.MouseWheel != 0.0f) camera.zoom(io.MouseWheel);
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) || ImGui::IsMouseClicked(ImGuiMouseButton_Right) ||
        ImGui::IsMouseClicked(ImGuiMouseButton_Middle))
      begin(snapshot, camera, session, view);
  }
  if (drag_ == Drag::Orbit) camera.orbit(io.MouseDelta.x, io.MouseDelta.y);
  if (drag_ == Drag::Pan) camera.pan(io.MouseDelta.x, io.MouseDelta.y);
  if (drag_ == Drag::Pull) moveTarget(snapshot, camera, session, view);
  const bool free = drag_ == Drag::None && !io.WantCaptureMouse;
  hovered_ = free ? bodyAt(snapshot, camera, view, io.MousePos.x, io.MousePos.y) : -1;
}

void ViewportInput::begin(const Snapshot& snapshot, const render::Camera& camera, Session& session,
                          const ViewRegion& view) {
  const ImGuiIO& io = ImGui::GetIO();
  bool left = ImGui::IsMouseClicked(ImGuiMouseButton_Left), right = ImGui::IsMouseClicked(ImGuiMouseButton_Right);
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Middle) || (left && io.KeyShift)) {
    drag_ = Drag::Pan;
    return;
  }
  if (left && !io.KeyCtrl) {
    drag_ = Drag::Orbit;  // or a click that selects a body, if the mouse stays put
    pressX_ = io.MousePos.x;
    pressY_ = io.MousePos.y;
    clickCandidate_ = true;
    return;
  }
  if (!(right || (left && io.KeyCtrl)) || !snapshot.model) return;
  ViewPoint point = mouseInView(view);
  render::PickResult hit = render::pickBody(*snapshot.model, snapshot.state,
                                            render::rayThroughView(camera, point.ndcX, point.ndcY, point.aspect));
  if (hit.body < 0) return;
  drag_ = Drag::Pull;
  body_ = hit.body;
  pointLocal_ = hit.pointLocal;
  planePoint_ = hit.pointWorld;
  glm::vec3 forward = camera.forward();
  planeNormal_ = Vector3(forward.x, forward.y, forward.z).normalized();
  session.setPerturbation(makePull(*snapshot.model, body_, pointLocal_, planePoint_));
  spdlog::info("pulling body {} ({})", body_, snapshot.model->bodies[body_].name);
}

// Target = intersection of the mouse ray with the plane through the grabbed point facing the camera.
void ViewportInput::moveTarget(const Snapshot& snapshot, const render::Camera& camera, Session& session,
                               const ViewRegion& view) {
  if (!snapshot.model || body_ >= snapshot.model->bodyCount()) {
    cancel(session);
    return;
  }
  ViewPoint point = mouseInView(view);
  render::Ray ray = render::rayThroughView(camera, point.ndcX, point.ndcY, point.aspect);
  double along = ray.direction.dot(planeNormal_);
  if (std::abs(along) < 1e-6) return;
  double distance = (planePoint_ - ray.origin).dot(planeNormal_) / along;
  if (distance <= 0.0) return;
  session.setPerturbation(makePull(*snapshot.model, body_, pointLocal_, ray.origin + distance * ray.direction));
}

void ViewportInput::cancel(Session& session) {
  if (drag_ == Drag::Pull) session.setPerturbation(Perturbation{});
  drag_ = Drag::None;
  body_ = -1;
}

}  // namespace articulab::gui
