// The Muscles panel (one excitation slider per muscle and its readings), the chooser of the
// muscle plot, and the colour legend of the muscles in the 3D view.
#include <imgui.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdio>

#include "app/gui/panels.hpp"
#include "engine/forces/muscle_readings.hpp"
#include "render/muscle_drawing.hpp"
#include "app/gui/ui_scale.hpp"

namespace articulab::gui {

namespace {

const ImVec4 kMuscleErrorColour(1.0f, 0.4f, 0.35f, 1.0f);

bool muscleFollowsSchedule(const Snapshot& snap, std::size_t m) {
  const Model* scene = snap.sceneModel.get();
  return scene && m < scene->muscles.size() &&
         sameExcitation(snap.model->muscles[m].excitation, scene->muscles[m].excitation);
}

// The slider holds the excitation constant at the value dragged to (through the model-edit
// path, so the edit takes effect at the next step and stays across back-end switches). While an
// edit waits for a running step, further moves are kept and the last one is sent on release.
void drawExcitationSlider(Workbench& app, int m, const MuscleReading& reading, bool scheduled) {
  const Snapshot& snap = app.snapshot();
  const std::string& name = snap.model->muscles[m].name;
  FieldEdit& field = app.ui().fields["muscle" + std::to_string(m) + ".excitation"];
  double u = field.active ? field.pending : reading.excitation;
  const double lo = 0.0, hi = 1.0;
  ImGui::SetNextItemWidth(-FLT_MIN);
  const bool changed = ImGui::SliderScalar("##excitation", ImGuiDataType_Double, &u, &lo, &hi,
                                           scheduled ? "u = %.3f (schedule)" : "u = %.3f (held)");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("excitation of %s: drag (or ctrl+click and type) to hold it constant from the next step;\n"
                      "the activation follows with its time constants", name.c_str());
  field.active = ImGui::IsItemActive();
  if (changed) field.pending = u;
  const bool released = ImGui::IsItemDeactivatedAfterEdit();
  if (!(changed && snap.queuedCommands.empty()) && !released) return;
  const double value = released ? field.pending : u;
  field.error = app.session().edits().muscleExcitation(m, value, false);
  if (released && field.error.empty()) spdlog::info("muscle {} '{}': excitation held at {:.4g}", m, name, value);
}

// A table of many muscles scrolls inside a box of kVisibleMuscleRows rows (plus its header), so
// that the panels below stay in reach at 1280x720; zero height: as tall as its rows.
constexpr int kVisibleMuscleRows = 6;

ImVec2 muscleTableSize(std::size_t muscles, bool header) {
  if (muscles <= static_cast<std::size_t>(kVisibleMuscleRows)) return ImVec2(0.0f, 0.0f);
  const float rows = kVisibleMuscleRows + (header ? 1.0f : 0.0f) + 0.5f;  // half a row shows there is more
  return ImVec2(0.0f, rows * ImGui::GetFrameHeightWithSpacing());
}

ImGuiTableFlags muscleTableScroll(std::size_t muscles) {
  return muscles > static_cast<std::size_t>(kVisibleMuscleRows) ? ImGuiTableFlags_ScrollY : ImGuiTableFlags_None;
}

void drawMuscleSliders(Workbench& app, const std::vector<MuscleReading>& readings) {
  const Snapshot& snap = app.snapshot();
  const Model& model = *snap.model;
  const std::size_t count = model.muscles.size();
  if (!ImGui::BeginTable("muscle sliders", 3, ImGuiTableFlags_SizingFixedFit | muscleTableScroll(count),
                         muscleTableSize(count, false)))
    return;
  ImGui::TableSetupColumn("muscle", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("excitation", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("schedule", ImGuiTableColumnFlags_WidthFixed);
  for (int m = 0; m < static_cast<int>(model.muscles.size()); ++m) {
    const bool scheduled = muscleFollowsSchedule(snap, m);
    ImGui::PushID(m);
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(model.muscles[m].name.c_str());
    ImGui::TableSetColumnIndex(1);
    drawExcitationSlider(app, m, readings[m], scheduled);
    ImGui::TableSetColumnIndex(2);
    ImGui::BeginDisabled(scheduled || !snap.sceneModel);
    if (ImGui::Button("schedule")) {
      const std::string error = app.session().edits().restoreMuscleSchedule(m);
      app.ui().fields["muscle" + std::to_string(m) + ".excitation"].error = error;
      if (error.empty()) spdlog::info("muscle {} '{}': excitation follows the scene's schedule again", m, model.muscles[m].name);
    }
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip(scheduled ? "the excitation follows the scene's schedule" : "back to the scene's excitation schedule");
    ImGui::PopID();
  }
  ImGui::EndTable();
  for (int m = 0; m < static_cast<int>(model.muscles.size()); ++m) {
    const FieldEdit* field = nullptr;
    if (auto it = app.ui().fields.find("muscle" + std::to_string(m) + ".excitation"); it != app.ui().fields.end())
      field = &it->second;
    if (field && !field->error.empty()) ImGui::TextColored(kMuscleErrorColour, "%s", field->error.c_str());
  }
}

void drawMuscleReadings(const Model& model, const std::vector<MuscleReading>& readings) {
  if (!ImGui::BeginTable("muscle readings", 5,
                         ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg | muscleTableScroll(readings.size()),
                         muscleTableSize(readings.size(), true)))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);  // the header stays when the rows scroll
  for (const char* header : {"muscle", "activation", "force [N]", "length [m]", "velocity [m/s]"})
    ImGui::TableSetupColumn(header);
  ImGui::TableHeadersRow();
  for (std::size_t m = 0; m < readings.size(); ++m) {
    const MuscleReading& r = readings[m];
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted(model.muscles[m].name.c_str());
    ImGui::TableSetColumnIndex(1);
    ImGui::Text("%.3f", r.activation);
    ImGui::TableSetColumnIndex(2);
    ImGui::Text("%.1f", r.force);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("active %.1f N + passive %.1f N; f / f_opt = %.3f", r.active, r.passive,
                        r.force / model.muscles[m].maxIsometricForce);
    ImGui::TableSetColumnIndex(3);
    ImGui::Text("%.4f", r.length);
    ImGui::TableSetColumnIndex(4);
    ImGui::Text("%+.4f", r.velocity);
  }
  ImGui::EndTable();
}

}  // namespace

void drawMusclesPanel(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  if (!snap.model || snap.model->muscles.empty()) return;
  const Model& model = *snap.model;
  if (static_cast<int>(snap.state.E_0i.size()) < model.bodyCount()) return;
  std::vector<MuscleReading>& readings = app.ui().muscleReadings;  // reused frame to frame
  readings.resize(model.muscles.size());
  for (std::size_t m = 0; m < model.muscles.size(); ++m) readings[m] = readMuscle(model, snap.state, m);
  drawMuscleSliders(app, readings);
  drawMuscleReadings(model, readings);
  ImGui::TextDisabled("velocity > 0 while lengthening");
}

void drawMusclePlotChooser(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  const TimeSeries& data = app.plotData();
  const SampleLayout layout = sampleLayout(data.channels());
  if (layout.muscles == 0 || !snap.model) return;
  MusclePlotChoice& choice = app.ui().musclePlot;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("muscle plot");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(uiPixels(120.0f));
  if (ImGui::BeginCombo("##muscle plot", musclePlotName(choice.plot))) {
    for (int k = 0; k < kMusclePlotCount; ++k) {
      const MusclePlot plot = static_cast<MusclePlot>(k);
      if (ImGui::Selectable(musclePlotName(plot), plot == choice.plot)) choice.plot = plot;
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  const std::size_t shown = static_cast<std::size_t>(std::count(choice.hidden.begin(), choice.hidden.end(), false)) +
                            (layout.muscles > choice.hidden.size() ? layout.muscles - choice.hidden.size() : 0);
  const std::string label = "muscles " + std::to_string(shown) + "/" + std::to_string(layout.muscles) + "...";
  if (ImGui::Button(label.c_str())) ImGui::OpenPopup("plotted muscles");
  if (ImGui::BeginPopup("plotted muscles")) {
    const std::size_t count = std::min(layout.muscles, snap.model->muscles.size());
    choice.hidden.resize(std::max(choice.hidden.size(), count), false);
    for (std::size_t m = 0; m < count; ++m) {
      bool shown = !choice.hidden[m];
      if (ImGui::Checkbox(snap.model->muscles[m].name.c_str(), &shown)) choice.hidden[m] = !shown;
    }
    if (ImGui::SmallButton("all")) std::fill(choice.hidden.begin(), choice.hidden.end(), false);
    ImGui::SameLine();
    if (ImGui::SmallButton("none")) std::fill(choice.hidden.begin(), choice.hidden.end(), true);
    ImGui::EndPopup();
  }
  ImGui::SameLine();
  ImGui::Checkbox("drift plot", &choice.showDrift);
}

// Bottom left of the 3D view: what the muscles' colour, width and dots mean.
void drawMuscleLegend(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  const UiState& ui = app.ui();
  if (!snap.model || snap.model->muscles.empty() || !ui.overlays.muscles) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const ViewRegion view = viewRegion(display.x, display.y, ui.showPanels, ui.layout);
  const bool force = ui.overlays.muscleColouring == render::MuscleColouring::Force;
  const char* title = force ? "muscle colour: force f / f_opt" : "muscle colour: activation";
  const char* note = "width: f_opt; dots: path points";
  const float line = ImGui::GetTextLineHeight(), pad = 6.0f, barWidth = 150.0f, barHeight = 9.0f;
  const float overload = force ? 0.5f * barWidth * float(render::kMuscleOverloadEnd - 1.0) : 0.0f;
  const float width = std::max({ImGui::CalcTextSize(title).x, ImGui::CalcTextSize(note).x, barWidth + overload + 20.0f});
  const float height = 3.0f * line + barHeight + 4.0f * pad;
  const float bottom = view.y + view.height - (ui.showPanels ? timelineHeight(ui.layout) : 0.0f);
  const ImVec2 lo(view.x + 10.0f, bottom - height - 10.0f), hi(lo.x + width + 2.0f * pad, lo.y + height);
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  draw->AddRectFilled(lo, hi, IM_COL32(30, 32, 38, 190), 4.0f);
  const ImU32 text = IM_COL32(235, 235, 235, 255);
  float y = lo.y + pad;
  draw->AddText(ImVec2(lo.x + pad, y), text, title);
  y += line + pad;
  const auto colour = [](double value) {
    const glm::vec3 c = render::muscleColour(value);
    return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1.0f));
  };
  constexpr int kSteps = 10;  // the gradient in pieces, each a linear blend like the colour map's
  const float x0 = lo.x + pad;
  for (int k = 0; k < kSteps; ++k) {
    const float a = x0 + barWidth * k / kSteps, b = x0 + barWidth * (k + 1) / kSteps;
    const ImU32 left = colour(double(k) / kSteps), right = colour(double(k + 1) / kSteps);
    draw->AddRectFilledMultiColor(ImVec2(a, y), ImVec2(b, y + barHeight), left, right, right, left);
  }
  if (force)
    draw->AddRectFilledMultiColor(ImVec2(x0 + barWidth, y), ImVec2(x0 + barWidth + overload, y + barHeight), colour(1.0),
                                  colour(render::kMuscleOverloadEnd), colour(render::kMuscleOverloadEnd), colour(1.0));
  y += barHeight + 2.0f;
  draw->AddText(ImVec2(x0 - 3.0f, y), text, "0");
  draw->AddText(ImVec2(x0 + barWidth - 3.0f, y), text, "1");
  if (force) {
    char label[16];
    std::snprintf(label, sizeof label, "%g", render::kMuscleOverloadEnd);
    draw->AddText(ImVec2(x0 + barWidth + overload - 8.0f, y), text, label);
  }
  y += line + pad;
  draw->AddText(ImVec2(lo.x + pad, y), IM_COL32(200, 200, 200, 255), note);
}

}  // namespace articulab::gui
