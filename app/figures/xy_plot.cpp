#include "app/figures/xy_plot.hpp"

#include <algorithm>
#include <cmath>

#include "app/figures/plot_export.hpp"

namespace articulab::figures {

namespace {

constexpr double kTitleHeight = 30.0, kSubtitleHeight = 18.0, kLegendRow = 16.0;
constexpr double kMarginLeft = 84.0, kMarginRight = 24.0, kMarginBottom = 52.0;
const Colour kInk{0.1f, 0.1f, 0.1f}, kGrid{0.88f, 0.88f, 0.88f}, kTickInk{0.15f, 0.15f, 0.15f};

struct Box {
  double x, y, w, h;
};

// The axis that fits the values of one coordinate of every line.
ValueAxis fitAxis(const XYFigure& figure, bool xAxis) {
  ValueExtent extent;
  for (const XYLine& line : figure.lines)
    for (double v : xAxis ? line.x : line.y)
      if (std::isfinite(v) && (v > 0.0 || (xAxis ? figure.xScale : figure.yScale) != AxisScale::Log)) extent.add(v);
  return fitValueAxis(xAxis ? figure.xScale : figure.yScale, extent, 0.06, 0.0, 0.0);
}

double toBox(const ValueAxis& axis, double v, double from, double length) {
  return from + (axis.scale.toAxis(v) - axis.range.lo) / (axis.range.hi - axis.range.lo) * length;
}

bool drawable(const XYFigure& figure, double x, double y) {
  const auto ok = [](AxisScale s, double v) { return std::isfinite(v) && (s != AxisScale::Log || v > 0.0); };
  return ok(figure.xScale, x) && ok(figure.yScale, y);
}

void drawAxes(PlotCanvas& c, const Box& b, const ValueAxis& xAxis, const ValueAxis& yAxis, const XYFigure& figure) {
  c.setFontSize(11.0);
  c.setLineWidth(0.5);
  for (const Tick& tick : scaleTicks(xAxis.scale, xAxis.range, 8)) {
    const double x = b.x + (tick.value - xAxis.range.lo) / (xAxis.range.hi - xAxis.range.lo) * b.w;
    c.setColour(kGrid);
    c.line(x, b.y, x, b.y + b.h);
    c.setColour(kTickInk);
    c.text(tick.label, x, b.y + b.h + 5.0, 0.5, 0.0);
  }
  for (const Tick& tick : scaleTicks(yAxis.scale, yAxis.range, 7)) {
    const double y = b.y + b.h - (tick.value - yAxis.range.lo) / (yAxis.range.hi - yAxis.range.lo) * b.h;
    c.setColour(kGrid);
    c.line(b.x, y, b.x + b.w, y);
    c.setColour(kTickInk);
    c.text(tick.label, b.x - 6.0, y, 1.0, 0.5);
  }
  c.setColour(kInk);
  c.setLineWidth(1.0);
  c.strokeRect(b.x, b.y, b.w, b.h);
  c.setFontSize(12.0);
  c.text(figure.xLabel, b.x + 0.5 * b.w, b.y + b.h + 26.0, 0.5, 0.0);
  c.text(figure.yLabel, 8.0, b.y - 8.0, 0.0, 1.0);
}

void drawLine(PlotCanvas& c, const Box& b, const ValueAxis& xAxis, const ValueAxis& yAxis, const XYFigure& figure,
              const XYLine& line) {
  std::vector<CanvasPoint> points;
  std::vector<std::size_t> drawn;
  for (std::size_t i = 0; i < line.x.size() && i < line.y.size(); ++i) {
    if (!drawable(figure, line.x[i], line.y[i])) continue;
    points.push_back({toBox(xAxis, line.x[i], b.x, b.w), b.y + b.h - toBox(yAxis, line.y[i], 0.0, b.h)});
    drawn.push_back(i);
  }
  c.setColour(line.colour);
  c.setLineWidth(1.6);
  c.setDashed(line.dashed);
  if (points.size() > 1) c.polyline(points);
  c.setDashed(false);
  if (!line.markers) return;
  c.setFontSize(9.0);
  for (std::size_t k = 0; k < points.size(); ++k) {
    c.fillRect(points[k].x - 2.5, points[k].y - 2.5, 5.0, 5.0);
    if (drawn[k] < line.pointLabels.size()) c.text(line.pointLabels[drawn[k]], points[k].x + 4.0, points[k].y - 3.0, 0.0, 1.0);
  }
}

// The legend in columns under the title; returns its height.
double drawLegend(PlotCanvas& c, double width, double top, const std::vector<XYLine>& lines) {
  c.setFontSize(11.0);
  double x = kMarginLeft, y = top;
  for (const XYLine& line : lines) {
    const double w = 22.0 + c.textWidth(line.label) + 18.0;
    if (x + w > width - kMarginRight && x > kMarginLeft) {
      x = kMarginLeft;
      y += kLegendRow;
    }
    c.setColour(line.colour);
    c.setLineWidth(2.0);
    c.setDashed(line.dashed);
    c.line(x, y + 6.0, x + 16.0, y + 6.0);
    c.setDashed(false);
    c.setColour(kInk);
    c.text(line.label, x + 22.0, y + 6.0, 0.0, 0.5);
    x += w;
  }
  return lines.empty() ? 0.0 : y - top + kLegendRow + 6.0;
}

}  // namespace

void drawXYFigure(PlotCanvas& c, double width, double height, const XYFigure& figure) {
  drawPage(c, width, height, figure.title);
  double head = kTitleHeight;
  if (!figure.subtitle.empty()) {
    c.setFontSize(12.0);
    c.text(figure.subtitle, width * 0.5, head - 2.0, 0.5, 0.0);
    head += kSubtitleHeight;
  }
  head += drawLegend(c, width, head + 4.0, figure.lines) + 18.0;
  const Box box{kMarginLeft, head, width - kMarginLeft - kMarginRight, height - head - kMarginBottom};
  const ValueAxis xAxis = fitAxis(figure, true), yAxis = fitAxis(figure, false);
  drawAxes(c, box, xAxis, yAxis, figure);
  c.pushClip(box.x, box.y, box.w, box.h);
  for (const XYLine& line : figure.lines) drawLine(c, box, xAxis, yAxis, figure, line);
  c.popClip();
}

bool exportXYFigure(const std::string& path, const XYFigure& figure, std::string& error) {
  return exportDrawing(
      path, [&](PlotCanvas& canvas, double width, double height) { drawXYFigure(canvas, width, height, figure); }, error);
}

}  // namespace articulab::figures
