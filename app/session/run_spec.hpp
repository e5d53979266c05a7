// One run of a comparison as a user writes it, on the command line (`articulab compare --runs`)
// and in the app (the comparison panel, the script's compare-add):
//
//   BACKEND[:INTEGRATOR][@dt=SECONDS][@SETTING=VALUE]...
//
// e.g. "redmax:rk4", "variational-maximal:variational-midpoint@dt=0.0005",
// "recursive:implicit@gmres-tolerance=1e-10"; a list separates runs with commas. What is left
// out follows the scene (or, in the app, the main run). The text is checked for its form here;
// the back-end, the integrator and the settings by resolveRun, so that a refusal reads as
// `articulab run`'s.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "app/session/time_series.hpp"
#include "engine/run/run_plan.hpp"

namespace articulab::session {

struct RunSpec {
  std::string text;        // as written
  std::string backend;
  std::string integrator;  // empty: the scene's (or the main run's where that back-end offers it)
  double dt = 0.0;         // s; 0: the scene's (or the main run's)
  std::vector<SettingRequest> settings;
};

// A spec whose form is wrong: the message names the part ("'@dt=abc': dt must be a positive
// number of seconds").
class RunSpecError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

RunSpec parseRunSpec(const std::string& text);
// "a,b,c": each one parsed; an error names the run by its place and text ("run 3
// 'redmax:rk4@dt=0': ...").
std::vector<RunSpec> parseRunSpecList(const std::string& text);

// The spec's request over base (duration, initial coordinates, the wishes of a run it follows):
// its back-end, its integrator required when named, its step size and settings when given.
RunRequest specRequest(const RunSpec& spec, RunRequest base);

// "baraff semi-implicit, dt 0.001 s" (with the settings that differ from the back-end's
// defaults): what a run is, for legends, tables and subtitles.
std::string runLabel(const RunPlan& plan);
// The label of a run whose integrator or step changed while it ran (stretches: from when it ran
// with what, the last one now): "redmax rk4, dt 0.001 s 0-1.2 s, then LABEL from 1.2 s"; the
// label alone with one stretch.
std::string stretchedLabel(const std::vector<Segment>& stretches, const std::string& label);

// Short names that tell the runs apart, for column and file names: the back-end, then with its
// integrator, then with its step where two runs would share a name, then numbered.
struct RunNameParts {
  std::string backend, integrator;
  double dt = 0.0;
};
std::vector<std::string> runNames(const std::vector<RunNameParts>& runs);
RunNameParts nameParts(const RunPlan& plan);

}  // namespace articulab::session
