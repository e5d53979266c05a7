#include "app/gui/plot_widget.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "app/gui/figure_names.hpp"
#include "app/gui/panels.hpp"
#include "app/gui/ui_scale.hpp"

namespace articulab::gui {

namespace {

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

ImVec2 textSize(const std::string& text) { return ImGui::CalcTextSize(text.c_str()); }

// A tick label beside the value axis, kept inside the graph's height (a label at the top or
// bottom grid line moves inward by at most half its height rather than being cut).
ImVec2 valueLabelAt(const Frame& f, float y, ImVec2 size) {
  return ImVec2(f.lo.x - size.x - uiPixels(5.0f), std::clamp(y - size.y * 0.5f, f.lo.y, f.hi.y - size.y));
}

// The grid, the value tick labels and, with timeLabels, the time tick labels under the graph
// with the axis title at their right end (labels that would touch it are left out).
void drawAxes(ImDrawList* draw, const Frame& f, const TimeSeries& data, bool timeLabels, ScreenRect& labels) {
  const ImU32 grid = IM_COL32(255, 255, 255, 28), text = ImGui::GetColorU32(ImGuiCol_Text);
  const int timeTicks = std::max(2, int((f.hi.x - f.lo.x) / uiPixels(90.0f)));
  const int valueTicks = std::max(2, int((f.hi.y - f.lo.y) / uiPixels(40.0f)));
  const std::string timeTitle = channelHeader(data.channels()[kTime]);
  const ImVec2 titleSize = textSize(timeTitle);
  const ImVec2 title(f.hi.x - titleSize.x, f.hi.y + uiPixels(3.0f));
  for (const Tick& tick : axisTicks(f.time, timeTicks)) {
    const float x = f.x(tick.value);
    draw->AddLine(ImVec2(x, f.lo.y), ImVec2(x, f.hi.y), grid);
    if (!timeLabels) continue;
    const ImVec2 size = textSize(tick.label), at(x - size.x * 0.5f, title.y);
    if (at.x + size.x > title.x - uiPixels(8.0f)) continue;
    draw->AddText(at, text, tick.label.c_str());
    labels.add(at, ImVec2(at.x + size.x, at.y + size.y));
  }
  for (const Tick& tick : scaleTicks(f.scale, f.values, valueTicks)) {
    const float y = f.yAxis(tick.value);
    draw->AddLine(ImVec2(f.lo.x, y), ImVec2(f.hi.x, y), grid);
    const ImVec2 size = textSize(tick.label), at = valueLabelAt(f, y, size);
    draw->AddText(at, text, tick.label.c_str());
    labels.add(at, ImVec2(at.x + size.x, at.y + size.y));
  }
  draw->AddRect(f.lo, f.hi, IM_COL32(200, 200, 200, 160));
  if (!timeLabels) return;
  draw->AddText(title, text, timeTitle.c_str());
  labels.add(title, ImVec2(title.x + titleSize.x, title.y + titleSize.y));
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

// After a live back-end or integrator switch: a marker at each switch and each stretch's
// back-end and integrator named along the top of the graph, where its visible part starts.
void drawSegments(ImDrawList* draw, const Frame& f, const TimeSeries& data) {
  const std::vector<Segment>& segments = data.segments();
  if (segments.size() < 2) return;
  float freeFrom = f.lo.x;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const double end = i + 1 < segments.size() ? segments[i + 1].start : f.time.hi;
    if (end < f.time.lo || segments[i].start > f.time.hi) continue;
    const float x = f.x(std::max(segments[i].start, f.time.lo));
    if (i > 0 && segments[i].start >= f.time.lo) draw->AddLine(ImVec2(x, f.lo.y), ImVec2(x, f.hi.y), kSegmentColour, 1.5f);
    const float at = std::max(x + 3.0f, freeFrom);
    if (at > f.hi.x - uiPixels(20.0f)) continue;
    const float y = f.lo.y + 1.0f;
    draw->AddText(ImVec2(at, y), kSegmentColour, segments[i].label.c_str());
    freeFrom = at + ImGui::CalcTextSize(segments[i].label.c_str()).x + uiPixels(8.0f);
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

// The series' names as the legend shows them: the channel's label when the title carries the
// shared unit, else the label with its unit.
std::vector<LegendEntry> legendOf(const TimeSeries& data, const PlotSpec& spec) {
  const bool shared = !sharedUnit(data, spec).empty();
  std::vector<LegendEntry> entries;
  for (const PlotSeries& s : spec.series)
    entries.push_back({shared ? data.channels()[s.channel].label : seriesLabel(data, s), s.colour});
  return entries;
}

// text cut at a character boundary and ended with "..." so that it is at most width pixels wide.
std::string elided(const std::string& text, float width) {
  if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
  std::string cut = text;
  while (!cut.empty()) {
    cut.pop_back();
    while (!cut.empty() && (static_cast<unsigned char>(cut.back()) & 0xC0) == 0x80) cut.pop_back();
    if (ImGui::CalcTextSize((cut + "...").c_str()).x <= width) break;
  }
  return cut + "...";
}

}  // namespace

void ScreenRect::add(ImVec2 lo, ImVec2 hi) {
  if (empty()) {
    min = lo;
    max = hi;
    return;
  }
  min = ImVec2(std::min(min.x, lo.x), std::min(min.y, lo.y));
  max = ImVec2(std::max(max.x, hi.x), std::max(max.y, hi.y));
}

PaneChrome paneChrome() {
  const float line = ImGui::GetTextLineHeight();
  return {line, uiPixels(66.0f), uiPixels(10.0f), uiPixels(2.0f), uiPixels(3.0f), line + uiPixels(5.0f), uiPixels(6.0f)};
}

float minGraphHeight() { return uiPixels(60.0f); }

void drawLegendInside(ImVec2 lo, ImVec2 hi, const std::vector<LegendEntry>& entries) {
  if (entries.empty()) return;
  const float line = ImGui::GetTextLineHeight(), swatch = uiPixels(18.0f), gap = uiPixels(4.0f), pad = uiPixels(3.0f);
  const float maxText = std::max(uiPixels(40.0f), 0.75f * (hi.x - lo.x) - swatch - gap - 2.0f * pad);
  std::vector<std::string> labels;
  float width = 0.0f;
  for (const LegendEntry& e : entries) {
    labels.push_back(elided(e.label, maxText));
    width = std::max(width, swatch + gap + ImGui::CalcTextSize(labels.back().c_str()).x);
  }
  const ImVec2 boxLo(hi.x - width - 2.0f * pad - 1.0f, lo.y + 1.0f);
  const ImVec2 boxHi(hi.x - 1.0f, boxLo.y + 2.0f * pad + line * float(entries.size()));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(boxLo, boxHi, IM_COL32(20, 20, 24, 190));
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const float y = boxLo.y + pad + line * float(i), x = boxLo.x + pad;
    draw->AddLine(ImVec2(x, y + line * 0.5f), ImVec2(x + swatch, y + line * 0.5f), colourOf(entries[i].colour), 2.5f);
    draw->AddText(ImVec2(x + swatch + gap, y), text, labels[i].c_str());
    if (labels[i] != entries[i].label && ImGui::IsWindowHovered() && mouse.x >= boxLo.x && mouse.x < boxHi.x &&
        mouse.y >= y && mouse.y < y + line)
      ImGui::SetTooltip("%s", entries[i].label.c_str());
  }
}

void paneTitle(const std::string& text, float width, PaneRects& rects, const std::string& tooltip) {
  const std::string shown = elided(text, width);
  ImGui::TextUnformatted(shown.c_str());
  rects.title = {ImGui::GetItemRectMin(), ImGui::GetItemRectMax()};
  if (!ImGui::IsItemHovered() || (shown == text && tooltip.empty())) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * kTooltipWidthEm);
  ImGui::TextUnformatted(text.c_str());
  if (!tooltip.empty()) ImGui::TextDisabled("%s", tooltip.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

std::string plotTitle(const TimeSeries& data, const PlotSpec& spec) {
  const std::string unit = sharedUnit(data, spec);
  return unit.empty() ? spec.title + "   " + spec.yLabel : spec.title + " [" + unit + "]";
}

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
                ImVec2 size, const GraphOptions& options, PaneRects& rects) {
  ImGui::PushID(id);
  const PaneChrome chrome = paneChrome();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float bottom = chrome.bottom + (options.timeLabels ? chrome.timeLabels : 0.0f);
  size.x = std::max(size.x, chrome.left + chrome.right + uiPixels(60.0f));
  size.y = std::max(size.y, chrome.top + bottom + uiPixels(20.0f));
  ImGui::InvisibleButton("plot", size);
  updateRanges(data, spec, view, windowSeconds);
  Frame frame{ImVec2(origin.x + chrome.left, origin.y + chrome.top),
              ImVec2(origin.x + size.x - chrome.right, origin.y + size.y - bottom), view.time, view.values, view.scale};
  handleMouse(frame, view);
  if (!(view.time.hi > view.time.lo)) view.time.hi = view.time.lo + 1e-9;
  if (!(view.values.hi > view.values.lo)) view.values.hi = view.values.lo + 1e-12;
  frame.time = view.time;
  frame.values = view.values;
  rects.graph = {frame.lo, frame.hi};

  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), true);
  drawFloorBand(draw, frame, spec.floor);
  drawAxes(draw, frame, data, options.timeLabels, rects.labels);
  draw->PushClipRect(frame.lo, frame.hi, true);
  const TimeSeries* previous = options.previous;
  if (previous && previous->size() > 1 && previous->channels() == data.channels())
    for (const PlotSeries& series : spec.series) drawSeries(draw, frame, *previous, series, kPreviousRunAlpha);
  for (const PlotSeries& series : spec.series) drawSeries(draw, frame, data, series);
  if (view.cursor >= 0.0) {
    const float x = frame.x(view.cursor);
    draw->AddLine(ImVec2(x, frame.lo.y), ImVec2(x, frame.hi.y), kCursorColour, 1.5f);
  }
  drawSegments(draw, frame, data);
  draw->PopClipRect();
  draw->PopClipRect();
  if (options.legend) drawLegendInside(frame.lo, frame.hi, legendOf(data, spec));
  drawHoverReadout(draw, frame, data, spec);
  ImGui::PopID();
}

bool timeMovedByUser(const PlotView& before, const PlotView& after) {
  if (before.followTime != after.followTime) return true;
  return !after.followTime && (before.time.lo != after.time.lo || before.time.hi != after.time.hi);
}

void shareTimeAxis(const PlotView& from, PlotView& to) {
  to.time = from.time;
  to.followTime = from.followTime;
}

}  // namespace articulab::gui
