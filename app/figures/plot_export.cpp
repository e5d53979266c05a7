#include "app/figures/plot_export.hpp"

#include <cairo-pdf.h>
#include <cairo.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>
#include <memory>

#include "app/figures/decimate.hpp"

namespace articulab::figures {

namespace {

constexpr double kFigureWidth = 900.0, kFigureHeight = 640.0;  // pt (SVG, PDF) or px (PNG at 1x)
constexpr double kPngScale = 1.5;
constexpr double kTitleHeight = 34.0, kSubtitleHeight = 18.0;
constexpr double kMarginLeft = 78.0, kMarginRight = 18.0, kHeaderHeight = 22.0, kSegmentRow = 14.0;
constexpr double kMarginBottom = 46.0;
const Colour kInk{0.1f, 0.1f, 0.1f}, kGrid{0.88f, 0.88f, 0.88f}, kTickInk{0.15f, 0.15f, 0.15f};
const Colour kSegmentInk{0.55f, 0.35f, 0.0f};
const Colour kFloorBand{0.92f, 0.92f, 0.95f}, kFloorInk{0.5f, 0.5f, 0.6f};

struct Rect {
  double x, y, w, h;
};

double mapX(const Rect& r, const AxisRange& range, double t) { return r.x + (t - range.lo) / (range.hi - range.lo) * r.w; }
// u in axis units (axis_scale.hpp).
double mapU(const Rect& r, const AxisRange& range, double u) { return r.y + r.h - (u - range.lo) / (range.hi - range.lo) * r.h; }
double mapY(const Rect& r, const ValueAxis& axis, double v) { return mapU(r, axis.range, axis.scale.toAxis(v)); }

void drawGridAndTicks(PlotCanvas& c, const Rect& r, const AxisRange& time, const ValueAxis& values) {
  c.setFontSize(11.0);
  c.setLineWidth(0.5);
  for (const Tick& tick : axisTicks(time, 8)) {
    double x = mapX(r, time, tick.value);
    c.setColour(kGrid);
    c.line(x, r.y, x, r.y + r.h);
    c.setColour(kTickInk);
    c.text(tick.label, x, r.y + r.h + 5.0, 0.5, 0.0);
  }
  for (const Tick& tick : scaleTicks(values.scale, values.range, 6)) {
    double y = mapU(r, values.range, tick.value);
    c.setColour(kGrid);
    c.line(r.x, y, r.x + r.w, y);
    c.setColour(kTickInk);
    c.text(tick.label, r.x - 6.0, y, 1.0, 0.5);
  }
}

// The machine-precision floor as a shaded band from the bottom of the plot up to it, so that
// values at rounding read as such.
void drawFloorBand(PlotCanvas& c, const Rect& r, const ValueAxis& values, double floor) {
  if (!(floor > 0.0)) return;
  const double top = std::clamp(mapY(r, values, floor), r.y, r.y + r.h);
  const double bottom = std::clamp(mapY(r, values, values.scale.kind == AxisScale::SymLog ? -floor : 0.0), r.y, r.y + r.h);
  if (bottom <= top) return;
  c.setColour(kFloorBand);
  c.fillRect(r.x, top, r.w, bottom - top);
  c.setColour(kFloorInk);
  c.setFontSize(9.0);
  if (bottom - top > 10.0) c.text("rounding", r.x + 4.0, bottom - 2.0, 0.0, 1.0);
}

void drawSeries(PlotCanvas& c, const Rect& r, const TimeSeries& data, const PlotSeries& series, const AxisRange& time,
                const ValueAxis& values) {
  c.pushClip(r.x, r.y, r.w, r.h);
  c.setColour(series.colour);
  c.setLineWidth(1.4);
  std::vector<CanvasPoint> run;
  for (const PlotPoint& p : decimate(data, series.channel, time, static_cast<int>(r.w * 2))) {
    if (!std::isfinite(p.value)) {
      c.polyline(run);
      run.clear();
      continue;
    }
    run.push_back({mapX(r, time, p.t), std::clamp(mapY(r, values, p.value), r.y - 1e4, r.y + r.h + 1e4)});
  }
  c.polyline(run);
  c.popClip();
}

// The legend in the header row, right-aligned above the plot area, so it never covers data.
// When the entries (a muscle plot of many muscles) do not fit between the title (ending at
// freeFrom) and the right edge, the font shrinks down to 8 pt, then the leftmost entries give
// way to "+N more".
void drawLegend(PlotCanvas& c, const Rect& r, double rowY, const TimeSeries& data, const PlotSpec& plot, double freeFrom) {
  constexpr double kSwatch = 38.0, kMinFont = 8.0, kFont = 11.0;
  const bool shared = !sharedUnit(data, plot).empty();
  std::vector<std::string> labels;
  for (const PlotSeries& s : plot.series) labels.push_back(shared ? data.channels()[s.channel].label : seriesLabel(data, s));
  const auto widthAt = [&](double font) {
    c.setFontSize(font);
    double total = 0.0;
    for (const std::string& label : labels) total += c.textWidth(label) + kSwatch;
    return total;
  };
  const double room = r.x + r.w - freeFrom;
  const double natural = widthAt(kFont);
  const double font = natural <= room ? kFont : std::max(kMinFont, kFont * room / natural);
  c.setFontSize(font);
  double x = r.x + r.w;
  std::size_t drawn = 0;
  for (std::size_t i = labels.size(); i-- > 0;) {
    const double width = c.textWidth(labels[i]) + kSwatch;
    const std::string more = "+" + std::to_string(i + 1) + " more";
    const bool last = i == 0;
    if (!last && x - width - c.textWidth(more) < freeFrom) {  // no room for this one and the note
      c.setColour(kInk);
      c.text(more, x - c.textWidth(more), rowY, 0.0, 0.5);
      break;
    }
    if (last && x - width < freeFrom && drawn > 0) {
      c.setColour(kInk);
      c.text(more, x - c.textWidth(more), rowY, 0.0, 0.5);
      break;
    }
    x -= c.textWidth(labels[i]);
    c.setColour(kInk);
    c.text(labels[i], x, rowY, 0.0, 0.5);
    c.setColour(plot.series[i].colour);
    c.setLineWidth(2.0);
    c.line(x - 24.0, rowY, x - 4.0, rowY);
    x -= kSwatch;
    ++drawn;
  }
  c.setFontSize(kFont);
}

// After a live back-end or integrator switch: a dashed marker at each switch and each stretch's
// back-end and integrator named above the plot area (two texts, so that each reads alone).
void drawSegments(PlotCanvas& c, const Rect& r, const std::vector<Segment>& segments, const AxisRange& time) {
  if (segments.size() < 2) return;
  c.setFontSize(10.0);
  double freeFrom = r.x;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const double end = i + 1 < segments.size() ? segments[i + 1].start : time.hi;
    if (end < time.lo || segments[i].start > time.hi) continue;
    const double x = mapX(r, time, std::max(segments[i].start, time.lo));
    c.setColour(kSegmentInk);
    if (i > 0 && segments[i].start >= time.lo) {
      c.setLineWidth(1.0);
      c.setDashed(true);
      c.line(x, r.y, x, r.y + r.h);
      c.setDashed(false);
    }
    const double at = std::max(x + 3.0, freeFrom);
    c.text(segments[i].label, at, r.y - 2.0, 0.0, 1.0);
    freeFrom = at + c.textWidth(segments[i].label) + 8.0;
    const std::string stretch = stretchText(segments[i]);
    if (stretch.empty()) continue;
    c.text(stretch, freeFrom - 4.0, r.y - 2.0, 0.0, 1.0);
    freeFrom += c.textWidth(stretch) + 4.0;
  }
}

// The runs of a comparison under the subtitle: swatch and label, left to right, a new row when
// the next entry does not fit. Returns the height used.
double drawRunsLegend(PlotCanvas& c, double width, double top, const std::vector<LegendEntry>& runs) {
  constexpr double kSwatch = 24.0, kGap = 18.0, kRow = 16.0, kFont = 11.0;
  if (runs.empty()) return 0.0;
  c.setFontSize(kFont);
  std::vector<std::vector<std::size_t>> rows(1);
  double used = 0.0;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const double entry = kSwatch + 4.0 + c.textWidth(runs[i].label) + kGap;
    if (!rows.back().empty() && used + entry > width - 2.0 * kMarginRight) {
      rows.emplace_back();
      used = 0.0;
    }
    rows.back().push_back(i);
    used += entry;
  }
  double y = top + kRow * 0.5;
  for (const std::vector<std::size_t>& row : rows) {
    double rowWidth = -kGap;
    for (std::size_t i : row) rowWidth += kSwatch + 4.0 + c.textWidth(runs[i].label) + kGap;
    double x = std::max(kMarginRight, 0.5 * (width - rowWidth));
    for (std::size_t i : row) {
      c.setColour(runs[i].colour);
      c.setLineWidth(2.5);
      c.line(x, y, x + kSwatch, y);
      c.setColour(kInk);
      c.text(runs[i].label, x + kSwatch + 4.0, y, 0.0, 0.5);
      x += kSwatch + 4.0 + c.textWidth(runs[i].label) + kGap;
    }
    y += kRow;
  }
  return kRow * static_cast<double>(rows.size()) + 4.0;
}

