#include "app/gui/plot_widget.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "app/gui/figure_names.hpp"

namespace articulab::gui {

namespace {

constexpr float kLeft = 66.0f, kRight = 10.0f, kBottom = 36.0f;
constexpr double kZoomPerWheelStep = 0.85;
const ImU32 kSegmentColour = IM_COL32(250, 200, 90, 230);
const ImU32 kIntegratorColour = IM_COL32(250, 200, 90, 150);  // the stretch's integrator, after its back-end
const ImU32 kCursorColour = IM_COL32(235, 235, 235, 220);
constexpr float kPreviousRunAlpha = 0.3f;  // the run before the last Reset, under the current one
// Screen pixels per decimation bucket (up to four points each): every peak stays, at half the
// segments of one bucket per pixel; the anti-aliased segments are most of what six runs' 18
// curves cost llvmpipe per frame (docs/performance.md, six runs of the four-bar).
constexpr float kPixelsPerBucket = 2.0f;

struct Frame {
  ImVec2 lo, hi;  // plot area in screen pixels
  AxisRange time, values;  // values in axis units
  ValueScale scale;

  float x(double t) const { return lo.x + float((t - time.lo) / (time.hi - time.lo)) * (hi.x - lo.x); }
  // u in axis units.
  float yAxis(double u) const {
    double f = (u - values.lo) / (values.hi - values.lo);
    return hi.y - float(std::clamp(f, -100.0, 100.0)) * (hi.y - lo.y);
  }
  float y(double v) const { return yAxis(scale.toAxis(v)); }
  double tAt(float px) const { return time.lo + (px - lo.x) / (hi.x - lo.x) * (time.hi - time.lo); }
  double vAt(float py) const { return values.lo + (hi.y - py) / (hi.y - lo.y) * (values.hi - values.lo); }
};

ImU32 colourOf(const Colour& c, float alpha = 1.0f) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, alpha)); }

void updateRanges(const TimeSeries& data, const PlotSpec& spec, PlotView& view, double windowSeconds) {
  if (view.followTime) view.time = followedTimeRange(data, windowSeconds);
  if (!view.autoscaleValues && view.scale.kind == spec.scale) return;
  const ValueAxis axis = autoscaleAxis(data, spec, view.time, 0.08);
  view.values = axis.range;
  view.scale = axis.scale;
  view.autoscaleValues = true;
}

void zoom(AxisRange& range, double about, double factor) {
  range.lo = about + (range.lo - about) * factor;
  range.hi = about + (range.hi - about) * factor;
}

void handleMouse(const Frame& frame, PlotView& view) {
  ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsItemHovered() && io.MouseWheel != 0.0f) {
    double factor = std::pow(kZoomPerWheelStep, io.MouseWheel);
    if (io.KeyShift) {
      view.autoscaleValues = false;
      zoom(view.values, frame.vAt(io.MousePos.y), factor);
    } else {
      view.followTime = false;
      zoom(view.time, frame.tAt(io.MousePos.x), factor);
    }
  }
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f)) {
    double dt = -io.MouseDelta.x / (frame.hi.x - frame.lo.x) * (frame.time.hi - frame.time.lo);
    double dv = io.MouseDelta.y / (frame.hi.y - frame.lo.y) * (frame.values.hi - frame.values.lo);
    if (dt != 0.0) {
      view.followTime = false;
      view.time.lo += dt;
      view.time.hi += dt;
    }
    if (dv != 0.0) {
      view.autoscaleValues = false;
      view.values.lo += dv;
      view.values.hi += dv;
    }
  }
  if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
    view.followTime = true;
    view.autoscaleValues = true;
  }
}

void drawAxes(ImDrawList* draw, const Frame& f, const TimeSeries& data) {
  const ImU32 grid = IM_COL32(255, 255, 255, 28), text = ImGui::GetColorU32(ImGuiCol_Text);
  const float lineHeight = ImGui::GetTextLineHeight();
  int timeTicks = std::max(2, int((f.hi.x - f.lo.x) / 90.0f)), valueTicks = std::max(2, int((f.hi.y - f.lo.y) / 40.0f));
  for (const Tick& tick : axisTicks(f.time, timeTicks)) {
    float x = f.x(tick.value);
    draw->AddLine(ImVec2(x, f.lo.y), ImVec2(x, f.hi.y), grid);
    float w = ImGui::CalcTextSize(tick.label.c_str()).x;
    draw->AddText(ImVec2(x - w * 0.5f, f.hi.y + 3.0f), text, tick.label.c_str());
  }
  for (const Tick& tick : scaleTicks(f.scale, f.values, valueTicks)) {
    float y = f.yAxis(tick.value);
    draw->AddLine(ImVec2(f.lo.x, y), ImVec2(f.hi.x, y), grid);
    ImVec2 size = ImGui::CalcTextSize(tick.label.c_str());
    draw->AddText(ImVec2(f.lo.x - size.x - 5.0f, y - size.y * 0.5f), text, tick.label.c_str());
  }
  draw->AddRect(f.lo, f.hi, IM_COL32(200, 200, 200, 160));
  std::string timeLabel = channelHeader(data.channels()[kTime]);
  float w = ImGui::CalcTextSize(timeLabel.c_str()).x;
  draw->AddText(ImVec2((f.lo.x + f.hi.x - w) * 0.5f, f.hi.y + lineHeight + 4.0f), text, timeLabel.c_str());
}

