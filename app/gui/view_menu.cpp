#include <imgui.h>

#include "app/gui/panels.hpp"

namespace articulab::gui {

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
  if (ImGui::MenuItem("Frame the scene", "F")) app.frameScene();
  ImGui::MenuItem("Panels", "H", &app.ui().showPanels);
  ImGui::EndMenu();
}

}  // namespace articulab::gui
