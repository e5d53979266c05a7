// Draws the plots to any cairo surface (title, axes with units and tick labels, legend) and
// writes them as PNG, SVG or PDF.
#pragma once

#include <string>
#include <vector>

#include "app/gui/plot_spec.hpp"

typedef struct _cairo cairo_t;

namespace articulab::gui {

struct Figure {
  std::string title;  // e.g. the scene and back-end
  std::vector<PlotSpec> plots;  // stacked top to bottom, sharing the time axis
  AxisRange time;     // s
};

// Draws the figure into a width x height area (cairo user units) starting at the origin.
void drawFigure(cairo_t* cr, double width, double height, const TimeSeries& data, const Figure& figure);

// Writes one file; the format comes from the extension (.png, .svg or .pdf).
bool exportFigure(const std::string& path, const TimeSeries& data, const Figure& figure, std::string& error);
// Writes BASE.png, BASE.svg and BASE.pdf.
bool exportFigureSet(const std::string& basePath, const TimeSeries& data, const Figure& figure, std::string& error);

}  // namespace articulab::gui
