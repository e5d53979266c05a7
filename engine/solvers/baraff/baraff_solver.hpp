// Baraff back-end: maximal coordinates (body poses E_0i and twists phi_i), every tree joint a
// primary constraint solved in O(n) by the block LDL^T of H (Baraff 1996, sections 6-7), loop
// closures as auxiliary constraints by anticipation in O(kn) (section 8), joint limits and
// ground contact as inequality rows (section 8.3), Coulomb friction on the ground by staggered
// projections (sueda 2.11 Alg 7, engine/contact/staggered_projections) when a contact has
// mu > 0, integration on SE(3) (sueda eq 1.28-1.29) and selectable drift control (sueda 1.12).
// Armature on revolute and prismatic joints: a rotor node per joint (block_tree_ldlt.hpp).
//
// Friction warm start (Alg 7): the friction forces of every ground support point are kept in
// State::outputs.frictionWarmStart (per support point and pyramid axis) and start the next
// step's staggered projections, so a recreated solver continues the same trajectory.
//
// History (State::history, owner "baraff"): after a post-stabilised step, `poses` and `q` are
// the poses and joint coordinates at which the projection factored H, and `valid` says that
// this factor is near enough to the next step's rows for one refinement (refinement.cpp). A
// solver that does not hold that factor (created after the step) factors H there again, so
// the trajectory does not depend on the solver object.
#pragma once

#include "engine/contact/contact_anchor.hpp"
#include "engine/solvers/baraff/anticipation.hpp"
#include "engine/solvers/baraff/baraff_settings.hpp"
#include "engine/solvers/baraff/inequality_constraints.hpp"
#include "engine/solvers/baraff/primary_constraints.hpp"
#include "engine/solvers/semi_implicit_rattle.hpp"
#include "engine/solvers/solver.hpp"

namespace articulab {

class BaraffSolver final : public Solver {
 public:
  BaraffSolver(const Model& model, const SolverOptions& options);
  const char* name() const override { return "baraff"; }
  // The scene's options: an integrator of the scene that baraff does not offer (or cannot use
  // on the model) is warned about and replaced by its default, semi-implicit.
  static SolverSupport supports(const Model& model);
  // The model with these options; refuses an integrator it does not offer, and rk4 when the
  // model has inequality rows (joint limits, ground contact).
  static SolverSupport supports(const Model& model, const SolverOptions& options);
  // semi-implicit (the default), semi-implicit-rattle (baraff_rattle.cpp), rk4.
  static const IntegratorList& integratorList();
  const IntegratorList& integrators() const override { return integratorList(); }
  // Every joint is a constraint row; semi-implicit-rattle holds them by its own multipliers.
  bool controlsDrift() const override { return !usesRattle(); }
  // Bytes of the solver's workspace: O(n) for the tree, plus the dense matrices of the k loop
  // rows and u limit and contact rows ((k + u)^2 for the mixed LCP).
  static double estimateWorkspaceBytes(const Model& model, Integrator integrator);

  // Semi-implicit Euler on SE(3) (eq 1.28-1.29), or RK4 (Munthe-Kaas) on the poses and twists
  // when the integrator option is rk4 and the model has no inequality rows (the registry
  // refuses rk4 on such models); then drift control. State::q, qd, qdd are recovered from the
  // maximal state. Outputs: the contacts pressing with a positive force, the multipliers of
  // the acceleration solve (primary rows body by body, auxiliary rows, inequality rows), and
  // under post-stabilisation the projection's Newton iterates and the violation they left.
  StepStatus advanceMechanism(const Model& model, State& state, double h) override;
  // Joint accelerations at the state's maximal coordinates (E_0i, phi).
  void forwardDynamics(const Model& model, const State& state, VectorX& qdd) override;

  // Body accelerations and multipliers at the state (acceleration-level constraints, no step
  // taken); for tests, plots and forwardDynamics.
  StepStatus solveAccelerations(const Model& model, const State& state);
  const baraff::ConstrainedSolution& solution() const { return solution_; }
  const baraff::ConstraintSystem& system() const { return system_; }
  const baraff::SolveReport& lastReport() const { return report_; }
  // Contact points of the last step, ground then body-body (active rows: touching or about to
  // touch), with their normal and friction forces; for drawing and tests.
  const std::vector<baraff::ContactPoint>& contactPoints() const { return contactRows_.points(); }
  // Pyramid directions of the friction (4, 8 or 16, the setting friction-directions).
  int frictionDirections() const { return frictionDirections_; }
  // Staggered projections of the last step (iterations 0 when no contact had friction).
  const contact::StaggeredProjectionResult& staggeredResult() const { return staggered_; }
  // Friction rows of the last step and their forces (per contact frictionAxes rows).
  int activeFrictionRows() const { return activeFrictionRows_; }
  // Inequality rows (joint limits, then contacts) of the last step and their multipliers >= 0.
  int activeInequalities() const { return activeInequalities_; }
  const VectorX& inequalityMultipliers() const { return inequalityMultipliers_; }

