// What a caller asks of a run of a model (DESIGN.md, "Who drives the engine"): the CLI's flags,
// the app's choices, a Python call. Every field left empty takes the scene's value; resolveRun
// (run_plan.hpp) turns a request into the one plan every consumer runs.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace articulab {

// How an integrator name in a request is taken.
enum class IntegratorWish {
  Scene,      // the scene's integrator (request.integrator is ignored)
  Preferred,  // request.integrator where the back-end offers and can use it, else the back-end's
              // default, with a warning that names both (an integrator carried over by a switch)
  Required,   // request.integrator or a refusal (named on the command line or in the app's box)
};

// NAME=VALUE for a back-end's own setting: a number or, for a choice or a switch, one of its names.
struct SettingRequest {
  std::string backend;  // empty: the run's back-end
  std::string name;
  std::string value;
};

struct RunRequest {
  std::string backend;  // empty: the scene's
  std::string integrator;
  IntegratorWish integratorWish = IntegratorWish::Scene;
  double dt = 0.0;        // s; 0: the scene's
  double duration = 0.0;  // s; 0: the scene's
  // Values of back-ends' own settings, over the scene's.
  std::vector<SettingRequest> settings;
  // Whether the energy is computed after every step (run_monitor.hpp: its largest change, the
  // muscles' work, the energy bound and blow-ups). Off, as MuJoCo's energy flag, a step is
  // checked only for coordinates that are not finite: what a benchmark of the bare stepping wants.
  bool watchEnergy = true;
  // A blow-up (run_monitor.hpp: the energy grew beyond the scene's scale with no force doing
  // work) stops the run as a divergence; false: the run goes on, marked as not to be trusted.
  bool stopOnBlowUp = true;
  // Whether the Run estimates the stability of its step from the start (step_stability.hpp,
  // RunPlan::unstableStep): on where the user is told (the CLI's run and record, the app's
  // session); off where many runs are built (studies, comparisons, Python, benchmarks), whose
  // trajectories it does not change. The probe costs about 60 forward dynamics per state.
  bool checkStepStability = false;
  // Initial coordinates and velocities: one value per coordinate, or one value for all; empty:
  // the scene's.
  std::vector<double> q0, qd0;

  // The request with a back-end named and an integrator required (the CLI's --integrator).
  void requireIntegrator(std::string name) {
    integrator = std::move(name);
    integratorWish = IntegratorWish::Required;
  }
};

}  // namespace articulab
