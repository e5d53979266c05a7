#include "engine/solvers/recursive/recursive_backend.hpp"

#include "engine/solvers/recursive/recursive_settings.hpp"
#include "engine/solvers/recursive/recursive_solver.hpp"

namespace articulab {

BackendInfo recursiveBackend() {
  static const BackendCapabilities capabilities = {
      .loops = false,
      .groundContact = true,
      .bodyContact = true,
      .jointFriction = true,
      .armature = true,
      .contactIntegrators = {Integrator::LinearlyImplicitEuler, Integrator::SpringImplicitEuler,
                             Integrator::SemiImplicitEuler},
      // rk4 keeps a conservative scene's energy (below 1e-3 of the largest kinetic energy over 10 s);
      // semi-implicit carries contact, implicit joint friction (docs/backends.md, "Default integrators")
      .defaultOrder = {Integrator::RK4, Integrator::SemiImplicitEuler, Integrator::LinearlyImplicitEuler},
      .dissipative = {Integrator::LinearlyImplicitEuler},
      .stabilityLimits = {{Integrator::SemiImplicitEuler, 2.0}, {Integrator::RK4, 2.78}},
      // step_cost_estimate.hpp: the O(n) steps at n = 50 and 800, "implicit" (O(n^3)) at 50 and 400
      .stepCosts = {{Integrator::LinearlyImplicitEuler, 1.4e-4, 1.2e-8},
                    {Integrator::SpringImplicitEuler, 1.7e-6, 0.0},
                    {Integrator::SemiImplicitEuler, 1.35e-6, 0.0},
                    {Integrator::RK4, 4.3e-6, 0.0}},
      .loopRowCubic = 0.0,
      .workspaceBytes = &RecursiveSolver::estimateWorkspaceBytes,
  };
  return backendEntry<RecursiveSolver>(
      "recursive",
      "reduced coordinates, articulated bodies: O(n) dynamics and implicit-springs step, O(n^3) implicit step "
      "(sueda 2.10-2.13); joint friction by BISP, contact with friction by staggered projections on the "
      "velocity-level steps",
      ReducedSolver::sharedIntegrators(), recursiveSettingTable(), capabilities, &RecursiveSolver::supports);
}

}  // namespace articulab
