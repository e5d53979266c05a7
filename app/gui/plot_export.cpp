#include "app/gui/plot_export.hpp"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "app/gui/decimate.hpp"

namespace articulab::gui {

namespace {

constexpr double kFigureWidth = 900.0, kFigureHeight = 640.0;  // pt (SVG, PDF) or px (PNG at 1x)
constexpr double kPngScale = 1.5;
constexpr double kTitleHeight = 34.0;
constexpr double kMarginLeft = 78.0, kMarginRight = 18.0, kMarginTop = 26.0, kMarginBottom = 46.0;

struct Rect {
  double x, y, w, h;
};

void setColour(cairo_t* cr, const Colour& c) { cairo_set_source_rgb(cr, c.r, c.g, c.b); }

void showText(cairo_t* cr, const std::string& text, double x, double y, double alignX, double alignY) {
  cairo_text_extents_t ext;
  cairo_text_extents(cr, text.c_str(), &ext);
  cairo_move_to(cr, x - alignX * ext.x_advance, y - alignY * ext.height - ext.y_bearing);
  cairo_show_text(cr, text.c_str());
}

double mapX(const Rect& r, const AxisRange& range, double t) { return r.x + (t - range.lo) / (range.hi - range.lo) * r.w; }
double mapY(const Rect& r, const AxisRange& range, double v) { return r.y + r.h - (v - range.lo) / (range.hi - range.lo) * r.h; }

void drawGridAndTicks(cairo_t* cr, const Rect& r, const AxisRange& time, const AxisRange& values) {
  cairo_set_font_size(cr, 11.0);
  cairo_set_line_width(cr, 0.5);
  for (const Tick& tick : axisTicks(time, 8)) {
    double x = mapX(r, time, tick.value);
    cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
    cairo_move_to(cr, x, r.y);
    cairo_line_to(cr, x, r.y + r.h);
    cairo_stroke(cr);
    cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
    showText(cr, tick.label, x, r.y + r.h + 5.0, 0.5, 0.0);
  }
  for (const Tick& tick : axisTicks(values, 6)) {
    double y = mapY(r, values, tick.value);
    cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
    cairo_move_to(cr, r.x, y);
    cairo_line_to(cr, r.x + r.w, y);
    cairo_stroke(cr);
    cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
    showText(cr, tick.label, r.x - 6.0, y, 1.0, 0.5);
  }
}

void drawSeries(cairo_t* cr, const Rect& r, const TimeSeries& data, const PlotSeries& series, const AxisRange& time,
                const AxisRange& values) {
  cairo_save(cr);
  cairo_rectangle(cr, r.x, r.y, r.w, r.h);
  cairo_clip(cr);
  setColour(cr, series.colour);
  cairo_set_line_width(cr, 1.4);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  bool penDown = false;
  for (const PlotPoint& p : decimate(data, series.channel, time, static_cast<int>(r.w * 2))) {
    if (!std::isfinite(p.value)) {
      penDown = false;
      continue;
    }
    double x = mapX(r, time, p.t), y = std::clamp(mapY(r, values, p.value), r.y - 1e4, r.y + r.h + 1e4);
    if (penDown)
      cairo_line_to(cr, x, y);
    else
      cairo_move_to(cr, x, y);
    penDown = true;
  }
  cairo_stroke(cr);
  cairo_restore(cr);
}

void drawLegend(cairo_t* cr, const Rect& r, const TimeSeries& data, const PlotSpec& plot) {
  cairo_set_font_size(cr, 11.0);
  double width = 0.0;
  for (const PlotSeries& s : plot.series) {
    cairo_text_extents_t ext;
    cairo_text_extents(cr, seriesLabel(data, s).c_str(), &ext);
    width = std::max(width, ext.x_advance);
  }
  double rowHeight = 15.0, boxW = width + 38.0, boxH = rowHeight * plot.series.size() + 8.0;
  double x = r.x + r.w - boxW - 8.0, y = r.y + 8.0;
  cairo_set_source_rgba(cr, 1.0, 1.0, 1.0, 0.9);
  cairo_rectangle(cr, x, y, boxW, boxH);
  cairo_fill_preserve(cr);
  cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
  cairo_set_line_width(cr, 0.6);
  cairo_stroke(cr);
  for (std::size_t i = 0; i < plot.series.size(); ++i) {
    double rowY = y + 4.0 + rowHeight * (i + 0.5);
    setColour(cr, plot.series[i].colour);
    cairo_set_line_width(cr, 2.0);
    cairo_move_to(cr, x + 6.0, rowY);
    cairo_line_to(cr, x + 26.0, rowY);
    cairo_stroke(cr);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    showText(cr, seriesLabel(data, plot.series[i]), x + 32.0, rowY, 0.0, 0.5);
  }
}

void drawPlot(cairo_t* cr, const Rect& area, const TimeSeries& data, const PlotSpec& plot, const AxisRange& time) {
  Rect r{area.x + kMarginLeft, area.y + kMarginTop, area.w - kMarginLeft - kMarginRight,
         area.h - kMarginTop - kMarginBottom};
  AxisRange values = autoscaleRange(data, plot, time, 0.05);
  cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
  cairo_set_font_size(cr, 13.0);
  showText(cr, plot.title, r.x, area.y + 8.0, 0.0, 0.0);
  cairo_set_font_size(cr, 11.0);
  showText(cr, plot.yLabel, area.x + 4.0, area.y + 10.0, 0.0, 0.0);
  drawGridAndTicks(cr, r, time, values);
  for (const PlotSeries& series : plot.series) drawSeries(cr, r, data, series, time, values);
  cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
  cairo_set_line_width(cr, 1.0);
  cairo_rectangle(cr, r.x, r.y, r.w, r.h);
  cairo_stroke(cr);
  cairo_set_font_size(cr, 11.0);
  showText(cr, channelHeader(data.channels()[kTime]), r.x + r.w * 0.5, r.y + r.h + 24.0, 0.5, 0.0);
  drawLegend(cr, r, data, plot);
}

std::string extensionOf(const std::string& path) {
  auto dot = path.find_last_of('.');
  if (dot == std::string::npos || path.find('/', dot) != std::string::npos) return "";
  std::string ext = path.substr(dot + 1);
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext;
}

using SurfacePtr = std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)>;

SurfacePtr createSurface(const std::string& path, const std::string& ext) {
  if (ext == "svg") return {cairo_svg_surface_create(path.c_str(), kFigureWidth, kFigureHeight), &cairo_surface_destroy};
  if (ext == "pdf") return {cairo_pdf_surface_create(path.c_str(), kFigureWidth, kFigureHeight), &cairo_surface_destroy};
  int w = static_cast<int>(kFigureWidth * kPngScale), h = static_cast<int>(kFigureHeight * kPngScale);
  return {cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h), &cairo_surface_destroy};
}

}  // namespace

