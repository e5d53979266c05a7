#include "render/camera_follow.hpp"

#include <algorithm>

#include "render/eigen_glm.hpp"

namespace articulab::render {

namespace {

Vector3 bodyCentreOfMass(const Model& model, const State& state, int body) {
  const Matrix4& E = state.E_0i[body];
  return E.topLeftCorner<3, 3>() * model.bodies[body].com + E.topRightCorner<3, 1>();
}

}  // namespace

std::optional<glm::vec3> followedPoint(const Model& model, const State& state, const FollowTarget& target) {
  const int posed = std::min(model.bodyCount(), static_cast<int>(state.E_0i.size()));
  if (target.kind == FollowTarget::Kind::Body) {
    if (target.body < 0 || target.body >= posed) return std::nullopt;
    return toGlm(bodyCentreOfMass(model, state, target.body));
  }
  if (target.kind != FollowTarget::Kind::CentreOfMass || posed == 0 || posed < model.bodyCount()) return std::nullopt;
  Vector3 weighted = Vector3::Zero();
  double mass = 0.0;
  for (int i = 0; i < posed; ++i) {
    weighted += model.bodies[i].mass * bodyCentreOfMass(model, state, i);
    mass += model.bodies[i].mass;
  }
  if (mass <= 0.0) return std::nullopt;
  return toGlm(Vector3(weighted / mass));
}

void CameraFollow::follow(const FollowTarget& target, Camera& camera, const Model& model, const State& state) {
  target_ = target;
  last_ = followedPoint(model, state, target);
  if (last_) camera.target = *last_;
}

void CameraFollow::update(Camera& camera, const Model& model, const State& state) {
  if (!active()) return;
  const std::optional<glm::vec3> now = followedPoint(model, state, target_);
  if (now && last_) camera.target += *now - *last_;
  if (now) last_ = now;
}

}  // namespace articulab::render
