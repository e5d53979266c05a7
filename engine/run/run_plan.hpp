// A request resolved once against a model: the back-end, the integrator, the solver options with
// every setting validated, the step size and count, the initial coordinates, and what the user
// should be told (warnings, notes, an integrator that was replaced). The CLI, the app's session,
// the benchmarks and the Python module all run from a plan made here, so that they refuse the
// same requests with the same messages and run the same numbers.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/run/run_request.hpp"
#include "engine/solvers/registry.hpp"

namespace articulab {

// A request that cannot run. field names what is wrong in the request ("backend",
// "integrator", "setting", "dt", "duration", "q0", "qd0"; the CLI prefixes its flag), or is
// empty when the back-end cannot run the scene as asked. A bad value in the scene file itself is
// a SceneError naming the file and the field, as the loader's.
class RunRefusal : public std::runtime_error {
 public:
  RunRefusal(std::string field, const std::string& message, std::string reason = "")
      : std::runtime_error(message), field_(std::move(field)), reason_(reason.empty() ? message : std::move(reason)) {}
  const std::string& field() const { return field_; }
  // The message without naming the back-end and the scene: the back-end's own reason when it
  // cannot run the scene.
  const std::string& reason() const { return reason_; }

 private:
  std::string field_, reason_;
};

// Most steps one run takes: a duration and step size beyond this are refused, not truncated.
inline constexpr double kMostRunSteps = 1e12;

struct RunPlan {
  RunRequest request;  // as resolved: the back-end named, the integrator as chosen
  const BackendInfo* backend = nullptr;
  Integrator integrator;
  SolverOptions options;  // what the solver is created with
  double dt = 0.0;        // s
  double duration = 0.0;  // s
  long steps = 0;         // duration / dt, rounded
  SolverSupport support;  // warnings and notes of the back-end on this model
  // Why the integrator wished for (the scene's, or one carried over) is not used; empty when it
  // is. Also among support.warnings.
  std::string integratorReplaced;
  std::string slowStep;   // estimated slow step (slowStepWarning); empty when it is not
  // What the user is told of the plan's own choices before the run (the CLI's "note:" lines, the
  // app's notice): the scene's back-end was too slow and the run starts on another
  // (startedElsewhere), the integrator is dissipative.
  std::vector<std::string> notes;
  // Why the run starts on another back-end than the scene's (a step estimated above
  // kFastStartSeconds there, one that runs in real time here); empty when it does not.
  std::string startedElsewhere;
  // Why the step size is unstable for the explicit integrator on the model, with a step that
  // works (step_stability.hpp); set by the Run from its start state where the request asks
  // (RunRequest::checkStepStability), empty when it is stable or not checked.
  std::string unstableStep;
  // Whether the integrator takes energy out of every scene (BackendCapabilities::dissipative).
  bool dissipative() const;
  // The back-end's settings that differ from its defaults, "name value", for summaries.
  std::vector<std::string> settingsText() const;
};

// The model with the request's initial coordinates and velocities (q0, qd0) in place of the
// scene's; the model itself when the request gives none. Throws RunRefusal for a wrong count or a
// value that is not finite.
std::shared_ptr<const Model> withInitialCoordinates(std::shared_ptr<const Model> model, const RunRequest& request);

// Resolves a request on a model (with its initial coordinates in place): picks the back-end and
// the integrator, validates every setting with its kind once, the step size and the step count.
// A request that names no back-end, on a scene whose back-end would take longer than
// kFastStartSeconds per step, starts on the back-end and integrator that run it in real time
// where one exists (realTimeStart; keeping a required integrator), and says so. Throws
// RunRefusal (or SceneError for a bad scene field) with the message users see.
RunPlan resolveRun(const Model& model, const RunRequest& request);

// The scene's values of every back-end's settings with the request's in place of them: what a
// scene saved from the run states (its /simulation/solver_settings).
std::vector<SettingValue> sceneSettingValues(const Model& model, const RunRequest& request);

// Whether the request resolves on the model (resolveRun refuses nothing).
bool resolves(const Model& model, const RunRequest& request);

// The plan's request on another back-end, carrying the integrator over where that back-end
// offers and can use it (the app's back-end switch and comparison runs).
RunRequest requestOnBackend(const RunPlan& plan, const std::string& backend);

}  // namespace articulab
