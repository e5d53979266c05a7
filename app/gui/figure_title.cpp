#include "app/gui/figure_title.hpp"

#include <cstdio>
#include <vector>

namespace articulab::gui {

namespace {

std::string number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4g", v);
  return buffer;
}

// A stretch of the run as the subtitle names it: from start on one back-end (with its
// integrator when the integrators of the run differ).
struct Stretch {
  double start;
  std::string label;
};

// The segments with their integrators named where they differ, stretches next to each other
// that read the same joined.
std::vector<Stretch> stretches(const std::vector<Segment>& segments, bool withIntegrators) {
  std::vector<Stretch> out;
  for (const Segment& s : segments) {
    const std::string label = withIntegrators && !s.integrator.empty() ? s.label + " " + s.integrator : s.label;
    if (out.empty() || out.back().label != label) out.push_back({s.start, label});
  }
  return out;
}

bool integratorsDiffer(const std::vector<Segment>& segments) {
  for (const Segment& s : segments)
    if (s.integrator != segments.front().integrator) return true;
  return false;
}

// The back-ends in the order they ran, without repeats next to each other.
std::string backendsInOrder(const RunLabels& run) {
  const std::vector<Stretch> backends = stretches(run.segments, false);
  if (backends.size() < 2) return run.backend;
  std::string out;
  for (const Stretch& s : backends) out += (out.empty() ? "" : ", then ") + s.label;
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
  const std::vector<Stretch> parts = stretches(run.segments, integratorsDiffer(run.segments));
  if (parts.size() < 2) return out;
  out += ";";
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const double end = i + 1 < parts.size() ? parts[i + 1].start : run.endTime;
    out += (i ? ", " : " ") + parts[i].label + " " + number(parts[i].start) + "-" + number(end) + " s";
  }
  return out;
}

}  // namespace articulab::gui
