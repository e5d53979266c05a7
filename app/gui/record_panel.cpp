// The record button and window (issue 16, video): what app/video records, set from the app.
#include <imgui.h>

#include <string>

#include "app/gui/default_file_name.hpp"
#include "app/gui/panels.hpp"
#include "app/gui/ui_scale.hpp"

namespace articulab::gui {

namespace {

video::RecordSettings recordSettingsFrom(const RecordForm& form, const std::string& sceneName) {
  video::RecordSettings s;
  s.fps = form.fps;
  s.width = form.width;
  s.height = form.height;
  s.wholeWindow = form.wholeWindow;
  const std::string path = form.path[0] ? form.path : timestampedFileName(sceneName, ".mp4");
  if (form.png) s.pngDir = form.pngDir[0] ? form.pngDir : path.substr(0, path.rfind('.')) + "_frames";
  else s.path = path;
  return s;
}

void drawRecordFields(Workbench& app, RecordForm& form) {
  ImGui::SetNextItemWidth(uiPixels(120.0f));
  ImGui::InputInt("frames per second (simulated time)", &form.fps);
  int size[2] = {form.width, form.height};
  ImGui::SetNextItemWidth(uiPixels(120.0f));
  if (ImGui::InputInt2("size (0 0: the view's)", size)) {
    form.width = size[0];
    form.height = size[1];
  }
  int width = 0, height = 0;
  app.captureSize(form.wholeWindow, width, height);
  ImGui::TextDisabled("%s now %d x %d pixels; video sides must be even", form.wholeWindow ? "window" : "3D view", width,
                      height);
  ImGui::Checkbox("whole window (panels included)", &form.wholeWindow);
  ImGui::Checkbox("PNG sequence instead of MP4", &form.png);
  ImGui::SetNextItemWidth(uiPixels(380.0f));
  if (form.png) ImGui::InputTextWithHint("directory", "FILE_frames next to the file below", form.pngDir, sizeof form.pngDir);
  ImGui::SetNextItemWidth(uiPixels(380.0f));
  ImGui::InputTextWithHint("file", "SCENE_DATE-TIME.mp4 in the current directory", form.path, sizeof form.path);
}

}  // namespace

void drawRecordButton(Workbench& app) {
  const video::VideoRecorder& recorder = app.recorder();
  if (!recorder.recording()) {
    if (ImGui::SmallButton("rec")) app.ui().record.open = true;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("record a video of the 3D view in simulated time");
    return;
  }
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.75f, 0.1f, 0.1f, 1.0f));
  std::string error;
  if (ImGui::SmallButton("stop")) app.stopRecording(error);
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) wrappedTooltip(recorder.status());
  ImGui::SameLine();
  ImGui::Text("%ld fr", recorder.framesWritten());
  if (ImGui::IsItemHovered()) wrappedTooltip(recorder.status());
}

void drawRecordWindow(Workbench& app) {
  RecordForm& form = app.ui().record;
  if (!form.open) return;
  ImGui::SetNextWindowSize(ImVec2(uiPixels(560.0f), 0.0f), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowPos(ImVec2(40, 80), ImGuiCond_FirstUseEver);
  if (ImGui::Begin("Record video", &form.open)) {
    const video::VideoRecorder& recorder = app.recorder();
    ImGui::BeginDisabled(recorder.recording());
    drawRecordFields(app, form);
    ImGui::EndDisabled();
    std::string error;
    const Snapshot& snap = app.snapshot();
    const std::string scene = snap.model ? snap.model->name : "";
    if (!recorder.recording()) {
      if (ImGui::Button("start recording")) app.startRecording(recordSettingsFrom(form, scene), error);
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("a frame every 1/fps s of simulated time of what the view shows: the live run, or the "
                          "history as you play it back");
      ImGui::SameLine();
      ImGui::BeginDisabled(snap.history.keyframes == 0);
      if (ImGui::Button("record the history")) app.startHistoryRecording(recordSettingsFrom(form, scene), error);
      ImGui::EndDisabled();
      if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("the whole history, %.2f to %.2f s, a frame every 1/fps s of simulated time; stops at its end",
                          snap.history.firstTime, snap.history.lastTime);
    } else if (ImGui::Button("stop recording")) {
      app.stopRecording(error);
    }
    ImGui::SameLine();
    ImGui::TextDisabled("frames in simulated time");
    if (!recorder.status().empty()) ImGui::TextWrapped("%s", recorder.status().c_str());
    if (!recorder.note().empty()) ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.3f, 1.0f), "%s", recorder.note().c_str());
    if (!app.recordingError().empty())
      ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "%s", app.recordingError().c_str());
  }
  ImGui::End();
}

}  // namespace articulab::gui