 private:
  BaraffSolver(const Model& model, const SolverOptions& options, const BaraffSettings& settings);
  // Every row at the state's poses and twists (the end of every step assembles the next
  // step's system; solveAccelerations reuses it while the state is unchanged).
  void assembleAt(const Model& model, const State& state, bool withError);
  // q, the rows and the position violations at the state's poses (projection iterates);
  // without allCoordinates, q of the joints whose g does not need it (revolute) is left.
  void assembleRowsAt(const Model& model, const State& state, bool withError, bool allCoordinates = true);
  void assemblePrimaryRows(const Model& model, const State& state, bool withError, bool allCoordinates);
  // qdot, biases and velocity violations at the state's twists, the rows at its poses.
  void updateVelocities(const Model& model, const State& state);
  void assembleLoops(const Model& model, const std::vector<Matrix4>& E, const std::vector<Vector6>& phi);
  bool isAssembledAt(const State& state, bool withError) const;
  // h > 0: the rows of a semi-implicit step of h (drift control, inequality rows); h = 0:
  // acceleration-level rows, Baumgarte-stabilised when baumgarte is set.
  void setAccelerationRhs(double h, bool baumgarte);
  StepStatus solveAccelerations(const Model& model, const State& state, double h, bool baumgarte);
  bool usesRungeKutta(const Model& model) const;
  bool usesRattle() const { return options_.integrator == kSemiImplicitRattle; }
  // One semi-implicit-rattle step (in baraff_rattle.cpp) and its poses E' = E exp(h phi').
  StepStatus advanceRattle(const Model& model, State& state, double h);
  void moveConstrainedPoses(const Model& model, State& state, double h);
  StepStatus solveRattleMultipliers(const Model& model, State& state, double h);
  StepStatus finishRattleStep(const Model& model, State& state, double h);
  // One RK4 step of the poses and twists (in baraff_runge_kutta.cpp).
  StepStatus integrateRungeKutta(const Model& model, State& state, double h);
  bool solveCurvature();
  StepStatus projectPositions(const Model& model, State& state, double h);
  StepStatus iterateJointProjection(const Model& model, State& state, double h, double& error, bool& factored);
  // The step's contact points that end deeper than contact::kContactProjectionSlop lifted onto
  // the ground (or off each other) keeping the joint and loop rows; poses only.
  StepStatus projectContacts(const Model& model, State& state, bool& lifted);
  // The step's contact normal rows at the state's poses as the first unilateral rows, their
  // right-hand sides -g' (J d >= -g'); returns the deepest penetration -g' (0 without contacts).
  double assembleContactProjectionRows(const State& state);
  StepStatus projectVelocities(const Model& model, State& state);
  // History: whether the state carries a factor near its rows, whether solver_ holds it, and
  // factoring H again at the state's history poses (false if that fails).
  bool carriesNearFactor(const State& state) const;
  bool holdsFactorOf(const StepHistory& history) const;
  bool refactorAtHistory(const Model& model, const State& state);
  void recordFactor(State& state);
  void writeOutputs(const Model& model, State& state, int projectionIterations) const;
  // Friction: the warm start from the state into the solver, the forces back onto the contacts.
  void loadFrictionWarmStart(const State& state);
  void collectFrictionForces();
  std::vector<baraff::ContactPoint>& contacts() { return contactRows_.points(); }
  const std::vector<baraff::ContactPoint>& contacts() const { return contactRows_.points(); }
  double largestPositionError() const;
  StepStatus failed(const State& state, const std::string& what) const;

  baraff::PrimaryConstraints primary_;
  baraff::ConstraintSystem system_;
  std::vector<Matrix4> assembledE_;  // the poses and twists system_ was assembled at
  std::vector<Vector6> assembledPhi_;
  bool assembled_ = false, assembledWithError_ = false;
  std::vector<Matrix4> factoredAt_;  // the poses solver_ last factored H at, if factorCurrent_
  bool factorCurrent_ = false;
  int projectionIterations_ = 0;
  double projectionError_ = 0.0;
  int multiplierCount_ = 0;  // primary rows, auxiliary rows, inequality capacity
  baraff::AnticipationSolver solver_;
  baraff::ConstrainedSolution solution_;
  baraff::ConstrainedSolution curvature_;  // pose correction of the post-stabilised step
  baraff::SolveReport report_;
  std::vector<Vector6> zeroForce_;
  std::vector<char> unconstrained_;  // bodies no joint or loop row acts on (advanceFreeBody)
  VectorX q_, qd_, qdPrevious_;
  // BaraffSettings: the projection's iteration cap, target, failure bound; the factor-reuse bound.
  int maxProjectionIterations_;
  double positionTolerance_, positionFailure_, nearFactorError_;
  int inequalityCapacity_ = 0;  // baraff::inequalityCapacity(model)
  // The step's contacts (ground, then body-body) and their rows, contact c the unilateral row
  // firstContactRow_ + c; the body-body points left out for want of capacity.
  contact::ContactRows contactRows_;
  int firstContactRow_ = 0;
  int droppedContacts_ = 0;
  std::vector<contact::ContactAnchor> contactAnchors_;  // per contact: its material points (projection)
  VectorX inequalityMultipliers_;  // of the step's acceleration solve (the projection reuses the solver's)
  int activeInequalities_ = 0;
  int frictionDirections_ = 0;  // 0: the model has no friction
  int activeFrictionRows_ = 0;
  contact::StaggeredProjectionResult staggered_;
  // RK4 stages: the stage state, the stage's pose and twist increments, their weighted sums.
  State stage_;
  std::vector<Vector6> poseIncrement_, twistIncrement_, poseSum_, twistSum_;
  // semi-implicit-rattle: the rows at the step's start poses (the chord matrix) and those poses.
  baraff::ConstraintSystem startSystem_;
  std::vector<Matrix4> startPoses_;
  std::vector<Vector6> startTwists_, halfTwists_;  // phi at the step's start and after the first half-kick
};

}  // namespace articulab
