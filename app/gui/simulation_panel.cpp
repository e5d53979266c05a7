#include <imgui.h>

#include "app/gui/panels.hpp"
#include "app/gui/validated_field.hpp"
#include "app/gui/ui_scale.hpp"

namespace articulab::gui {

namespace {

void drawTransport(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  std::string error;
  bool failed = !snap.failure.empty();
  ImGui::BeginDisabled(!snap.model || failed);
  if (ImGui::Button(snap.running ? "Pause" : "Play", ImVec2(70.0f, 0.0f)) &&
      !app.session().setRunning(!snap.running, error))
    app.showError(error);
  ImGui::SameLine();
  if (ImGui::Button("Step") && !app.session().stepOnce(error)) app.showError(error);
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Reset")) app.session().reset();
  ImGui::SameLine();
  ImGui::Text("t = %.3f s  (step %ld)", snap.state.t, snap.state.step);
}

void drawRealTimeFactor(const Snapshot& snap) {
  if (!snap.running) {
    ImGui::TextDisabled("paused");
    return;
  }
  bool behind = snap.stats.realTimeFactor < 0.9 * snap.speed;
  ImVec4 colour = behind ? ImVec4(1.0f, 0.6f, 0.2f, 1.0f) : ImVec4(0.5f, 0.9f, 0.5f, 1.0f);
  ImGui::TextColored(colour, "%.3gx real time (target %.3gx)%s", snap.stats.realTimeFactor, snap.speed,
                     behind ? ": cannot keep up" : "");
}

// The history's memory cap and length (the timeline under the 3D view scrubs it); a change
// clears it.
void drawHistoryLimits(Workbench& app) {
  const HistoryView& h = app.snapshot().history;
  Session& sim = app.session();
  ImGui::SetNextItemWidth(uiPixels(120.0f));
  validatedField("history cap [MB]", "sim.historyMegabytes", h.capMegabytes, [&](double v) {
    std::string error;
    sim.history().setLimits(v, h.capSeconds, error);
    return error;
  }, app.ui(), "%.0f");
  ImGui::SetNextItemWidth(uiPixels(120.0f));
  validatedField("history length [s]", "sim.historySeconds", h.capSeconds, [&](double v) {
    std::string error;
    sim.history().setLimits(h.capMegabytes, v, error);
    return error;
  }, app.ui(), "%.3g");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("0: the whole run, up to the memory cap");
  ImGui::TextDisabled("history: %.2f s, %.1f MB held", h.lastTime - h.firstTime, h.megabytes);
}

}  // namespace

void drawSimulationPanel(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  Session& sim = app.session();
  drawTransport(app);
  drawRealTimeFactor(snap);
  ImGui::SetNextItemWidth(uiPixels(120.0f));
  validatedField("speed multiplier", "sim.speed", snap.speed, [&](double v) {
    std::string error;
    sim.setSpeed(v, error);
    return error;
  }, app.ui(), "%.3g");
  for (double preset : {0.1, 0.25, 0.5, 1.0, 2.0, 4.0}) {
    if (preset != 0.1) ImGui::SameLine();
    char label[16];
    std::snprintf(label, sizeof label, "%gx", preset);
    std::string error;
    if (ImGui::SmallButton(label)) {
      sim.setSpeed(preset, error);
      app.ui().fields.erase("sim.speed");
    }
  }
  ImGui::SetNextItemWidth(uiPixels(120.0f));
  validatedField("step size [s]", "sim.dt", snap.dt, [&](double v) {
    std::string error;
    sim.choices().setStepSize(v, error);
    return error;
  }, app.ui(), "%.6g");
  drawHistoryLimits(app);
}

}  // namespace articulab::gui
