// A plot of y against x on log or linear axes, one line of points per series with a label at
// each point: the studies' work-precision, convergence and scaling figures (app/cli/plot_command),
// and the app's phase plots as one line without points (app/gui/pane_figures.hpp).
// Drawn on a PlotCanvas and written by exportDrawing (plot_export.hpp), so PNG, SVG and PDF.
#pragma once

#include <string>
#include <vector>

#include "app/figures/plot_canvas.hpp"

namespace articulab::figures {

struct XYLine {
  std::string label;  // legend text, e.g. "redmax rk4 (order 4.02)"
  Colour colour;
  std::vector<double> x, y;
  std::vector<std::string> pointLabels = {};  // next to each point (e.g. "dt 0.01"); none when empty
  bool dashed = false;                         // told apart from a line of the same colour
  bool markers = true;                         // a square at each point; false: the line alone (a phase plot)
};

struct XYFigure {
  std::string title, subtitle, xLabel, yLabel;
  AxisScale xScale = AxisScale::Log, yScale = AxisScale::Log;
  std::vector<XYLine> lines;
};

void drawXYFigure(PlotCanvas& canvas, double width, double height, const XYFigure& figure);
// Writes the figure (format from the extension); false with error set when it cannot.
bool exportXYFigure(const std::string& path, const XYFigure& figure, std::string& error);

}  // namespace articulab::figures