void drawPlot(PlotCanvas& c, const Rect& area, const TimeSeries& data, const PlotSpec& plot, const AxisRange& time,
              bool legend) {
  const double top = kHeaderHeight + (data.segments().size() > 1 ? kSegmentRow : 0.0) + 4.0;
  Rect r{area.x + kMarginLeft, area.y + top, area.w - kMarginLeft - kMarginRight, area.h - top - kMarginBottom};
  const ValueAxis values = autoscaleAxis(data, plot, time, 0.05);
  const double rowY = area.y + kHeaderHeight * 0.5;
  const std::string unit = sharedUnit(data, plot);  // then the title carries it, the legend is short
  const std::string title = unit.empty() ? plot.title : plot.title + " [" + unit + "]";
  c.setColour(kInk);
  c.setFontSize(13.0);
  c.text(title, area.x + 4.0, rowY, 0.0, 0.5);
  const double titleWidth = c.textWidth(title);
  c.setFontSize(11.0);
  double freeFrom = area.x + 4.0 + titleWidth + 16.0;
  if (unit.empty()) {
    c.text(plot.yLabel, area.x + 4.0 + titleWidth + 10.0, rowY, 0.0, 0.5);
    freeFrom += c.textWidth(plot.yLabel) + 6.0;
  }
  drawFloorBand(c, r, values, plot.floor);
  drawGridAndTicks(c, r, time, values);
  for (const PlotSeries& series : plot.series) drawSeries(c, r, data, series, time, values);
  c.setColour({0.2f, 0.2f, 0.2f});
  c.setLineWidth(1.0);
  c.strokeRect(r.x, r.y, r.w, r.h);
  c.setFontSize(11.0);
  c.setColour(kInk);
  c.text(channelHeader(data.channels()[kTime]), r.x + r.w * 0.5, r.y + r.h + 24.0, 0.5, 0.0);
  if (legend) drawLegend(c, r, rowY, data, plot, freeFrom);
  drawSegments(c, r, data.segments(), time);
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
  if (ext == "pdf") return {cairo_pdf_surface_create(path.c_str(), kFigureWidth, kFigureHeight), &cairo_surface_destroy};
  int w = static_cast<int>(kFigureWidth * kPngScale), h = static_cast<int>(kFigureHeight * kPngScale);
  return {cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h), &cairo_surface_destroy};
}

