#include "engine/solvers/step_cost_estimate.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>

#include "engine/solvers/registry.hpp"
#include "engine/solvers/workspace_budget.hpp"

namespace articulab {

namespace {

// seconds per step = linear * n + cubic * n^3 (n: coordinates, model.nq; for baraff, rows of
// loop closures add a cubic term). Measured on the development machine (2 cores shared with
// other builds, load average about 8) on 2026-11-24 with `articulab run scenes/chain.json
// --set n=N --backend B --integrator I --dt 0.0001` and the printed us/step: the O(n) steps at
// n = 50 and 800, the O(n^3) ones at n = 50 and 400 (redmax semi-implicit and rk4: 50 and
// 1000), the two terms fitted through both points. Checked at a third size (redmax
// semi-implicit, n = 1000 against 400: 2.5 s measured, 2.0 s from the n = 400 fit). On an idle
// machine steps run up to about three times faster: the estimate is good to a factor of three.
struct CostConstants {
  const char* backend;
  const char* integrator;
  double linear;  // s per coordinate
  double cubic;   // s per coordinate cubed; 0 for O(n) steps
};

constexpr CostConstants kMeasured[] = {
    {"redmax", "implicit", 2.5e-4, 2.0e-8},
    {"redmax", "implicit-springs", 7.7e-6, 2.8e-9},
    {"redmax", "semi-implicit", 8.4e-6, 2.5e-9},
    {"redmax", "rk4", 2.9e-5, 8.3e-9},
    {"recursive", "implicit", 1.4e-4, 1.2e-8},
    {"recursive", "implicit-springs", 1.7e-6, 0.0},
    {"recursive", "semi-implicit", 1.35e-6, 0.0},
    {"recursive", "rk4", 4.3e-6, 0.0},
    {"baraff", "semi-implicit", 4.6e-6, 0.0},
    {"baraff", "rk4", 1.5e-5, 0.0},
    // Scaled from baraff's row (same day, same load): variational 3 times baraff's semi-implicit
    // step on the 20-link chain, the trapezoid variant 2.2 times variational on the four-bar.
    {"variational-maximal", "variational", 1.4e-5, 0.0},
    {"variational-maximal", "variational-trapezoid", 3.1e-5, 0.0},
    // 2.6 times the trapezoid on the four-bar (93 against 36 us, back to back, 2026-11-28).
    {"variational-maximal", "variational-triple-jump", 8.1e-5, 0.0},
    // One Newton solve and one read-out solve per step, as the trapezoid.
    {"variational-maximal", "variational-midpoint", 3.1e-5, 0.0},
    // Measured like the rows above: 19 us per step at n = 10, 41 us at n = 20 (RIQN, about 2 us
    // per coordinate); longer chains need more iterations (310 us at n = 50).
    {"variational-minimal", "variational-midpoint", 4.0e-6, 0.0},
};
constexpr double kLoopRowCubic = 2.5e-9;  // baraff's dense loop-closure block, s per row cubed (as redmax's n^3)

const CostConstants* constantsFor(const std::string& backend, Integrator integrator) {
  if (integrator.isDefault()) {
    const BackendInfo* info = findBackend(backend);
    if (!info || info->integrators.empty()) return nullptr;
    integrator = info->integrators.front().integrator;
  }
  for (const CostConstants& c : kMeasured)
    if (backend == c.backend && integrator == c.integrator) return &c;
  return nullptr;
}

struct Alternative {
  std::string backend;
  Integrator integrator;
  double seconds = -1.0;
};

// The fastest back-end and integrator other than the given pair that runs the model and takes
// at most `budget` seconds per step, preferring the same integrator; seconds < 0 when none does.
Alternative fasterAlternative(const std::string& backend, const Model& model, Integrator integrator, double budget) {
  Alternative best;
  for (int pass = 0; pass < 2 && best.seconds < 0.0; ++pass) {
    for (const BackendInfo& info : backends()) {
      for (const IntegratorInfo& offered : info.integrators) {
        const bool same = offered.integrator == integrator;
        if ((pass == 0) != same || (info.name == backend && same)) continue;
        const double seconds = estimateStepCost(info.name, model, offered.integrator).seconds;
        if (seconds < 0.0 || seconds > budget || (best.seconds >= 0.0 && seconds >= best.seconds)) continue;
        if (!info.supports(model, solverOptionsFor(model, offered.integrator)).ok) continue;
        best = {info.name, offered.integrator, seconds};
      }
    }
  }
  return best;
}

}  // namespace

StepCostEstimate estimateStepCost(const std::string& backend, const Model& model, Integrator integrator) {
  const CostConstants* c = constantsFor(backend, integrator);
  if (!c) return {};
  const double n = model.nq;
  double seconds = c->linear * std::max(1.0, n) + c->cubic * n * n * n;
  if (backend == "baraff") seconds += kLoopRowCubic * std::pow(loopClosureRows(model), 3.0);
  return {seconds, c->cubic > 0.0 ? "O(n^3)" : "O(n)"};
}

std::string formatDuration(double seconds) {
  struct Unit {
    double from;   // shown in this unit from this many seconds on
    double scale;  // seconds per unit
    const char* name;
  };
  const Unit units[] = {{7200.0, 3600.0, "h"}, {120.0, 60.0, "min"}, {1.0, 1.0, "s"}, {1e-3, 1e-3, "ms"}, {0.0, 1e-6, "us"}};
  const Unit* unit = &units[4];
  for (const Unit& u : units)
    if (seconds >= u.from) {
      unit = &u;
      break;
    }
  const double value = seconds / unit->scale;
  char text[48];
  std::snprintf(text, sizeof text, value < 10.0 ? "%.1f %s" : "%.0f %s", value, unit->name);
  return text;
}

std::string slowStepWarning(const std::string& backend, const Model& model, Integrator integrator) {
  const StepCostEstimate cost = estimateStepCost(backend, model, integrator);
  if (cost.seconds < kSlowStepSeconds) return "";
  std::string text = backend + (integrator.isDefault() ? "" : std::string(" with ") + integrator.name()) + " is " +
                     cost.costClass + ": about " + formatDuration(cost.seconds) + " per step at n = " +
                     std::to_string(model.nq);
  const Alternative faster = fasterAlternative(backend, model, integrator, cost.seconds / 10.0);
  if (faster.seconds >= 0.0) {
    text += "; " + faster.backend;
    if (!(faster.integrator == integrator)) text += std::string(" with ") + faster.integrator.name();
    text += " runs this scene at about " + formatDuration(faster.seconds) + " per step";
  }
  return text;
}

}  // namespace articulab