void drawFigure(cairo_t* cr, double width, double height, const TimeSeries& data, const Figure& figure) {
  cairo_save(cr);
  cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_source_rgb(cr, 1.0, 1.0, 1.0);
  cairo_rectangle(cr, 0.0, 0.0, width, height);
  cairo_fill(cr);
  cairo_set_source_rgb(cr, 0.0, 0.0, 0.0);
  cairo_set_font_size(cr, 16.0);
  showText(cr, figure.title, width * 0.5, 10.0, 0.5, 0.0);
  double plotHeight = (height - kTitleHeight) / std::max<std::size_t>(1, figure.plots.size());
  AxisRange time = figure.time.hi > figure.time.lo ? figure.time : AxisRange{figure.time.lo, figure.time.lo + 1.0};
  for (std::size_t i = 0; i < figure.plots.size(); ++i)
    drawPlot(cr, Rect{0.0, kTitleHeight + i * plotHeight, width, plotHeight}, data, figure.plots[i], time);
  cairo_restore(cr);
}

bool exportFigure(const std::string& path, const TimeSeries& data, const Figure& figure, std::string& error) {
  std::string ext = extensionOf(path);
  if (ext != "png" && ext != "svg" && ext != "pdf") {
    error = path + ": unknown plot format '" + ext + "' (expected .png, .svg or .pdf)";
    return false;
  }
  SurfacePtr surface = createSurface(path, ext);
  cairo_t* cr = cairo_create(surface.get());
  if (ext == "png") cairo_scale(cr, kPngScale, kPngScale);
  drawFigure(cr, kFigureWidth, kFigureHeight, data, figure);
  cairo_status_t status = cairo_status(cr);
  cairo_destroy(cr);
  if (status == CAIRO_STATUS_SUCCESS && ext == "png") status = cairo_surface_write_to_png(surface.get(), path.c_str());
  cairo_surface_finish(surface.get());
  if (status == CAIRO_STATUS_SUCCESS) status = cairo_surface_status(surface.get());
  if (status != CAIRO_STATUS_SUCCESS) {
    error = path + ": cannot write the plot: " + cairo_status_to_string(status);
    return false;
  }
  return true;
}

bool exportFigureSet(const std::string& basePath, const TimeSeries& data, const Figure& figure, std::string& error) {
  for (const char* ext : {".png", ".svg", ".pdf"})
    if (!exportFigure(basePath + ext, data, figure, error)) return false;
  return true;
}

}  // namespace articulab::gui
