#include <imgui.h>

#include "app/gui/panels.hpp"

namespace articulab::gui {

namespace {

ImVec4 levelColour(spdlog::level::level_enum level) {
  switch (level) {
    case spdlog::level::err:
    case spdlog::level::critical: return ImVec4(1.0f, 0.45f, 0.4f, 1.0f);
    case spdlog::level::warn: return ImVec4(1.0f, 0.8f, 0.35f, 1.0f);
    case spdlog::level::debug:
    case spdlog::level::trace: return ImVec4(0.6f, 0.6f, 0.6f, 1.0f);
    default: return ImGui::GetStyleColorVec4(ImGuiCol_Text);
  }
}

}  // namespace

void drawLogPanel(Workbench& app) {
  UiState& ui = app.ui();
  if (ImGui::SmallButton("Clear")) app.logSink().clearLines();
  ImGui::SameLine();
  ImGui::Checkbox("follow new lines", &ui.logAutoScroll);
  ImGui::BeginChild("log lines", ImVec2(0.0f, 0.0f), true, ImGuiWindowFlags_HorizontalScrollbar);
  std::vector<LogLine> lines = app.logSink().lines();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(lines.size()));
  while (clipper.Step())
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i)
      ImGui::TextColored(levelColour(lines[i].level), "%s", lines[i].text.c_str());
  if (ui.logAutoScroll) ImGui::SetScrollHereY(1.0f);
  ImGui::EndChild();
}

}  // namespace articulab::gui
