#include "app/gui/validated_field.hpp"

#include <imgui.h>

namespace articulab::gui {

bool validatedField(const char* label, const std::string& key, double current,
                    const std::function<std::string(double)>& apply, UiState& ui, const char* format) {
  FieldEdit& field = ui.fields[key];
  if (!field.active && field.error.empty()) field.pending = current;
  bool invalid = !field.error.empty();
  if (invalid) ImGui::PushStyleColor(ImGuiCol_FrameBg, ImVec4(0.55f, 0.1f, 0.1f, 1.0f));
  ImGui::PushID(key.c_str());
  ImGui::InputDouble(label, &field.pending, 0.0, 0.0, format);
  ImGui::PopID();
  if (invalid) ImGui::PopStyleColor();
  field.active = ImGui::IsItemActive();
  bool accepted = false;
  if (ImGui::IsItemDeactivatedAfterEdit()) {
    field.error = apply(field.pending);
    accepted = field.error.empty();
  }
  if (!field.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.4f, 0.35f, 1.0f));
    ImGui::TextWrapped("%s: %s", label, field.error.c_str());
    ImGui::PopStyleColor();
  }
  return accepted;
}

}  // namespace articulab::gui
