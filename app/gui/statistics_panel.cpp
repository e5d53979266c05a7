#include <imgui.h>

#include <algorithm>
#include <cstdarg>

#include "app/gui/panels.hpp"
#include "engine/solvers/step_cost_estimate.hpp"

namespace articulab::gui {

namespace {

void row(const char* name, const char* format, ...) IM_FMTARGS(2);
void row(const char* name, const char* format, ...) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextUnformatted(name);
  ImGui::TableSetColumnIndex(1);
  va_list args;
  va_start(args, format);
  ImGui::TextV(format, args);
  va_end(args);
}

double latest(const TimeSeries& data, std::size_t channel) {
  return data.size() ? data.value(data.size() - 1, channel) : 0.0;
}

const ImVec4 kWarningColour(1.0f, 0.6f, 0.2f, 1.0f);

// What waits for the running step, in the order it will run.
void drawQueuedCommands(const Snapshot& snap) {
  if (snap.queuedCommands.empty()) return;
  ImGui::TextColored(kWarningColour, "after the running step:");
  for (const std::string& what : snap.queuedCommands) ImGui::BulletText("%s", what.c_str());
}

// A step slower than a frame: how long it takes and the real-time factor it allows, also while
// the first such step is still running, with a button that cancels it; then the estimate made
// before the run.
void drawSlowSteps(Workbench& app, const Snapshot& snap) {
  if (!snap.loadingPath.empty()) ImGui::TextColored(kWarningColour, "opening %s ...", snap.loadingPath.c_str());
  const double perStep = std::max(snap.stats.lastStepSeconds, snap.stepInProgressSeconds);
  if (perStep > std::max(app.lastFrameSeconds(), 1.0 / 60.0) && (snap.running || snap.stepInProgressSeconds > 0.0)) {
    ImGui::TextColored(kWarningColour, "stepping: %s per step (%.2gx real time)", formatDuration(perStep).c_str(),
                       snap.dt / perStep);
    if (snap.stepInProgressSeconds > 0.0 && ImGui::Button("Cancel step (Esc)")) app.cancelStep();
  }
  drawQueuedCommands(snap);
  if (snap.slowStepWarning.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, kWarningColour);
  ImGui::TextWrapped("slow: %s", snap.slowStepWarning.c_str());
  ImGui::PopStyleColor();
}

}  // namespace

void drawStatisticsPanel(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  if (!snap.model) return;
  const SessionStats& stats = snap.stats;
  const TimeSeries& data = app.plotData();
  drawSlowSteps(app, snap);
  if (!ImGui::BeginTable("stats", 2, ImGuiTableFlags_SizingStretchProp)) return;
  row("bodies / coordinates", "%d / %d", snap.model->bodyCount(), snap.model->nq);
  row("time per step", "%s", formatDuration(stats.stepSeconds).c_str());
  row("steps per second", "%.0f", stats.stepsPerSecond);
  row("real-time factor", "%.3gx", stats.realTimeFactor);
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextUnformatted("solver iterations");
  ImGui::TableSetColumnIndex(1);
  if (stats.iterations >= 0) ImGui::Text("%d (residual %.2g)", stats.iterations, stats.residual);
  else ImGui::TextDisabled("none (%s solves directly)", snap.backend.c_str());
  if (stats.contactIterations > 0)
    row("friction (SP) iterations", "%d (change %.2g)", stats.contactIterations, stats.contactChange);
  row("kinetic energy", "%.6g J", latest(data, kKinetic));
  row("potential energy", "%.6g J", latest(data, kPotential));
  row("total energy", "%.6g J", latest(data, kTotal));
  row("constraint drift", "%.3g m", latest(data, kDriftPosition));
  const SampleLayout layout = sampleLayout(data.channels());
  if (layout.comparing) {  // the comparison run's, see drawComparison
    row(data.channels()[kCompareTotal].label.c_str(), "%.6g J", latest(data, kCompareTotal));
    row(data.channels()[kCompareDriftPosition].label.c_str(), "%.3g m", latest(data, kCompareDriftPosition));
  }
  if (layout.muscles > 0) {  // not conservative: E - W is what stays constant
    row("muscle power", "%.4g W", latest(data, layout.musclePower()));
    row("muscle work W", "%.6g J", latest(data, layout.muscleWork()));
    row("total - muscle work", "%.6g J", latest(data, layout.energyBalance()));
  }
  row("frame time", "%.2f ms", app.lastFrameSeconds() * 1e3);
  ImGui::EndTable();
}

}  // namespace articulab::gui
