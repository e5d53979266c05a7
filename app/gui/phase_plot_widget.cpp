#include "app/gui/phase_plot_widget.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "app/gui/figure_names.hpp"

namespace articulab::gui {

namespace {

constexpr float kLeft = 66.0f, kRight = 10.0f, kBottom = 36.0f;
const ImU32 kCurveColour = IM_COL32(90, 170, 250, 255);
const ImU32 kCursorColour = IM_COL32(250, 200, 90, 255);

struct PhaseFrame {
  ImVec2 lo, hi;
  ValueAxis x, y;  // ranges in axis units
  // Off-axis values (0 on a log axis) stay within 100 plot sizes of it, drawn clipped.
  static float fraction(double u, const AxisRange& r) { return float(std::clamp((u - r.lo) / (r.hi - r.lo), -100.0, 100.0)); }
  float px(double u) const { return lo.x + fraction(u, x.range) * (hi.x - lo.x); }
  float py(double u) const { return hi.y - fraction(u, y.range) * (hi.y - lo.y); }
  ImVec2 at(double vx, double vy) const { return ImVec2(px(x.scale.toAxis(vx)), py(y.scale.toAxis(vy))); }
};

// The axis that fits the channel's values on the scale, padded as the time plots are.
ValueAxis channelAxis(const TimeSeries& data, std::size_t channel, AxisScale scale) {
  ValueExtent extent;
  for (std::size_t r = 0; r < data.size(); ++r) extent.add(data.value(r, channel));
  ValueAxis axis = figures::fitValueAxis(scale, extent, 0.08, 0.0, 0.0);
  if (!(axis.range.hi > axis.range.lo)) axis.range.hi = axis.range.lo + 1e-12;
  return axis;
}

void drawPhaseAxes(ImDrawList* draw, const PhaseFrame& f, const std::string& xLabel) {
  const ImU32 grid = IM_COL32(255, 255, 255, 28), text = ImGui::GetColorU32(ImGuiCol_Text);
  for (const Tick& tick : scaleTicks(f.x.scale, f.x.range, std::max(2, int((f.hi.x - f.lo.x) / 90.0f)))) {
    const float px = f.px(tick.value);
    draw->AddLine(ImVec2(px, f.lo.y), ImVec2(px, f.hi.y), grid);
    draw->AddText(ImVec2(px - ImGui::CalcTextSize(tick.label.c_str()).x * 0.5f, f.hi.y + 3.0f), text, tick.label.c_str());
  }
  for (const Tick& tick : scaleTicks(f.y.scale, f.y.range, std::max(2, int((f.hi.y - f.lo.y) / 40.0f)))) {
    const float py = f.py(tick.value);
    draw->AddLine(ImVec2(f.lo.x, py), ImVec2(f.hi.x, py), grid);
    const ImVec2 size = ImGui::CalcTextSize(tick.label.c_str());
    draw->AddText(ImVec2(f.lo.x - size.x - 5.0f, py - size.y * 0.5f), text, tick.label.c_str());
  }
  draw->AddRect(f.lo, f.hi, IM_COL32(200, 200, 200, 160));
  const float w = ImGui::CalcTextSize(xLabel.c_str()).x;
  draw->AddText(ImVec2((f.lo.x + f.hi.x - w) * 0.5f, f.hi.y + ImGui::GetTextLineHeight() + 4.0f), text, xLabel.c_str());
}

void drawCurve(ImDrawList* draw, const PhaseFrame& f, const TimeSeries& data, std::size_t xc, std::size_t yc) {
  const std::size_t stride = std::max<std::size_t>(1, data.size() / kMaxPhasePoints);
  std::vector<ImVec2> run;
  auto flush = [&] {
    if (run.size() >= 2) draw->AddPolyline(run.data(), int(run.size()), kCurveColour, 0, 1.5f);
    run.clear();
  };
  for (std::size_t r = 0; r < data.size(); r += stride) {
    const double vx = data.value(r, xc), vy = data.value(r, yc);
    if (!std::isfinite(vx) || !std::isfinite(vy)) {
      flush();
      continue;
    }
    run.push_back(f.at(vx, vy));
  }
  flush();
}

}  // namespace

void phasePlotWidget(const char* id, const TimeSeries& data, std::size_t xChannel, std::size_t yChannel,
                     AxisScale scale, double cursorTime, ImVec2 size) {
  ImGui::PushID(id);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float top = ImGui::GetTextLineHeight() + 6.0f;
  size.x = std::max(size.x, kLeft + kRight + 60.0f);
  size.y = std::max(size.y, top + kBottom + 30.0f);
  ImGui::InvisibleButton("phase", size);
  const std::vector<Channel>& channels = data.channels();
  const PhaseFrame frame{ImVec2(origin.x + kLeft, origin.y + top),
                         ImVec2(origin.x + size.x - kRight, origin.y + size.y - kBottom),
                         channelAxis(data, xChannel, scale), channelAxis(data, yChannel, scale)};
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), true);
  const std::string title = channelHeader(channels[yChannel]) + "  against  " + channelHeader(channels[xChannel]);
  draw->AddText(ImVec2(origin.x + 4.0f, origin.y + 2.0f), ImGui::GetColorU32(ImGuiCol_Text), title.c_str());
  drawPhaseAxes(draw, frame, channelHeader(channels[xChannel]));
  draw->PushClipRect(frame.lo, frame.hi, true);
  drawCurve(draw, frame, data, xChannel, yChannel);
  if (data.size() > 0) {
    const std::size_t row = cursorTime < 0.0 ? data.size() - 1 : std::min(data.lowerBound(cursorTime), data.size() - 1);
    draw->AddCircleFilled(frame.at(data.value(row, xChannel), data.value(row, yChannel)), 4.5f, kCursorColour);
  }
  draw->PopClipRect();
  draw->PopClipRect();
  ImGui::PopID();
}

}  // namespace articulab::gui
