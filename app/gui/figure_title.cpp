#include "app/gui/figure_title.hpp"

#include <cstdio>

namespace articulab::gui {

namespace {

std::string number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4g", v);
  return buffer;
}

// The back-ends in the order they ran, without repeats next to each other.
std::string backendsInOrder(const RunLabels& run) {
  if (run.segments.size() < 2) return run.backend;
  std::string out;
  for (const Segment& s : run.segments) out += (out.empty() ? "" : ", then ") + s.label;
  return out;
}

}  // namespace

std::string figureTitle(const RunLabels& run) {
  std::string title = run.scene;
  if (!run.parameters.empty()) {
    std::string list;
    for (const auto& [name, value] : run.parameters) list += (list.empty() ? "" : ", ") + name + " = " + number(value);
    title += " (" + list + ")";
  }
  title += ": " + backendsInOrder(run);
  if (!run.compareBackend.empty()) title += " vs " + run.compareBackend;
  return title;
}

std::string figureSubtitle(const RunLabels& run) {
  std::string out = run.integrator + ", dt = " + number(run.dt) + " s, drift control " + run.driftControl;
  if (run.segments.size() < 2) return out;
  out += ";";
  for (std::size_t i = 0; i < run.segments.size(); ++i) {
    const double end = i + 1 < run.segments.size() ? run.segments[i + 1].start : run.endTime;
    out += (i ? ", " : " ") + run.segments[i].label + " " + number(run.segments[i].start) + "-" + number(end) + " s";
  }
  return out;
}

}  // namespace articulab::gui
