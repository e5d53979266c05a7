#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cstdio>

#include "app/gui/panels.hpp"
#include "app/gui/ui_scale.hpp"

namespace articulab::gui {

namespace {

// Standard directions (keys 1-4) and the follow camera: the selected body or the centre of mass.
void drawCameraMenu(Workbench& app) {
  if (!ImGui::BeginMenu("Camera")) return;
  const char* keys[] = {"1", "2", "3", "4"};
  for (int k = 0; k < 4; ++k)
    if (ImGui::MenuItem(render::cameraPresetName(render::kCameraPresets[k]), keys[k]))
      app.applyCameraPreset(render::kCameraPresets[k]);
  ImGui::Separator();
  using Kind = render::FollowTarget::Kind;
  const render::FollowTarget& followed = app.followed();
  const int selected = app.ui().overlays.selectedBody;
  if (ImGui::MenuItem("Follow nothing", nullptr, followed.kind == Kind::None)) app.followInView({});
  if (ImGui::MenuItem("Follow the centre of mass", nullptr, followed.kind == Kind::CentreOfMass))
    app.followInView({Kind::CentreOfMass, -1});
  const bool followsSelected = followed.kind == Kind::Body && followed.body == selected;
  if (ImGui::MenuItem("Follow the selected body", nullptr, followsSelected, selected >= 0))
    app.followInView({Kind::Body, selected});
  ImGui::EndMenu();
}

// Fonts and widgets: the monitor's content scale (the default) or a fixed scale, kept between sessions.
void drawUiScaleMenu(Workbench& app) {
  if (!ImGui::BeginMenu("UI scale")) return;
  float& chosen = app.ui().uiScale;
  char label[48];
  std::snprintf(label, sizeof label, "the monitor's (%.0f %%)", 100.0f * monitorContentScale(glfwGetCurrentContext()));
  if (ImGui::MenuItem(label, nullptr, chosen == 0.0f)) chosen = 0.0f;
  for (float scale : kUiScales) {
    std::snprintf(label, sizeof label, "%.0f %%", 100.0f * scale);
    if (ImGui::MenuItem(label, nullptr, chosen == scale)) chosen = scale;
  }
  ImGui::EndMenu();
}

}  // namespace

void drawViewMenu(Workbench& app) {
  if (!ImGui::BeginMenu("View")) return;
  render::Overlays& overlays = app.ui().overlays;
  ImGui::MenuItem("Joint frames", nullptr, &overlays.jointFrames);
  ImGui::MenuItem("Centres of mass", nullptr, &overlays.centresOfMass);
  ImGui::MenuItem("Constraints", nullptr, &overlays.constraints);
  ImGui::MenuItem("Contacts", nullptr, &overlays.contacts);
  ImGui::MenuItem("Force elements", nullptr, &overlays.forces);
  ImGui::MenuItem("World anchors", nullptr, &overlays.anchors);
  ImGui::MenuItem("Muscles", nullptr, &overlays.muscles);
  if (ImGui::BeginMenu("Muscle colour")) {
    using render::MuscleColouring;
    if (ImGui::MenuItem("activation", nullptr, overlays.muscleColouring == MuscleColouring::Activation))
      overlays.muscleColouring = MuscleColouring::Activation;
    if (ImGui::MenuItem("force f / f_opt", nullptr, overlays.muscleColouring == MuscleColouring::Force))
      overlays.muscleColouring = MuscleColouring::Force;
    ImGui::EndMenu();
  }
  ImGui::MenuItem("Ground grid", nullptr, &overlays.grid);
  ImGui::MenuItem("Shadows", nullptr, &overlays.shadows);
  ImGui::Separator();
  if (ImGui::MenuItem("Frame the recent motion", "F")) app.frameRecentMotion();
  drawCameraMenu(app);
  ImGui::MenuItem("Panels", "H", &app.ui().showPanels);
  drawUiScaleMenu(app);
  ImGui::EndMenu();
}

}  // namespace articulab::gui
