#include "engine/solvers/workspace_budget.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>

#include "engine/constraints/loop_rows.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/solvers/step_cost_estimate.hpp"

namespace articulab {

namespace {

// MemAvailable of /proc/meminfo in bytes, or a negative number where there is none.
double memAvailableFromProc() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  double kilobytes = 0.0;
  std::string unit;
  while (meminfo >> key >> kilobytes >> unit)
    if (key == "MemAvailable:") return kilobytes * 1024.0;
  return -1.0;
}

double physicalMemory() {
  const long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && size > 0 ? static_cast<double>(pages) * static_cast<double>(size) : 1e18;
}

}  // namespace

double availableMemoryBytes() {
  double available = memAvailableFromProc();
  if (available <= 0.0) available = physicalMemory();
  rlimit limit{};
  if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
    available = std::min(available, static_cast<double>(limit.rlim_cur));
  return available;
}

std::string formatBytes(double bytes) {
  const char* units[] = {"bytes", "KB", "MB", "GB", "TB", "PB", "EB"};
  int unit = 0;
  while (bytes >= 1000.0 && unit < 6) {
    bytes /= 1000.0;
    ++unit;
  }
  char text[48];
  std::snprintf(text, sizeof text, bytes < 10.0 && unit > 0 ? "%.1f %s" : "%.0f %s", bytes, units[unit]);
  return text;
}

double estimateWorkspaceBytes(const std::string& backend, const Model& model, Integrator integrator) {
  const BackendInfo* info = findBackend(backend);
  if (!info || !info->capabilities.workspaceBytes) return -1.0;
  return info->capabilities.workspaceBytes(model, integrator);
}

namespace {

struct FittingWorkspace {
  const BackendInfo* backend;
  Integrator integrator;
  double bytes;
};

// The integrator of `info` whose workspace fits in `available` bytes: `integrator` when the
// back-end offers it, else the one with the cheapest step (step_cost_estimate.hpp); the pair
// (skipBackend, integrator) is not a candidate. bytes < 0 when none fits.
FittingWorkspace fittingWorkspace(const BackendInfo& info, const Model& model, Integrator integrator, double available,
                                  const std::string& skipBackend) {
  std::vector<Integrator> candidates;
  for (const IntegratorInfo& offered : info.integrators) candidates.push_back(offered.integrator);
  const auto cost = [&](Integrator candidate) {
    const double seconds = estimateStepCost(info.name, model, candidate).seconds;
    return seconds < 0.0 ? 1e300 : seconds;
  };
  std::stable_sort(candidates.begin(), candidates.end(), [&](Integrator a, Integrator b) {
    if ((a == integrator) != (b == integrator)) return a == integrator;
    return cost(a) < cost(b);
  });
  for (Integrator candidate : candidates) {
    if (info.name == skipBackend && candidate == integrator) continue;
    const double need = info.capabilities.workspaceBytes ? info.capabilities.workspaceBytes(model, candidate) : -1.0;
    if (need >= 0.0 && need <= available) return {&info, candidate, need};
  }
  return {&info, integrator, -1.0};
}

}  // namespace

std::string workspaceRefusal(const std::string& backend, double bytes, double available, const Model& model,
                             Integrator integrator) {
  std::ostringstream text;
  text << "the " << backend << " workspace for " << model.bodyCount() << " bodies and " << model.nq
       << " coordinates with the " << integratorName(integrator) << " integrator needs about " << formatBytes(bytes)
       << ", more than the " << formatBytes(available) << " of memory available";
  std::vector<FittingWorkspace> fitting;
  for (const BackendInfo& info : backends())
    if (FittingWorkspace fit = fittingWorkspace(info, model, integrator, available, backend); fit.bytes >= 0.0)
      fitting.push_back(fit);
  std::stable_sort(fitting.begin(), fitting.end(),
                   [](const FittingWorkspace& a, const FittingWorkspace& b) { return a.bytes < b.bytes; });
  std::string list;
  for (const FittingWorkspace& fit : fitting) {
    list += std::string(list.empty() ? "" : ", ") + fit.backend->name;
    if (fit.integrator != integrator) list += std::string(" with ") + integratorName(fit.integrator);
    list += " (about " + formatBytes(fit.bytes) + ")";
  }
  text << (list.empty() ? "; no back-end's workspace fits (make the model smaller)"
                        : "; workspaces that fit: " + list + " (articulab describe says which run the scene)");
  return text.str();
}

bool checkWorkspaceFits(const std::string& backend, const Model& model, Integrator integrator, SolverSupport& support) {
  const double need = estimateWorkspaceBytes(backend, model, integrator);
  const double available = availableMemoryBytes();
  if (need <= available) return true;
  support.ok = false;
  support.reason = workspaceRefusal(backend, need, available, model, integrator);
  return false;
}

double loopClosureRows(const Model& model) { return constraints::totalLoopRows(model); }

}  // namespace articulab
