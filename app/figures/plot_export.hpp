// Draws the plots (title, axes with units and tick labels, legend above each plot, the
// back-end of each stretch of the run) and writes them as PNG, PDF (cairo) or SVG (text as text).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "app/figures/plot_canvas.hpp"
#include "app/figures/plot_spec.hpp"

typedef struct _cairo cairo_t;

namespace articulab::figures {

// A run of a comparison in the figure's legend: its colour and its full label (back-end,
// integrator, dt, settings).
struct LegendEntry {
  std::string label;
  Colour colour;
};

struct Figure {
  std::string title;  // e.g. the scene and back-end
  std::vector<PlotSpec> plots;  // stacked top to bottom, sharing the time axis
  AxisRange time;     // s
  std::string subtitle = {};  // e.g. the integrator, drift control and which back-end ran when
  // The runs of a comparison, drawn once under the subtitle (wrapped into as many rows as they
  // need, every label whole); the comparison plots then carry no legend of their own.
  std::vector<LegendEntry> runs = {};
};

// Draws the figure into a width x height area (canvas user units) starting at the origin; a
// plot whose source is the comparison series reads `comparison` (none drawn without it).
void drawFigure(PlotCanvas& canvas, double width, double height, const TimeSeries& data, const Figure& figure,
                const TimeSeries* comparison = nullptr);
void drawFigure(cairo_t* cr, double width, double height, const TimeSeries& data, const Figure& figure,
                const TimeSeries* comparison = nullptr);

// Writes one file; the format comes from the extension (.png, .svg or .pdf).
bool exportFigure(const std::string& path, const TimeSeries& data, const Figure& figure, std::string& error,
                  const TimeSeries* comparison = nullptr);
// A white page of width x height with the title centred at its top (every figure's start).
void drawPage(PlotCanvas& canvas, double width, double height, const std::string& title);
// Writes what `draw` draws on a canvas of the given width and height (user units) to one file
// of the extension's format: the exporter of every figure (this one, the studies' xy_plot.hpp).
bool exportDrawing(const std::string& path, const std::function<void(PlotCanvas&, double width, double height)>& draw,
                   std::string& error);
// Writes BASE.png, BASE.svg and BASE.pdf.
bool exportFigureSet(const std::string& basePath, const TimeSeries& data, const Figure& figure, std::string& error,
                     const TimeSeries* comparison = nullptr);
// Whether the path names a figure format (.png, .svg, .pdf); error says which are when not.
bool figureFormatKnown(const std::string& path, std::string& error);

}  // namespace articulab::figures
