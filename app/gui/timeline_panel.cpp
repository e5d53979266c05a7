// The history timeline along the bottom of the 3D view (issue 16; the session's history).
#include <imgui.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdio>

#include "app/gui/panels.hpp"
#include "app/gui/ui_scale.hpp"

namespace articulab::gui {

namespace {

// Moves the keyframe shown by the playback: direction times speed times the last frame's time.
void advancePlayback(Workbench& app, const HistoryView& h) {
  HistoryPlayback& playback = app.ui().playback;
  if (playback.direction == 0 || !h.viewing) return;
  double t = h.viewTime + playback.direction * playback.speed * std::max(app.lastFrameSeconds(), 1.0 / 240.0);
  if (t <= h.firstTime || t >= h.lastTime) playback.direction = 0;  // an end: stop there
  std::string error;
  app.session().history().view(std::clamp(t, h.firstTime, h.lastTime), error);
}

void stepKeyframe(Workbench& app, const HistoryView& h, int direction) {
  const double keyframe = (h.lastTime - h.firstTime) / std::max<double>(1.0, double(h.keyframes) - 1.0);
  const double from = h.viewing ? h.viewTime : h.lastTime;
  std::string error;
  app.session().history().view(std::clamp(from + (direction + 0.5) * keyframe, h.firstTime, h.lastTime), error);
}

void drawTransportButtons(Workbench& app, const HistoryView& h) {
  HistoryPlayback& playback = app.ui().playback;
  std::string error;
  if (ImGui::SmallButton("|<")) app.session().history().view(h.firstTime, error);
  ImGui::SameLine();
  if (ImGui::SmallButton("<|")) stepKeyframe(app, h, -1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("one keyframe back");
  ImGui::SameLine();
  if (ImGui::SmallButton(playback.direction < 0 ? "||##back" : "<<")) {
    playback.direction = playback.direction < 0 ? 0 : -1;
    if (!h.viewing) app.session().history().view(h.lastTime, error);
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("play the history backwards");
  ImGui::SameLine();
  if (ImGui::SmallButton(playback.direction > 0 ? "||##forth" : ">>"))
    playback.direction = playback.direction > 0 ? 0 : 1;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("play the history forwards");
  ImGui::SameLine();
  if (ImGui::SmallButton("|>")) stepKeyframe(app, h, 1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("one keyframe on");
}

void drawResumeButtons(Workbench& app, const HistoryView& h) {
  ImGui::BeginDisabled(!h.viewing);
  if (ImGui::SmallButton("resume here")) {
    std::string error;
    app.ui().playback.direction = 0;
    if (!app.session().history().resume(error)) spdlog::error("resume: {}", error);
  }
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("continue the run from the moment shown; what followed it is dropped");
  ImGui::SameLine();
  if (ImGui::SmallButton("live")) {
    app.ui().playback.direction = 0;
    app.session().history().viewLive();
  }
  ImGui::EndDisabled();
}

}  // namespace

void drawTimeline(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  if (!snap.model) return;
  const HistoryView& h = snap.history;
  advancePlayback(app, h);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const ViewRegion view = viewRegion(display.x, display.y, true, app.ui().layout);
  const float height = timelineHeight(app.ui().layout);
  ImGui::SetNextWindowPos(ImVec2(view.x, view.y + view.height - height));
  ImGui::SetNextWindowSize(ImVec2(view.width, height));
  ImGui::SetNextWindowBgAlpha(0.75f);
  constexpr ImGuiWindowFlags kBar = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing;
  if (ImGui::Begin("##timeline", nullptr, kBar)) {
    drawRecordButton(app);
    ImGui::SameLine();
    drawTransportButtons(app, h);
    ImGui::SameLine();
    char label[96];
    std::snprintf(label, sizeof label, h.viewing ? "t = %.3f s (history)" : "t = %.3f s (live)",
                  h.viewing ? h.viewTime : snap.state.t);
    float t = static_cast<float>(h.viewing ? h.viewTime : h.lastTime);
    ImGui::SetNextItemWidth(std::max(uiPixels(80.0f), view.width - uiPixels(560.0f)));
    if (ImGui::SliderFloat("##history time", &t, static_cast<float>(h.firstTime),
                           static_cast<float>(std::max(h.lastTime, h.firstTime + 1e-9)), label)) {
      std::string error;
      app.ui().playback.direction = 0;
      app.session().history().view(t, error);
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("history %.2f to %.2f s, %zu keyframes, %.1f of %.0f MB; drag to go back in time", h.firstTime,
                        h.lastTime, h.keyframes, h.megabytes, h.capMegabytes);
    ImGui::SameLine();
    drawResumeButtons(app, h);
  }
  ImGui::End();
}

}  // namespace articulab::gui
