#include "app/gui/phase_plot_widget.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "app/gui/figure_names.hpp"
#include "app/gui/ui_scale.hpp"

namespace articulab::gui {

namespace {

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

// The grid and tick labels (a value label at the top or bottom grid line kept inside the
// graph's height), the x axis title at the right end of the x tick labels' row.
void drawPhaseAxes(ImDrawList* draw, const PhaseFrame& f, const std::string& xLabel, ScreenRect& labels) {
  const ImU32 grid = IM_COL32(255, 255, 255, 28), text = ImGui::GetColorU32(ImGuiCol_Text);
  const ImVec2 titleSize = ImGui::CalcTextSize(xLabel.c_str());
  const ImVec2 title(f.hi.x - titleSize.x, f.hi.y + uiPixels(3.0f));
  for (const Tick& tick : scaleTicks(f.x.scale, f.x.range, std::max(2, int((f.hi.x - f.lo.x) / uiPixels(90.0f))))) {
    const float px = f.px(tick.value);
    draw->AddLine(ImVec2(px, f.lo.y), ImVec2(px, f.hi.y), grid);
    const ImVec2 size = ImGui::CalcTextSize(tick.label.c_str()), at(px - size.x * 0.5f, title.y);
    if (at.x + size.x > title.x - uiPixels(8.0f) || at.x < f.lo.x - uiPixels(30.0f)) continue;
    draw->AddText(at, text, tick.label.c_str());
    labels.add(at, ImVec2(at.x + size.x, at.y + size.y));
  }
  for (const Tick& tick : scaleTicks(f.y.scale, f.y.range, std::max(2, int((f.hi.y - f.lo.y) / uiPixels(40.0f))))) {
    const float py = f.py(tick.value);
    draw->AddLine(ImVec2(f.lo.x, py), ImVec2(f.hi.x, py), grid);
    const ImVec2 size = ImGui::CalcTextSize(tick.label.c_str());
    const ImVec2 at(f.lo.x - size.x - uiPixels(5.0f), std::clamp(py - size.y * 0.5f, f.lo.y, f.hi.y - size.y));
    draw->AddText(at, text, tick.label.c_str());
    labels.add(at, ImVec2(at.x + size.x, at.y + size.y));
  }
  draw->AddRect(f.lo, f.hi, IM_COL32(200, 200, 200, 160));
  draw->AddText(title, text, xLabel.c_str());
  labels.add(title, ImVec2(title.x + titleSize.x, title.y + titleSize.y));
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

std::string phaseTitle(const TimeSeries& data, std::size_t xChannel, std::size_t yChannel) {
  return channelHeader(data.channels()[yChannel]) + "  against  " + channelHeader(data.channels()[xChannel]);
}

void phasePlotWidget(const char* id, const TimeSeries& data, std::size_t xChannel, std::size_t yChannel,
                     AxisScale scale, double cursorTime, ImVec2 size, PaneRects& rects) {
  ImGui::PushID(id);
  const PaneChrome chrome = paneChrome();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float bottom = chrome.bottom + chrome.timeLabels;
  size.x = std::max(size.x, chrome.left + chrome.right + uiPixels(60.0f));
  size.y = std::max(size.y, chrome.top + bottom + uiPixels(20.0f));
  ImGui::InvisibleButton("phase", size);
  const PhaseFrame frame{ImVec2(origin.x + chrome.left, origin.y + chrome.top),
                         ImVec2(origin.x + size.x - chrome.right, origin.y + size.y - bottom),
                         channelAxis(data, xChannel, scale), channelAxis(data, yChannel, scale)};
  rects.graph = {frame.lo, frame.hi};
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), true);
  drawPhaseAxes(draw, frame, channelHeader(data.channels()[xChannel]), rects.labels);
  draw->PushClipRect(frame.lo, frame.hi, true);
  drawCurve(draw, frame, data, xChannel, yChannel);
  if (data.size() > 0) {
    const std::size_t row = cursorTime < 0.0 ? data.size() - 1 : std::min(data.lowerBound(cursorTime), data.size() - 1);
    draw->AddCircleFilled(frame.at(data.value(row, xChannel), data.value(row, yChannel)), uiPixels(4.5f), kCursorColour);
  }
  draw->PopClipRect();
  draw->PopClipRect();
  ImGui::PopID();
}

}  // namespace articulab::gui
