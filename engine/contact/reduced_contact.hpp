// Ground and body-body contact with Coulomb friction for the reduced-coordinate back-ends
// (redmax, recursive): velocity-level, inelastic, by staggered projections (sueda notes 2.11,
// Alg 7, eq 2.113-2.114; Kaufman et al. 2008), on the rows of contact_rows.hpp (the baraff
// back-end's too): normal rows J phi' >= -g / h and friction rows J phi' = 0 on body twists.
// In reduced coordinates a row is  r = jA J_A + jB J_B  (J_i the body rows of J_mr, eq 2.14),
// filled by the back-end (mapRows with a dense J, or row by row with J^T products of the
// row's wrench). With the step's contact-free next
// velocity v0 (semi-implicit: qdot + h qddot; implicit: A^-1 rhs) and Y = K R^T (the back-end's
// velocity response to a unit generalized impulse, K = M_r^-1 or A^-1, loops kept), forces f on
// the rows give  qdot' = v0 + h Y f  and the SP problem
//   A = R Y,  b = (target - R v0) / h   (target: the normal rows' bound -g/h, 0 on friction rows),
// in the units of the baraff back-end's (forces, N), so that the friction warm start of
// StepOutputs::frictionWarmStart (per ground support point and axis) is shared. With the setting
// sp-islands (default) SP runs per contact island (contact_islands.hpp, grouped by the joint
// coordinates each row's R and Y entries touch), on each island's block R_s Y_s of A alone (the
// island's rows of R and columns of Y over the island's coordinates, so that an island's block
// is bitwise the one of its bodies simulated alone).
// After the step, positionCorrection projects the penetration of the step's contacts away
// (post-stabilisation, sueda notes 1.12, the loop closures' projection with unilateral rows).
// Sized once.
#pragma once

#include <vector>

#include "engine/constraints/constraint_row.hpp"
#include "engine/contact/box_qp.hpp"
#include "engine/contact/contact_islands.hpp"
#include "engine/contact/contact_rows.hpp"
#include "engine/contact/friction_pyramid.hpp"
#include "engine/contact/island_staggered_projections.hpp"
#include "engine/contact/staggered_projections.hpp"
#include "engine/multibody/state.hpp"

namespace articulab::contact {

class ReducedContact {
 public:
  // directions: friction pyramid (4, 8 or 16; ignored when no contact has mu > 0).
  ReducedContact(const Model& model = Model{}, int directions = kDefaultFrictionDirections,
                 const StaggeredProjectionSettings& settings = {});
  ~ReducedContact();
  ReducedContact(ReducedContact&&) noexcept;
  ReducedContact& operator=(ReducedContact&&) noexcept;
  // The pyramid directions a back-end uses on a model: 0 without friction.
  static int frictionDirectionsFor(const Model& model, int directions);
  // Whether the model has contact (ground or body-body).
  bool enabled() const { return rows_.enabled(); }
  int directions() const { return rows_.directions(); }

  // The step's rows at the poses and twists of its start (normal rows, then friction rows).
  // Returns the row count (0: no contact this step).
  int assemble(const Model& model, const std::vector<Matrix4>& E_0i, const std::vector<Vector6>& phi, double h);
  int rowCount() const { return rows_.contactCount() + rows_.frictionRowCount(); }
  // Row r (< rowCount()) on the body twists: the normal rows, then the friction rows.
  const constraints::ConstraintRow& row(int r) const {
    const int normals = rows_.contactCount();
    return r < normals ? rows_.normalRows()[r] : rows_.frictionRows()[r - normals];
  }
  // R (rows x nq): the back-end fills the first rowCount() rows, or calls mapRows.
  MatrixX& reducedRows() { return R_; }
  const MatrixX& reducedRows() const { return R_; }
  // R from the dense J_mr (6n x nq, phi = J qdot).
  void mapRows(const MatrixX& J);
  // Y (nq x rows): the back-end fills the first rowCount() columns with K R^T.
  MatrixX& responses() { return Y_; }

