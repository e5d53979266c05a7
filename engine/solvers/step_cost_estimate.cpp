#include "engine/solvers/step_cost_estimate.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <utility>
#include <vector>

#include "engine/solvers/registry.hpp"
#include "engine/solvers/workspace_budget.hpp"

namespace articulab {

namespace {

// The constants of `integrator` (the back-end's default when default-constructed), or nullptr.
const StepCostConstants* constantsFor(const BackendInfo& info, Integrator integrator) {
  if (integrator.isDefault()) {
    if (info.integrators.empty()) return nullptr;
    integrator = info.integrators.front().integrator;
  }
  return info.capabilities.stepCost(integrator);
}

// The fastest back-end and integrator other than the given pair that runs the model and takes
// at most `budget` seconds per step, preferring the same integrator; seconds < 0 when none does.
StepAlternative fasterAlternative(const std::string& backend, const Model& model, Integrator integrator, double budget) {
  StepAlternative best;
  for (int pass = 0; pass < 2 && best.seconds < 0.0; ++pass) {
    for (const BackendInfo& info : backends()) {
      for (const IntegratorInfo& offered : info.integrators) {
        const bool same = offered.integrator == integrator;
        if ((pass == 0) != same || (info.name == backend && same)) continue;
        const double seconds = estimateStepCost(info.name, model, offered.integrator).seconds;
        if (seconds < 0.0 || seconds > budget || (best.seconds >= 0.0 && seconds >= best.seconds)) continue;
        if (!info.supports(model, offered.integrator).ok) continue;
        best = {info.name, offered.integrator, seconds};
      }
    }
  }
  return best;
}

// The integrators a run of the model on `info` may start with and their rank (lower is better):
// `integrator` where offered (0), then the back-end's default order, else its list (1, 2, ...).
std::vector<std::pair<Integrator, std::size_t>> startCandidates(const BackendInfo& info, Integrator integrator,
                                                                bool keepIntegrator) {
  std::vector<std::pair<Integrator, std::size_t>> candidates;
  if (info.findIntegrator(integrator.name())) candidates.push_back({integrator, 0});
  if (keepIntegrator) return candidates;
  std::vector<Integrator> order = info.capabilities.defaultOrder;
  if (order.empty())
    for (const IntegratorInfo& offered : info.integrators) order.push_back(offered.integrator);
  for (std::size_t k = 0; k < order.size(); ++k)
    if (!(order[k] == integrator)) candidates.push_back({order[k], k + 1});
  return candidates;
}

}  // namespace

StepAlternative realTimeStart(const Model& model, Integrator integrator, double dt, bool keepIntegrator) {
  StepAlternative best;
  std::size_t bestRank = 0;
  for (const BackendInfo& info : backends()) {
    for (const auto& [candidate, rank] : startCandidates(info, integrator, keepIntegrator)) {
      const double seconds = estimateStepCost(info.name, model, candidate).seconds;
      if (seconds < 0.0 || seconds > dt) continue;
      const bool better = best.seconds < 0.0 || rank < bestRank || (rank == bestRank && seconds < best.seconds);
      if (!better || !info.supports(model, candidate).ok) continue;
      best = {info.name, candidate, seconds};
      bestRank = rank;
    }
  }
  return best;
}

StepCostEstimate estimateStepCost(const std::string& backend, const Model& model, Integrator integrator) {
  const BackendInfo* info = findBackend(backend);
  const StepCostConstants* c = info ? constantsFor(*info, integrator) : nullptr;
  if (!c) return {};
  const double n = model.nq;
  double seconds = c->linear * std::max(1.0, n) + c->cubic * n * n * n;
  if (const double loopRowCubic = info->capabilities.loopRowCubic; loopRowCubic > 0.0)
    seconds += loopRowCubic * std::pow(loopClosureRows(model), 3.0);
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
  const StepAlternative faster = fasterAlternative(backend, model, integrator, cost.seconds / 10.0);
  if (faster.seconds >= 0.0) {
    text += "; " + faster.backend;
    if (!(faster.integrator == integrator)) text += std::string(" with ") + faster.integrator.name();
    text += " runs this scene at about " + formatDuration(faster.seconds) + " per step";
  }
  return text;
}

}  // namespace articulab
