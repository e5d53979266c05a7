// A study file (docs/studies.md): scenes with grids of scene parameters, runs (back-end,
// integrator, settings as `compare`'s run specs), step sizes, the duration, the output times at
// which errors are taken, the metrics and the reference the errors are taken against. Read and
// checked whole before anything runs: a bad file throws SceneError naming the file and the JSON
// pointer of the field.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/session/run_spec.hpp"

namespace articulab::study {

// One scene of the study and the values each of its parameters takes (their product is the grid).
struct StudyScene {
  std::string file;  // as the study names it
  std::string path;  // resolved against the study file's folder
  std::map<std::string, std::vector<double>> grid;
};

// What the rows report (all by default): energy (|E - E0|), drift, error (against the
// reference), time (wall and CPU per step), iterations (of the solver's iterative solve).
inline const std::vector<std::string>& metricNames() {
  static const std::vector<std::string> names{"energy", "drift", "error", "time", "iterations"};
  return names;
}

// What the errors are taken against: the scene's closed form (engine/diagnostics/closed_form.hpp;
// "reference": "closed-form"), a named run spec, or by default rk4 at the finest step of the study
// divided by `refine`, on the first back-end of the study's runs that runs the scene with rk4.
struct StudyReference {
  bool closedForm = false;
  std::optional<session::RunSpec> run;
  double refine = 16.0;
};

struct Study {
  std::string file;
  std::vector<StudyScene> scenes;
  std::vector<session::RunSpec> runs;
  std::vector<double> dts;  // empty: each run's own step (its spec's @dt, else the scene's)
  double duration = 0.0;    // s
  std::vector<double> outputTimes;  // s, increasing, within the duration; default: the duration
  std::vector<std::string> metrics;
  StudyReference reference;

  bool wants(const std::string& metric) const;
};

// Reads and checks a study file; throws SceneError (file, JSON pointer, what was expected).
Study readStudy(const std::string& path);
// The same from text already in memory; scene paths resolve against `folder`.
Study readStudyText(const std::string& text, const std::string& file, const std::string& folder);

}  // namespace articulab::study