  // Staggered projections from qd = v0, warm-started from state.outputs.frictionWarmStart;
  // qd receives v0 + h Y f. False when a QP failed (failure() says which).
  bool solve(const State& state, double h, VectorX& qd);
  // Post-stabilisation of the contacts (sueda notes 1.12 with unilateral rows), at the gaps the
  // last penetratesAt measured (call it first, at the poses to correct): the least
  // mass-weighted correction dq = Y_n l, l >= 0, with
  // R_n dq >= -gap (complementary: only rows that need it push), one Gauss-Newton iterate with
  // the step's R. Y_n = M_r^-1 R_n^T (loops kept): the step's responses on the semi-implicit
  // step (stepResponsesAreMass), else massResponses(), which the back-end fills. The step's
  // A^-1 R^T of the implicit steps is not a metric for positions: A = M_r + h D + h^2 K is not
  // symmetric (D holds the Coriolis terms' Jacobian), so R_n A^-1 R_n^T l misses the rows and
  // A^-1 turns a lift into other motion (a pitch of the sliding box while free3d translated in
  // body axes; energy on the falling chain). False (dq untouched) when the QP failed.
  bool positionCorrection(bool stepResponsesAreMass, VectorX& dq);
  // nq x normal rows: M_r^-1 R_n^T for positionCorrection on the implicit steps (its first
  // normalRowCount() columns, filled by the back-end; sized once).
  MatrixX& massResponses() { return massY_; }
  int normalRowCount() const { return rows_.contactCount(); }
  // Whether the last solved step has a normal row deeper than kContactProjectionSlop at E_0i
  // (its normal rows' material points carried by the bodies, contact_anchor.hpp); keeps the gaps.
  bool penetratesAt(const std::vector<Matrix4>& E_0i);
  // Contacts pressing, SP iterations and change, the friction warm start.
  void writeOutputs(StepOutputs& out) const;
  // Outputs of a step without contact rows (contactCount 0, warm start zero).
  const std::vector<ContactPoint>& points() const { return rows_.points(); }
  const StaggeredProjectionResult& result() const { return result_; }
  const char* failure() const { return result_.failure; }
  // Body contact points beyond kMostBodyContactPoints left out at the last assemble.
  int droppedContacts() const { return rows_.droppedContacts(); }

 private:
  // The first coordinate row r's R row or Y column touches (-1: none), the others joined to it.
  int joinRowCoordinates(int r);
  // Islands of the step's rows (normal rows, friction rows with their contact's normal row).
  void groupIslands();
  // Each island's coordinates (increasing) into islandCoordinates_ from coordinateStart_[s], in
  // one counting-sort pass over the coordinates (O(nq) per step, not O(islands x nq)).
  void bucketIslandCoordinates();
  // SP on the whole problem, or island by island; alpha and beta receive the forces.
  void solveWhole(Eigen::Ref<VectorX> alpha, Eigen::Ref<VectorX> beta);
  void solveIslands(Eigen::Ref<VectorX> alpha, Eigen::Ref<VectorX> beta);
  // The step's contacts: normal rows, friction rows and their frictional contacts.
  int normals() const { return rows_.contactCount(); }
  int frictionRows() const { return rows_.frictionRowCount(); }
  int frictionContacts() const { return rows_.frictionContactCount(); }
  const std::vector<FrictionRows>& frictionOf() const { return rows_.frictionContacts(); }
  int axes() const { return rows_.axes(); }  // 0: frictionless

  ContactRows rows_;
  int supportCapacity_ = 0;
  StaggeredProjectionSettings settings_;
  StaggeredProjections sp_;
  ContactIslands islands_;
  IslandStaggeredProjections islandSp_;
  std::vector<int> rowCoordinate_;  // per row: joinRowCoordinates
  std::vector<int> islandCoordinates_, coordinateStart_, coordinateCursor_, coordinateIsland_;
  MatrixX islandR_, islandY_;
  VectorX islandB_;
  MatrixX R_, Y_, A_, massY_;
  VectorX b_, alpha_, beta_, force_;
  VectorX endGap_, lift_, liftLower_, liftUpper_;  // positionCorrection's QP
  BoxQp liftQp_;
  bool solved_ = false;  // solve() ran on the rows of the last assemble
  StaggeredProjectionResult result_;
};

}  // namespace articulab::contact
