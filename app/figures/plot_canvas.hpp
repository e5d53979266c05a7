// What the figure exporter draws on: cairo (PNG, PDF) or an SVG document written by hand, so
// that an exported SVG keeps its title, labels and legend as <text> an editor can change
// (cairo's SVG surface writes glyph outlines).
#pragma once

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "app/figures/plot_spec.hpp"

typedef struct _cairo cairo_t;

namespace articulab::figures {

struct CanvasPoint {
  double x, y;
};

class PlotCanvas {
 public:
  virtual ~PlotCanvas() = default;
  virtual void setColour(const Colour& c, double alpha = 1.0) = 0;
  virtual void setLineWidth(double width) = 0;
  virtual void setDashed(bool dashed) = 0;
  virtual void fillRect(double x, double y, double w, double h) = 0;
  virtual void strokeRect(double x, double y, double w, double h) = 0;
  virtual void line(double x0, double y0, double x1, double y1) = 0;
  virtual void polyline(const std::vector<CanvasPoint>& points) = 0;
  virtual void pushClip(double x, double y, double w, double h) = 0;
  virtual void popClip() = 0;
  virtual void setFontSize(double size) = 0;
  virtual double textWidth(const std::string& text) = 0;
  // align 0 / 0.5 / 1: the left, centre or right (x) and top, middle or bottom (y) at the point.
  virtual void text(const std::string& text, double x, double y, double alignX, double alignY) = 0;
};

// Draws on a cairo context (the caller owns it).
std::unique_ptr<PlotCanvas> cairoCanvas(cairo_t* cr);

// Collects an SVG document of width x height user units; document() returns it.
class SvgCanvas : public PlotCanvas {
 public:
  SvgCanvas(double width, double height);
  ~SvgCanvas() override;
  void setColour(const Colour& c, double alpha) override;
  void setLineWidth(double width) override { lineWidth_ = width; }
  void setDashed(bool dashed) override { dashed_ = dashed; }
  void fillRect(double x, double y, double w, double h) override;
  void strokeRect(double x, double y, double w, double h) override;
  void line(double x0, double y0, double x1, double y1) override;
  void polyline(const std::vector<CanvasPoint>& points) override;
  void pushClip(double x, double y, double w, double h) override;
  void popClip() override;
  void setFontSize(double size) override;
  double textWidth(const std::string& text) override;
  void text(const std::string& text, double x, double y, double alignX, double alignY) override;
  std::string document() const;

 private:
  std::string stroke() const;
  std::ostringstream body_;
  double width_, height_;
  std::string colour_ = "#000000";
  double alpha_ = 1.0, lineWidth_ = 1.0, fontSize_ = 11.0;
  bool dashed_ = false;
  int clips_ = 0, openGroups_ = 0;
  std::unique_ptr<PlotCanvas> measure_;  // cairo on a scratch image: the same text widths as PNG and PDF
  struct Scratch;
  std::unique_ptr<Scratch> scratch_;
};

// Escapes &, <, >, " for XML text and attributes.
std::string xmlEscape(const std::string& text);

}  // namespace articulab::figures
