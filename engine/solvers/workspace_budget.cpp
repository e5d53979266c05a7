#include "engine/solvers/workspace_budget.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "engine/constraints/loop_rows.hpp"
#include "engine/solvers/baraff/baraff_solver.hpp"
#include "engine/solvers/recursive/recursive_solver.hpp"
#include "engine/solvers/redmax/redmax_solver.hpp"
#include "engine/solvers/variational_maximal/variational_maximal_solver.hpp"
#include "engine/solvers/variational_minimal/variational_minimal_solver.hpp"

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
  if (backend == "redmax") return RedMaxSolver::estimateWorkspaceBytes(model, integrator);
  if (backend == "recursive") return RecursiveSolver::estimateWorkspaceBytes(model, integrator);
  if (backend == "baraff") return BaraffSolver::estimateWorkspaceBytes(model, integrator);
  if (backend == "variational-maximal") return VariationalMaximalSolver::estimateWorkspaceBytes(model, integrator);
  if (backend == "variational-minimal") return VariationalMinimalSolver::estimateWorkspaceBytes(model, integrator);
  return -1.0;
}

std::string workspaceRefusal(const std::string& backend, double bytes, double available, const Model& model,
                             Integrator integrator) {
  std::ostringstream text;
  text << "the " << backend << " workspace for " << model.bodyCount() << " bodies and " << model.nq
       << " coordinates with the " << integratorName(integrator) << " integrator needs about " << formatBytes(bytes)
       << ", more than the " << formatBytes(available) << " of memory available";
  std::string fitting;
  for (const char* other : {"recursive", "baraff", "redmax"}) {
    for (Integrator candidate : {integrator, Integrator::SemiImplicitEuler, Integrator::SpringImplicitEuler,
                                 Integrator::RK4}) {
      if (other == backend && candidate == integrator) continue;
      const double need = estimateWorkspaceBytes(other, model, candidate);
      if (need < 0.0 || need > available) continue;
      fitting += std::string(fitting.empty() ? "" : ", ") + other;
      if (candidate != integrator) fitting += std::string(" with ") + integratorName(candidate);
      fitting += " (about " + formatBytes(need) + ")";
      break;
    }
  }
  text << (fitting.empty() ? "; no back-end's workspace fits (make the model smaller)"
                           : "; workspaces that fit: " + fitting + " (articulab describe says which run the scene)");
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
