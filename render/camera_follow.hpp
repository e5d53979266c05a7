// A camera that follows a body's centre of mass, or the centre of mass of the whole mechanism, so
// that a rolling ball or a falling chain stays in view: each frame the camera's target moves by
// the followed point's motion since the last frame, so the user's orbit, zoom and pan stay.
#pragma once

#include <optional>

#include <glm/glm.hpp>

#include "engine/multibody/state.hpp"
#include "render/camera.hpp"

namespace articulab::render {

struct FollowTarget {
  enum class Kind { None, Body, CentreOfMass };
  Kind kind = Kind::None;
  int body = -1;  // for Kind::Body
};

// The followed point in the world: a body's centre of mass, or the mass-weighted mean of all
// bodies' (nothing when nothing is followed, the body does not exist or the state is not posed).
std::optional<glm::vec3> followedPoint(const Model& model, const State& state, const FollowTarget& target);

class CameraFollow {
 public:
  // Starts following: the camera looks at the point now (its direction and distance stay).
  void follow(const FollowTarget& target, Camera& camera, const Model& model, const State& state);
  void stop() { *this = CameraFollow{}; }
  // Moves the camera's target by the followed point's motion since the last call.
  void update(Camera& camera, const Model& model, const State& state);
  const FollowTarget& target() const { return target_; }
  bool active() const { return target_.kind != FollowTarget::Kind::None; }

 private:
  FollowTarget target_;
  std::optional<glm::vec3> last_;
};

}  // namespace articulab::render