// SVG written by hand so that text stays <text> (see plot_canvas.hpp).
bool writeSvg(const std::string& path, const std::function<void(PlotCanvas&, double, double)>& draw, std::string& error) {
  SvgCanvas canvas(kFigureWidth, kFigureHeight);
  draw(canvas, kFigureWidth, kFigureHeight);
  std::ofstream out(path, std::ios::binary);
  out << canvas.document();
  if (!out.flush()) {
    error = path + ": cannot write the plot: " + std::strerror(errno);
    return false;
  }
  return true;
}

// The text broken after "; " or ", " into lines no wider than width (a subtitle naming the
// stretches of several runs), so that no line runs off the page.
std::vector<std::string> wrappedLines(PlotCanvas& c, const std::string& text, double width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t from = 0;
  while (from < text.size()) {
    std::size_t cut = text.find_first_of(",;", from);
    cut = cut == std::string::npos ? text.size() : cut + 1;
    const std::string piece = text.substr(from, cut - from);
    if (!line.empty() && c.textWidth(line + piece) > width) {
      lines.push_back(line);
      line = piece.substr(piece.find_first_not_of(' ') == std::string::npos ? 0 : piece.find_first_not_of(' '));
    } else {
      line += piece;
    }
    from = cut;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

}  // namespace

void drawPage(PlotCanvas& c, double width, double height, const std::string& title) {
  c.setColour({1.0f, 1.0f, 1.0f});
  c.fillRect(0.0, 0.0, width, height);
  c.setColour({0.0f, 0.0f, 0.0f});
  c.setFontSize(16.0);
  c.text(title, width * 0.5, 10.0, 0.5, 0.0);
}

void drawFigure(PlotCanvas& c, double width, double height, const TimeSeries& data, const Figure& figure,
                const TimeSeries* comparison) {
  drawPage(c, width, height, figure.title);
  double head = kTitleHeight;
  c.setFontSize(12.0);
  for (const std::string& line : wrappedLines(c, figure.subtitle, width - 2.0 * kMarginRight)) {
    c.text(line, width * 0.5, head - 4.0, 0.5, 0.0);
    head += kSubtitleHeight;
  }
  head += drawRunsLegend(c, width, head - 2.0, figure.runs);
  std::vector<const PlotSpec*> drawn;
  for (const PlotSpec& plot : figure.plots)
    if (plot.source == PlotSource::Samples || comparison) drawn.push_back(&plot);
  double plotHeight = (height - head) / std::max<std::size_t>(1, drawn.size());
  AxisRange time = figure.time.hi > figure.time.lo ? figure.time : AxisRange{figure.time.lo, figure.time.lo + 1.0};
  for (std::size_t i = 0; i < drawn.size(); ++i) {
    const TimeSeries& source = drawn[i]->source == PlotSource::Comparison ? *comparison : data;
    const bool ownLegend = figure.runs.empty() || drawn[i]->source != PlotSource::Comparison;
    drawPlot(c, Rect{0.0, head + i * plotHeight, width, plotHeight}, source, *drawn[i], time, ownLegend);
  }
}

void drawFigure(cairo_t* cr, double width, double height, const TimeSeries& data, const Figure& figure,
                const TimeSeries* comparison) {
  cairo_save(cr);
  drawFigure(*cairoCanvas(cr), width, height, data, figure, comparison);
  cairo_restore(cr);
}

bool figureFormatKnown(const std::string& path, std::string& error) {
  const std::string ext = extensionOf(path);
  if (ext == "png" || ext == "svg" || ext == "pdf") return true;
  error = path + ": unknown plot format '" + ext + "' (expected .png, .svg or .pdf)";
  return false;
}

bool exportDrawing(const std::string& path, const std::function<void(PlotCanvas&, double, double)>& draw,
                   std::string& error) {
  if (!figureFormatKnown(path, error)) return false;
  const std::string ext = extensionOf(path);
  if (ext == "svg") return writeSvg(path, draw, error);
  SurfacePtr surface = createSurface(path, ext);
  cairo_t* cr = cairo_create(surface.get());
  if (ext == "png") cairo_scale(cr, kPngScale, kPngScale);
  cairo_save(cr);
  draw(*cairoCanvas(cr), kFigureWidth, kFigureHeight);
  cairo_restore(cr);
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

bool exportFigure(const std::string& path, const TimeSeries& data, const Figure& figure, std::string& error,
                  const TimeSeries* comparison) {
  return exportDrawing(
      path, [&](PlotCanvas& canvas, double width, double height) { drawFigure(canvas, width, height, data, figure, comparison); },
      error);
}

bool exportFigureSet(const std::string& basePath, const TimeSeries& data, const Figure& figure, std::string& error,
                     const TimeSeries* comparison) {
  for (const char* ext : {".png", ".svg", ".pdf"})
    if (!exportFigure(basePath + ext, data, figure, error, comparison)) return false;
  return true;
}

}  // namespace articulab::figures
