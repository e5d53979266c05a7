// The title and subtitle of exported plots: the scene with its parameters, which back-end ran
// each stretch of the run, the integrator, the step and the drift control.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "app/gui/session_names.hpp"

namespace articulab::gui {

struct RunLabels {
  std::string scene;
  std::map<std::string, double> parameters;  // the scene's resolved parameters (n = 50)
  std::string backend, compareBackend;       // compareBackend empty without a comparison run
  std::string integrator;
  double dt = 0.0;                           // s
  std::string driftControl;                  // e.g. "baumgarte (alpha 10/s, beta 10/s)"
  std::vector<Segment> segments;             // which back-end and integrator ran from when (TimeSeries)
  double endTime = 0.0;                      // s, the last sample
};

// "RC50 (n = 50): recursive, then baraff" or "four-bar: redmax vs baraff".
std::string figureTitle(const RunLabels& run);
// "rk4, dt = 0.0001 s, drift control post-stabilization; recursive 0-2.04 s, baraff 2.04-4.08 s"
// (each stretch's integrator named too when they differ: "recursive implicit 0-1 s, ...").
std::string figureSubtitle(const RunLabels& run);

}  // namespace articulab::gui
