// A rough wall time of one step of a back-end on a model, from the back-end's cost class (how
// a step's work grows with the model: O(n) or O(n^3)) and constants measured on the
// development machine, so that the app and `articulab run` can say before a run that it will
// be slow, and which back-end would run the scene faster. Each back-end declares its constants
// in its capabilities (backend_capabilities.hpp, StepCostConstants): seconds per step = linear
// * n + cubic * n^3 (n: coordinates, model.nq; plus loopRowCubic times the loop-closure rows
// cubed where a back-end has a dense loop block). Measured on the development machine (2 cores
// shared with other builds, load average about 8) on 2026-11-24 with `articulab run
// scenes/chain.json --set n=N --backend B --integrator I --dt 0.0001` and the printed us/step:
// the O(n) steps at n = 50 and 800, the O(n^3) ones at n = 50 and 400 (redmax semi-implicit and
// rk4: 50 and 1000), the two terms fitted through both points. Checked at a third size (redmax
// semi-implicit, n = 1000 against 400: 2.5 s measured, 2.0 s from the n = 400 fit). On an idle
// machine steps run up to about three times faster: the estimate is good to a factor of three.
#pragma once

#include <string>

#include "engine/multibody/model.hpp"
#include "engine/solvers/integrator.hpp"

namespace articulab {

struct StepCostEstimate {
  double seconds = -1.0;    // estimated wall time of one step; negative for an unknown back-end
  const char* costClass = "";  // "O(n)" or "O(n^3)"
};

// Steps estimated at least this long make a run slow (slower than a frame at 20 FPS).
constexpr double kSlowStepSeconds = 0.05;

// Steps estimated longer than this on the scene's back-end make a run that names no back-end
// start on one that runs the scene in real time (resolveRun, realTimeStart).
constexpr double kFastStartSeconds = 0.01;

// A back-end and integrator to run a model on, with its estimated step; seconds < 0 for none.
struct StepAlternative {
  std::string backend;
  Integrator integrator;
  double seconds = -1.0;
};

// The back-end and integrator that run the model in real time at step `dt` (estimated step at
// most dt) and can run it, preferring `integrator`, then each back-end's default order
// (BackendCapabilities::defaultOrder: the integrators that keep the energy first), then the
// cheaper step; only `integrator` when `keepIntegrator`. seconds < 0 when none does.
StepAlternative realTimeStart(const Model& model, Integrator integrator, double dt, bool keepIntegrator);

// One step of `backend` with `integrator` (the default one when default-constructed) on the model.
StepCostEstimate estimateStepCost(const std::string& backend, const Model& model, Integrator integrator);

// "2.0 ms", "40 s", "310 us", "3.1 s", "17 min".
std::string formatDuration(double seconds);

// Empty when a step is estimated under kSlowStepSeconds; else, for example, "redmax is O(n^3):
// about 40 s per step at n = 5000; recursive runs this scene at about 2 ms per step", naming
// the fastest back-end (keeping the integrator when one can) that runs the model and is at least
// ten times faster, with its integrator when that differs.
std::string slowStepWarning(const std::string& backend, const Model& model, Integrator integrator);

}  // namespace articulab
