#include "app/figures/plot_canvas.hpp"

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace articulab::figures {

namespace {

constexpr const char* kFontFamily = "DejaVu Sans";
constexpr double kAscent = 0.76, kDescent = 0.24;  // of the font size, DejaVu Sans

class CairoCanvas : public PlotCanvas {
 public:
  explicit CairoCanvas(cairo_t* cr) : cr_(cr) {
    cairo_select_font_face(cr_, kFontFamily, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  }
  void setColour(const Colour& c, double alpha) override { cairo_set_source_rgba(cr_, c.r, c.g, c.b, alpha); }
  void setLineWidth(double width) override { cairo_set_line_width(cr_, width); }
  void setDashed(bool dashed) override {
    const double dash[2] = {4.0, 3.0};
    cairo_set_dash(cr_, dash, dashed ? 2 : 0, 0.0);
  }
  void fillRect(double x, double y, double w, double h) override {
    cairo_rectangle(cr_, x, y, w, h);
    cairo_fill(cr_);
  }
  void strokeRect(double x, double y, double w, double h) override {
    cairo_rectangle(cr_, x, y, w, h);
    cairo_stroke(cr_);
  }
  void line(double x0, double y0, double x1, double y1) override {
    cairo_move_to(cr_, x0, y0);
    cairo_line_to(cr_, x1, y1);
    cairo_stroke(cr_);
  }
  void polyline(const std::vector<CanvasPoint>& points) override {
    if (points.size() < 2) return;
    cairo_set_line_join(cr_, CAIRO_LINE_JOIN_ROUND);
    cairo_move_to(cr_, points[0].x, points[0].y);
    for (std::size_t i = 1; i < points.size(); ++i) cairo_line_to(cr_, points[i].x, points[i].y);
    cairo_stroke(cr_);
  }
  void pushClip(double x, double y, double w, double h) override {
    cairo_save(cr_);
    cairo_rectangle(cr_, x, y, w, h);
    cairo_clip(cr_);
  }
  void popClip() override { cairo_restore(cr_); }
  void setFontSize(double size) override { cairo_set_font_size(cr_, size); }
  double textWidth(const std::string& text) override {
    cairo_text_extents_t ext;
    cairo_text_extents(cr_, text.c_str(), &ext);
    return ext.x_advance;
  }
  void text(const std::string& text, double x, double y, double alignX, double alignY) override {
    cairo_font_extents_t font;
    cairo_font_extents(cr_, &font);
    const double height = font.ascent + font.descent;
    cairo_move_to(cr_, x - alignX * textWidth(text), y - alignY * height + font.ascent);
    cairo_show_text(cr_, text.c_str());
  }

 private:
  cairo_t* cr_;
};

std::string number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", v);
  return buffer;
}

}  // namespace

std::unique_ptr<PlotCanvas> cairoCanvas(cairo_t* cr) { return std::make_unique<CairoCanvas>(cr); }

std::string xmlEscape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

struct SvgCanvas::Scratch {
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
  cairo_t* cr = cairo_create(surface);
  ~Scratch() {
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
  }
};

SvgCanvas::SvgCanvas(double width, double height)
    : width_(width), height_(height), scratch_(std::make_unique<Scratch>()) {
  measure_ = cairoCanvas(scratch_->cr);
}

SvgCanvas::~SvgCanvas() { measure_.reset(); }

void SvgCanvas::setColour(const Colour& c, double alpha) {
  char buffer[8];
  auto byte = [](float v) { return std::clamp(static_cast<int>(std::lround(v * 255.0f)), 0, 255); };
  std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", byte(c.r), byte(c.g), byte(c.b));
  colour_ = buffer;
  alpha_ = alpha;
}

std::string SvgCanvas::stroke() const {
  std::string s = "fill=\"none\" stroke=\"" + colour_ + "\" stroke-width=\"" + number(lineWidth_) + "\"";
  if (alpha_ < 1.0) s += " stroke-opacity=\"" + number(alpha_) + "\"";
  if (dashed_) s += " stroke-dasharray=\"4 3\"";
  return s;
}

void SvgCanvas::fillRect(double x, double y, double w, double h) {
  body_ << "<rect x=\"" << number(x) << "\" y=\"" << number(y) << "\" width=\"" << number(w) << "\" height=\""
        << number(h) << "\" fill=\"" << colour_ << "\"";
  if (alpha_ < 1.0) body_ << " fill-opacity=\"" << number(alpha_) << "\"";
  body_ << "/>\n";
}

void SvgCanvas::strokeRect(double x, double y, double w, double h) {
  body_ << "<rect x=\"" << number(x) << "\" y=\"" << number(y) << "\" width=\"" << number(w) << "\" height=\""
        << number(h) << "\" " << stroke() << "/>\n";
}

void SvgCanvas::line(double x0, double y0, double x1, double y1) {
  body_ << "<line x1=\"" << number(x0) << "\" y1=\"" << number(y0) << "\" x2=\"" << number(x1) << "\" y2=\""
        << number(y1) << "\" " << stroke() << "/>\n";
}

void SvgCanvas::polyline(const std::vector<CanvasPoint>& points) {
  if (points.size() < 2) return;
  body_ << "<polyline stroke-linejoin=\"round\" " << stroke() << " points=\"";
  for (const CanvasPoint& p : points) body_ << number(p.x) << ',' << number(p.y) << ' ';
  body_ << "\"/>\n";
}

void SvgCanvas::pushClip(double x, double y, double w, double h) {
  const int id = clips_++;
  body_ << "<clipPath id=\"clip" << id << "\"><rect x=\"" << number(x) << "\" y=\"" << number(y) << "\" width=\""
        << number(w) << "\" height=\"" << number(h) << "\"/></clipPath>\n<g clip-path=\"url(#clip" << id << ")\">\n";
  ++openGroups_;
}

void SvgCanvas::popClip() {
  if (openGroups_ == 0) return;
  body_ << "</g>\n";
  --openGroups_;
}

void SvgCanvas::setFontSize(double size) {
  fontSize_ = size;
  measure_->setFontSize(size);
}

double SvgCanvas::textWidth(const std::string& text) { return measure_->textWidth(text); }

void SvgCanvas::text(const std::string& text, double x, double y, double alignX, double alignY) {
  const char* anchor = alignX < 0.25 ? "start" : alignX > 0.75 ? "end" : "middle";
  const double baseline = y - alignY * (kAscent + kDescent) * fontSize_ + kAscent * fontSize_;
  body_ << "<text x=\"" << number(x) << "\" y=\"" << number(baseline) << "\" font-family=\"" << kFontFamily
        << ", sans-serif\" font-size=\"" << number(fontSize_) << "\" text-anchor=\"" << anchor << "\" fill=\""
        << colour_ << "\">" << xmlEscape(text) << "</text>\n";
}

std::string SvgCanvas::document() const {
  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""
      << number(width_) << "pt\" height=\"" << number(height_) << "pt\" viewBox=\"0 0 " << number(width_) << ' '
      << number(height_) << "\">\n"
      << body_.str();
  for (int i = 0; i < openGroups_; ++i) out << "</g>\n";
  out << "</svg>\n";
  return out.str();
}

}  // namespace articulab::figures
