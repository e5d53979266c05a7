#include "engine/solvers/redmax/redmax_backend.hpp"

#include "engine/solvers/redmax/redmax_settings.hpp"
#include "engine/solvers/redmax/redmax_solver.hpp"

namespace articulab {

BackendInfo redmaxBackend() {
  static const BackendCapabilities capabilities = {
      .loops = true,
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
      // step_cost_estimate.hpp: at n = 50 and 400 (semi-implicit and rk4: 50 and 1000)
      .stepCosts = {{Integrator::LinearlyImplicitEuler, 2.5e-4, 2.0e-8},
                    {Integrator::SpringImplicitEuler, 7.7e-6, 2.8e-9},
                    {Integrator::SemiImplicitEuler, 8.4e-6, 2.5e-9},
                    {Integrator::RK4, 2.9e-5, 8.3e-9},
                    // semi-implicit-rattle: 1.3 times semi-implicit on the four-bar (bench, 2026-11-29), a
                    // second Cholesky of M_r for the velocity projection
                    {kSemiImplicitRattle, 1.1e-5, 5.0e-9}},
      .loopRowCubic = 0.0,
      .workspaceBytes = &RedMaxSolver::estimateWorkspaceBytes,
  };
  return backendEntry<RedMaxSolver>(
      "redmax",
      "reduced coordinates, dense Jacobian J_mr, O(n^3) (sueda notes 2.1-2.5); joint friction by BISP, contact with "
      "friction by staggered projections (sueda 2.11)",
      RedMaxSolver::integratorList(), redmaxSettingTable(), capabilities, &RedMaxSolver::supports);
}

}  // namespace articulab