// The machine-precision floor as a shaded band up from the bottom, so values at rounding read so.
void drawFloorBand(ImDrawList* draw, const Frame& f, double floor) {
  if (!(floor > 0.0)) return;
  const float top = std::clamp(f.y(floor), f.lo.y, f.hi.y);
  const float bottom = std::clamp(f.scale.kind == AxisScale::SymLog ? f.y(-floor) : f.hi.y, f.lo.y, f.hi.y);
  if (bottom <= top) return;
  draw->AddRectFilled(ImVec2(f.lo.x, top), ImVec2(f.hi.x, bottom), IM_COL32(255, 255, 255, 22));
  if (bottom - top > ImGui::GetTextLineHeight())
    draw->AddText(ImVec2(f.lo.x + 4.0f, bottom - ImGui::GetTextLineHeight()), IM_COL32(200, 200, 220, 120), "rounding");
}

void drawSeries(ImDrawList* draw, const Frame& f, const TimeSeries& data, const PlotSeries& series, float alpha = 1.0f) {
  std::vector<ImVec2> run;
  const ImU32 drawn = colourOf(series.colour, alpha);
  auto flush = [&] {
    if (run.size() >= 2) draw->AddPolyline(run.data(), int(run.size()), drawn, 0, 1.5f);
    run.clear();
  };
  for (const PlotPoint& p : decimate(data, series.channel, f.time, int((f.hi.x - f.lo.x) / kPixelsPerBucket))) {
    if (!std::isfinite(p.value)) {
      flush();
      continue;
    }
    run.push_back(ImVec2(f.x(p.t), f.y(p.value)));
  }
  flush();
}

// The title and the legend above the plot area, so they never cover data: entries flow left to
// right after the title and wrap. Returns the height they take; draws only with a draw list.
float drawHeader(ImDrawList* draw, ImVec2 origin, float width, const TimeSeries& data, const PlotSpec& spec,
                 bool legend) {
  const float lineHeight = ImGui::GetTextLineHeight(), rowHeight = lineHeight + 2.0f, swatch = 18.0f;
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const std::string unit = sharedUnit(data, spec);
  const std::string title = unit.empty() ? spec.title + "   " + spec.yLabel : spec.title + " [" + unit + "]";
  float x = origin.x + 4.0f, y = origin.y + 2.0f;
  if (draw) draw->AddText(ImVec2(x, y), text, title.c_str());
  x += ImGui::CalcTextSize(title.c_str()).x + 14.0f;
  for (const PlotSeries& s : legend ? spec.series : std::vector<PlotSeries>{}) {
    const std::string label = unit.empty() ? seriesLabel(data, s) : data.channels()[s.channel].label;
    const float w = swatch + 4.0f + ImGui::CalcTextSize(label.c_str()).x;
    if (x + w > origin.x + width) {
      x = origin.x + 4.0f;
      y += rowHeight;
    }
    if (draw) {
      draw->AddLine(ImVec2(x, y + lineHeight * 0.5f), ImVec2(x + swatch, y + lineHeight * 0.5f), colourOf(s.colour), 2.5f);
      draw->AddText(ImVec2(x + swatch + 4.0f, y), text, label.c_str());
    }
    x += w + 12.0f;
  }
  return y + rowHeight + 4.0f - origin.y;
}

