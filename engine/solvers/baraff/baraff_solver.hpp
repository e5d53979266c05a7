// Baraff back-end: maximal coordinates (body poses E_0i and twists phi_i), every tree joint a
// primary constraint solved in O(n) by the block LDL^T of H (Baraff 1996, sections 6-7), loop
// closures as auxiliary constraints by anticipation in O(kn) (section 8), integration on SE(3)
// (sueda eq 1.28-1.29) and selectable drift control (sueda 1.12).
#pragma once

#include "engine/solvers/baraff/anticipation.hpp"
#include "engine/solvers/solver.hpp"

namespace articulab {

class BaraffSolver final : public Solver {
 public:
  BaraffSolver(const Model& model, const SolverOptions& options);
  const char* name() const override { return "baraff"; }
  static SolverSupport supports(const Model& model);

  // Semi-implicit Euler on SE(3) whatever the integrator option (eq 1.28-1.29), then drift
  // control; State::q, qd, qdd are recovered from the maximal state.
  StepStatus step(const Model& model, State& state, double h) override;
  // Joint accelerations at the state's maximal coordinates (E_0i, phi).
  void forwardDynamics(const Model& model, const State& state, VectorX& qdd) override;

  // Body accelerations and multipliers at the state (acceleration-level constraints, no step
  // taken); for tests, plots and forwardDynamics.
  StepStatus solveAccelerations(const Model& model, const State& state);
  const baraff::ConstrainedSolution& solution() const { return solution_; }
  const baraff::ConstraintSystem& system() const { return system_; }
  const baraff::SolveReport& lastReport() const { return report_; }

 private:
  void assembleConstraints(const Model& model, const std::vector<Matrix4>& E, const std::vector<Vector6>& phi,
                           bool withError);
  void setAccelerationRhs(double h);
  StepStatus solveAccelerations(const Model& model, const State& state, double h);
  StepStatus projectPositions(const Model& model, State& state, double h);
  StepStatus projectVelocities(const Model& model, State& state);
  double largestPositionError() const;
  StepStatus failed(const State& state, const std::string& what) const;

  baraff::ConstraintSystem system_;
  baraff::AnticipationSolver solver_;
  baraff::ConstrainedSolution solution_;
  baraff::SolveReport report_;
  std::vector<Vector6> zeroForce_;
  VectorX q_, qd_, qdPrevious_;
};

}  // namespace articulab
