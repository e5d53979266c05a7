#include "engine/solvers/variational_maximal/variational_maximal_backend.hpp"

#include "engine/solvers/variational_maximal/variational_maximal_settings.hpp"
#include "engine/solvers/variational_maximal/variational_maximal_solver.hpp"

namespace articulab {

BackendInfo variationalMaximalBackend() {
  using Backend = VariationalMaximalSolver;
  static const BackendCapabilities capabilities = {
      .loops = true,
      .groundContact = false,
      .bodyContact = false,
      .jointFriction = false,
      .armature = true,
      .contactIntegrators = {},
      // The trapezoid first: second order, it keeps spherical_chain within 0.35 % of the largest
      // kinetic energy over 10 s where the first-order `variational` drifts to 1.7 %.
      .defaultOrder = {VariationalMaximalSolver::kVariationalTrapezoid},
      .dissipative = {},
      .stabilityLimits = {},  // implicit steps (Newton on the discrete Euler-Lagrange equations)
      // Scaled from baraff's semi-implicit step (same day, same load, step_cost_estimate.hpp):
      // variational 3 times it on the 20-link chain, the trapezoid 2.2 times variational on the
      // four-bar; the triple jump 2.6 times the trapezoid on the four-bar (93 against 36 us, back
      // to back, 2026-11-28); the midpoint one Newton solve and one read-out solve per step, as
      // the trapezoid.
      .stepCosts = {{Backend::kVariational, 1.4e-5, 0.0},
                    {Backend::kVariationalTrapezoid, 3.1e-5, 0.0},
                    {Backend::kVariationalTripleJump, 8.1e-5, 0.0},
                    {Backend::kVariationalMidpoint, 3.1e-5, 0.0}},
      .loopRowCubic = 0.0,
      .workspaceBytes = &Backend::estimateWorkspaceBytes,
  };
  return backendEntry<Backend>(
      "variational-maximal",
      "maximal coordinates, variational integrator, joints and loops at position level by Newton, O(n) sparse LDU "
      "(Bruedigam and Manchester)",
      Backend::integratorList(), variationalMaximalSettingTable(), capabilities, &Backend::supports);
}

}  // namespace articulab
