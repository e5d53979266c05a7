#include "engine/solvers/baraff/baraff_backend.hpp"

#include "engine/solvers/baraff/baraff_settings.hpp"
#include "engine/solvers/baraff/baraff_solver.hpp"

namespace articulab {

BackendInfo baraffBackend() {
  static const BackendCapabilities capabilities = {
      .loops = true,
      .groundContact = true,
      .bodyContact = true,
      .jointFriction = false,
      .armature = true,  // revolute and prismatic joints: rotor nodes (block_tree_ldlt.hpp)
      .contactIntegrators = {Integrator::SemiImplicitEuler},
      // rk4 keeps a conservative scene's energy; semi-implicit carries joint limits and contact
      // (docs/backends.md, "Default integrators")
      .defaultOrder = {Integrator::RK4, Integrator::SemiImplicitEuler},
      .dissipative = {},
      .stabilityLimits = {{Integrator::SemiImplicitEuler, 2.0}, {Integrator::RK4, 2.78}},
      // step_cost_estimate.hpp: O(n) steps at n = 50 and 800
      // semi-implicit-rattle: 1.6 to 1.8 times semi-implicit per body (bench, 2026-11-29)
      .stepCosts = {{Integrator::SemiImplicitEuler, 4.6e-6, 0.0},
                    {kSemiImplicitRattle, 8.0e-6, 0.0},
                    {Integrator::RK4, 1.5e-5, 0.0}},
      .loopRowCubic = 2.5e-9,  // the dense loop-closure block, as redmax's n^3
      .workspaceBytes = &BaraffSolver::estimateWorkspaceBytes,
  };
  return backendEntry<BaraffSolver>(
      "baraff", "maximal coordinates, Lagrange multipliers, O(n) sparse LDL^T, loops by anticipation (Baraff 1996)",
      BaraffSolver::integratorList(), baraffSettingTable(), capabilities,
      static_cast<SupportCheck>(&BaraffSolver::supports));
}

}  // namespace articulab