// After a live back-end or integrator switch: a marker at each switch and each stretch's
// back-end and integrator named above the plot area, where its visible part starts.
void drawSegments(ImDrawList* draw, const Frame& f, const TimeSeries& data) {
  const std::vector<Segment>& segments = data.segments();
  if (segments.size() < 2) return;
  const float lineHeight = ImGui::GetTextLineHeight();
  float freeFrom = f.lo.x;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const double end = i + 1 < segments.size() ? segments[i + 1].start : f.time.hi;
    if (end < f.time.lo || segments[i].start > f.time.hi) continue;
    const float x = f.x(std::max(segments[i].start, f.time.lo));
    if (i > 0 && segments[i].start >= f.time.lo) draw->AddLine(ImVec2(x, f.lo.y), ImVec2(x, f.hi.y), kSegmentColour, 1.5f);
    const float at = std::max(x + 3.0f, freeFrom);
    if (at > f.hi.x - 20.0f) continue;
    const float y = f.lo.y - lineHeight - 1.0f;
    draw->AddText(ImVec2(at, y), kSegmentColour, segments[i].label.c_str());
    freeFrom = at + ImGui::CalcTextSize(segments[i].label.c_str()).x + 8.0f;
    const std::string stretch = stretchText(segments[i]);
    if (stretch.empty()) continue;
    draw->AddText(ImVec2(freeFrom - 4.0f, y), kIntegratorColour, stretch.c_str());
    freeFrom += ImGui::CalcTextSize(stretch.c_str()).x + 4.0f;
  }
}

void drawHoverReadout(ImDrawList* draw, const Frame& f, const TimeSeries& data, const PlotSpec& spec) {
  if (!ImGui::IsItemHovered() || data.size() == 0) return;
  float mx = ImGui::GetIO().MousePos.x;
  if (mx < f.lo.x || mx > f.hi.x) return;
  std::size_t row = std::min(data.lowerBound(f.tAt(mx)), data.size() - 1);
  draw->AddLine(ImVec2(f.x(data.time(row)), f.lo.y), ImVec2(f.x(data.time(row)), f.hi.y), IM_COL32(255, 255, 255, 80));
  ImGui::BeginTooltip();
  ImGui::Text("t = %.4f s", data.time(row));
  for (const PlotSeries& s : spec.series)
    ImGui::TextColored(ImVec4(s.colour.r, s.colour.g, s.colour.b, 1.0f), "%s = %.6g",
                       seriesLabel(data, s).c_str(), data.value(row, s.channel));
  ImGui::TextDisabled("wheel: zoom time, shift+wheel: zoom values, drag: pan, double-click: autoscale");
  ImGui::EndTooltip();
}

}  // namespace

AxisRange followedTimeRange(const TimeSeries& data, double windowSeconds) {
  if (data.size() == 0) return {0.0, windowSeconds};
  double first = data.time(0), last = data.time(data.size() - 1);
  if (last - first < windowSeconds) return {first, first + windowSeconds};
  return {last - windowSeconds, last};
}

AxisRange recordedTimeRange(const TimeSeries& data, double windowSeconds) {
  if (data.size() < 2) return followedTimeRange(data, windowSeconds);
  double first = data.time(0), last = data.time(data.size() - 1);
  return {std::max(first, last - windowSeconds), last};
}

void plotWidget(const char* id, const TimeSeries& data, const PlotSpec& spec, PlotView& view, double windowSeconds,
                ImVec2 size, const TimeSeries* previous, bool legend) {
  ImGui::PushID(id);
  ImVec2 origin = ImGui::GetCursorScreenPos();
  size.x = std::max(size.x, kLeft + kRight + 60.0f);
  float top = drawHeader(nullptr, origin, size.x, data, spec, legend);
  if (data.segments().size() > 1) top += ImGui::GetTextLineHeight() + 2.0f;  // back-end names
  size.y = std::max(size.y, top + kBottom + 30.0f);
  ImGui::InvisibleButton("plot", size);
  updateRanges(data, spec, view, windowSeconds);
  Frame frame{ImVec2(origin.x + kLeft, origin.y + top), ImVec2(origin.x + size.x - kRight, origin.y + size.y - kBottom),
              view.time, view.values, view.scale};
  handleMouse(frame, view);
  if (!(view.time.hi > view.time.lo)) view.time.hi = view.time.lo + 1e-9;
  if (!(view.values.hi > view.values.lo)) view.values.hi = view.values.lo + 1e-12;
  frame.time = view.time;
  frame.values = view.values;

  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), true);
  drawHeader(draw, origin, size.x, data, spec, legend);
  drawFloorBand(draw, frame, spec.floor);
  drawAxes(draw, frame, data);
  draw->PushClipRect(frame.lo, frame.hi, true);
  if (previous && previous->size() > 1 && previous->channels() == data.channels())
    for (const PlotSeries& series : spec.series) drawSeries(draw, frame, *previous, series, kPreviousRunAlpha);
  for (const PlotSeries& series : spec.series) drawSeries(draw, frame, data, series);
  if (view.cursor >= 0.0) {
    const float x = frame.x(view.cursor);
    draw->AddLine(ImVec2(x, frame.lo.y), ImVec2(x, frame.hi.y), kCursorColour, 1.5f);
  }
  draw->PopClipRect();
  drawSegments(draw, frame, data);
  draw->PopClipRect();
  drawHoverReadout(draw, frame, data, spec);
  ImGui::PopID();
}

}  // namespace articulab::gui
