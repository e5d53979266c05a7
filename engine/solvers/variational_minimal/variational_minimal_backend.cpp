#include "engine/solvers/variational_minimal/variational_minimal_backend.hpp"

#include "engine/solvers/variational_minimal/variational_minimal_settings.hpp"
#include "engine/solvers/variational_minimal/variational_minimal_solver.hpp"

namespace articulab {

BackendInfo variationalMinimalBackend() {
  using Backend = VariationalMinimalSolver;
  static const BackendCapabilities capabilities = {
      .loops = true,
      .groundContact = false,
      .bodyContact = false,
      .jointFriction = false,
      .armature = true,
      .contactIntegrators = {},
      .defaultOrder = {},  // the list's order: every integrator here is symplectic
      .dissipative = {},
      .stabilityLimits = {},  // implicit steps (Newton on the discrete Euler-Lagrange equations)
      // Measured as step_cost_estimate.hpp says: 19 us per step at n = 10, 41 us at n = 20 (RIQN,
      // about 2 us per coordinate); longer chains need more iterations (310 us at n = 50).
      .stepCosts = {{Backend::kVariationalMidpoint, 4.0e-6, 0.0}},
      .loopRowCubic = 0.0,
      .workspaceBytes = &Backend::estimateWorkspaceBytes,
  };
  return backendEntry<Backend>(
      "variational-minimal",
      "joint coordinates, variational integrator (midpoint discrete Lagrangian), DEL residual by DRNEA and RIQN in "
      "O(n) per iterate, dense Newton fallback (lee-liu-park-srinivasa); every joint type, loop closures at "
      "position level by multipliers (O(kn) per iterate for k closure rows)",
      Backend::integratorList(), variationalMinimalSettingTable(), capabilities, &Backend::supports);
}

}  // namespace articulab
