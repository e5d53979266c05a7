// Mouse control of the 3D view (when the pointer is not over a panel):
//   left drag: orbit          middle drag or shift + left drag: pan          wheel: zoom
//   left click (press and release within 4 px): select the body under the pointer (or none)
//   hover: the body under the pointer is outlined (render::Overlays::hoveredBody)
//   ctrl + left drag or right drag on a body: pull it with a spring towards the mouse
// The pull target moves on the plane through the grabbed point facing the camera; the spring's
// stiffness is proportional to the body's mass, and it acts as a force in the simulation
// (State::perturbation), so the energy plots show the work it does.
#pragma once

#include <optional>

#include "app/gui/session_names.hpp"
#include "render/camera.hpp"

namespace articulab::gui {

// A rectangle of the window in window pixels, y down.
struct ViewRegion {
  float x, y, width, height;
  bool contains(float px, float py) const { return px >= x && py >= y && px < x + width && py < y + height; }
};

// Spring of the mouse pull per kilogram of the grabbed body: k = kPullStiffnessPerKg m
// (a 1 kg body alone would oscillate at about 2.3 Hz) and c = 2 zeta sqrt(k m).
constexpr double kPullStiffnessPerKg = 200.0;  // N/m per kg
constexpr double kPullDampingRatio = 0.3;

// The spring that pulls body `body`'s point towards target.
Perturbation makePull(const Model& model, int body, const Vector3& pointLocal, const Vector3& target);

// The body whose shape the ray through window pixel (x, y) of the view hits first; -1 for none.
int bodyAt(const Snapshot& snapshot, const render::Camera& camera, const ViewRegion& view, float x, float y);

class ViewportInput {
 public:
  // Reads ImGui's mouse state for this frame (call between ImGui::NewFrame and ImGui::Render);
  // view is where the 3D view is drawn. Drags start only inside it, off the panels.
  void update(const Snapshot& snapshot, render::Camera& camera, Session& session, const ViewRegion& view);
  // Stops pulling (when the scene changes).
  void cancel(Session& session);
  bool pulling() const { return drag_ == Drag::Pull; }
  // The body a click selected since the last call (-1: a click on nothing), once.
  std::optional<int> takeClick();
  // The body under the pointer in the last update (-1: none, or while dragging or over a panel).
  int hovered() const { return hovered_; }

 private:
  enum class Drag { None, Orbit, Pan, Pull };
  void begin(const Snapshot& snapshot, const render::Camera& camera, Session& session, const ViewRegion& view);
  void moveTarget(const Snapshot& snapshot, const render::Camera& camera, Session& session,
                  const ViewRegion& view);

  Drag drag_ = Drag::None;
  int body_ = -1;
  Vector3 pointLocal_ = Vector3::Zero();
  Vector3 planePoint_ = Vector3::Zero(), planeNormal_ = Vector3::UnitZ();
  float pressX_ = 0.0f, pressY_ = 0.0f;  // where the left button went down
  bool clickCandidate_ = false;          // the mouse has not moved beyond kClickSlop since
  std::optional<int> click_;
  int hovered_ = -1;
};

}  // namespace articulab::gui
