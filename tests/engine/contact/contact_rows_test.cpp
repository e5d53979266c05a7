// The one home of the contact rows (engine/contact/contact_rows.hpp) and the step rule of every
// unilateral row (engine/constraints/unilateral_step.hpp). Oracles: closed forms of the margin,
// the approach allowance, the step bound and the penetration recovery on a box above the ground
// and on two boxes FCL sees; a dense reference of every row, the rate of the material points
// d^T (x_b - x_a) by central differences of E_i exp(t e_k) over all 6n twist components, which
// the builder's rows, baraff's inequality and friction rows and, through a dense J_mr from the
// kinematics (phi = J qdot column by column), redmax's and recursive's rows R must equal.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/algorithm/initial_state.hpp"
#include "engine/algorithm/kinematics.hpp"
#include "engine/constraints/unilateral_step.hpp"
#include "engine/contact/contact_rows.hpp"
#include "engine/contact/friction_pyramid.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/baraff/inequality_constraints.hpp"
#include "engine/solvers/recursive/recursive_solver.hpp"
#include "engine/solvers/redmax/redmax_solver.hpp"
#include "tests/shared/test_solver_options.hpp"
#include "engine/spatial/se3.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

constexpr double kRowsStep = 1e-3;
constexpr double kRecovery = 0.2;  // the closed form's, independent of the engine's constant
constexpr int kDirections = 4;

// A free box 0.2 x 0.2 x 0.1 m, unrotated, its lower face at height gap, moving up at rise m/s.
struct BoxAboveGround {
  Model model;
  std::vector<Matrix4> E;
  std::vector<Vector6> phi;
  BoxAboveGround(double gap, double rise) {
    model = loadSceneFromString(
        R"({"ground_contact": {"friction": 0}, "bodies": [{"name": "box", "mass": 1,
            "shape": {"type": "box", "size": [0.2, 0.2, 0.1]}}],
            "joints": [{"name": "float", "type": "free3d", "parent": "world", "child": "box"}]})",
        "box_above_ground.json", {});
    Matrix4 pose = Matrix4::Identity();
    pose(2, 3) = 0.05 + gap;
    E = {pose};
    phi = {(Vector6() << 0, 0, 0, 0, 0, rise).finished()};  // [omega; v], body axes = world axes
  }
};

double closedFormBound(double gap, double h) { return gap >= 0.0 ? -gap / h : -kRecovery * gap / h; }

TEST(UnilateralStep, CandidateAndBoundInClosedForm) {
  const double margin = 5e-3, h = 1e-3;
  EXPECT_TRUE(constraints::mayCloseWithinStep(4.9e-3, 0.0, margin, h));
  EXPECT_FALSE(constraints::mayCloseWithinStep(5.1e-3, 0.0, margin, h));
  EXPECT_TRUE(constraints::mayCloseWithinStep(6.9e-3, -1.0, margin, h)) << "within reach of 2 h v";
  EXPECT_FALSE(constraints::mayCloseWithinStep(7.1e-3, -1.0, margin, h));
  EXPECT_FALSE(constraints::mayCloseWithinStep(5.1e-3, 1.0, margin, h)) << "receding: the margin alone";
  EXPECT_DOUBLE_EQ(constraints::stepBound(4e-3, h), -4.0);
  EXPECT_DOUBLE_EQ(constraints::stepBound(-2e-3, h), 0.4) << "a fifth of the penetration per step";
  EXPECT_EQ(constraints::stepBound(0.0, h), 0.0);
}

// Four corners of the lower face get rows when the margin or the approach reaches them, none of
// the upper face; each row is the corner's height rate with the closed-form bound, and baraff's
// copy enforces it on the accelerations: J (phi + h a) >= bound.
TEST(ContactRows, GroundRowsFollowTheMarginApproachAndRecovery) {
  struct Case {
    double gap, rise;
    int rows;
  };
  const Case cases[] = {{4e-3, 0.0, 4},   {6e-3, 0.0, 0},   {6.9e-3, -1.0, 4}, {7.1e-3, -1.0, 0},
                        {4e-3, 1.0, 4},   {6e-3, 1.0, 0},   {-2e-3, 0.0, 4},   {-2e-3, 0.5, 4}};
  for (const Case& c : cases) {
    const BoxAboveGround box(c.gap, c.rise);
    contact::ContactRows rows(box.model, 0);
    ASSERT_EQ(rows.build(box.model, box.E, box.phi, kRowsStep), c.rows) << "gap " << c.gap << ", rise " << c.rise;
    baraff::ConstraintSystem system;
    system.unilateral.resize(baraff::inequalityCapacity(box.model));
    const VectorX q = VectorX::Zero(box.model.nq);
    ASSERT_EQ(baraff::assembleInequalityRows(box.model, box.E, box.phi, q, kRowsStep, rows, system), 0);
    ASSERT_EQ(system.unilateralCount, c.rows);
    EXPECT_EQ(rows.frictionRowCount(), 0);
    for (int r = 0; r < c.rows; ++r) {
      const constraints::ConstraintRow& row = rows.normalRows()[r];
      const contact::ContactPoint& point = rows.points()[r];
      EXPECT_EQ(row.bodyA, 0);
      EXPECT_EQ(row.bodyB, -1);
      EXPECT_NEAR(point.position.z(), c.gap, 1e-15);
      EXPECT_EQ(row.error, point.gap);
      EXPECT_NEAR(row.velocity, c.rise, 1e-15);
      EXPECT_NEAR(row.rhs, closedFormBound(c.gap, kRowsStep), 1e-11);
      EXPECT_NEAR(system.unilateral[r].rhs, (closedFormBound(c.gap, kRowsStep) - c.rise) / kRowsStep, 1e-8);
    }
  }
}

// FCL's points and the ground's support points share the margin.
TEST(ContactRows, BodyPointsWithinTheMarginGetRows) {
  for (double gap : {4e-3, 6e-3}) {
    const Model model = loadSceneFromString(
        R"({"body_contact": true, "gravity": [0, 0, 0], "bodies": [
              {"name": "a", "mass": 1, "shape": {"type": "box", "size": [0.4, 0.4, 0.1]}},
              {"name": "b", "mass": 1, "shape": {"type": "box", "size": [0.2, 0.2, 0.1]}}],
            "joints": [{"name": "ja", "type": "free3d", "parent": "world", "child": "a", "position": [0, 0, 1]},
                       {"name": "jb", "type": "free3d", "parent": "world", "child": "b", "position": [0, 0, 1]}]})",
        "two_boxes.json", {});
    std::vector<Matrix4> E(2, Matrix4::Identity());
    E[0](2, 3) = 1.0;
    E[1](2, 3) = 1.1 + gap;
    const std::vector<Vector6> phi(2, Vector6::Zero());
    contact::ContactRows rows(model, 0);
    rows.build(model, E, phi, kRowsStep);
    EXPECT_EQ(rows.contactCount(), gap < contact::kContactMargin ? 4 : 0) << gap;
    for (int c = 0; c < rows.contactCount(); ++c) {
      const constraints::ConstraintRow& row = rows.normalRows()[c];
      EXPECT_EQ(row.bodyA, 0);
      EXPECT_EQ(row.bodyB, 1);
      EXPECT_NEAR(row.error, gap, 1e-12);
      EXPECT_NEAR(row.rhs, -gap / kRowsStep, 1e-8);
      EXPECT_EQ(rows.points()[c].body, 1);
      EXPECT_EQ(rows.points()[c].other, 0);
    }
  }
}

// d/dt d^T x(t) of the material point at world x of the body at pose E, moved as E exp(t e_k),
// for k = 0 .. 5 (central differences).
constraints::Row6 materialRate(const Matrix4& E, const Vector3& x, const Vector3& d) {
  const Vector3 local = E.topLeftCorner<3, 3>().transpose() * (x - E.topRightCorner<3, 1>());
  auto along = [&](const Vector6& xi) {
    const Matrix4 moved = E * se3::exp(xi);
    return d.dot(moved.topLeftCorner<3, 3>() * local + moved.topRightCorner<3, 1>());
  };
  constexpr double t = 1e-6;
  constraints::Row6 row;
  for (int k = 0; k < 6; ++k) {
    const Vector6 e = t * Vector6::Unit(k);
    row[k] = (along(e) - along(-e)) / (2.0 * t);
  }
  return row;
}

// The dense reference of the rows (normal rows, then the friction rows contact by contact), over
// every body's twist: d^T (v_body(x) - v_other(x)).
MatrixX referenceRows(const contact::ContactRows& rows, const std::vector<Matrix4>& E, int bodies) {
  MatrixX C = MatrixX::Zero(rows.contactCount() + rows.frictionRowCount(), 6 * bodies);
  auto fill = [&](int r, const contact::ContactPoint& point, const Vector3& d) {
    C.block<1, 6>(r, 6 * point.body) += materialRate(E[point.body], point.position, d);
    if (point.other >= 0) C.block<1, 6>(r, 6 * point.other) -= materialRate(E[point.other], point.position, d);
  };
  for (int c = 0; c < rows.contactCount(); ++c) fill(c, rows.points()[c], rows.points()[c].normal);
  for (int k = 0; k < rows.frictionContactCount(); ++k) {
    const contact::FrictionRows& f = rows.frictionContacts()[k];
    const contact::ContactPoint& point = rows.points()[f.normal];
    for (int j = 0; j < rows.axes(); ++j)
      fill(rows.contactCount() + f.firstAxis + j, point,
           point.other < 0 ? contact::frictionAxis(kDirections, j) : contact::frictionAxis(kDirections, j, point.normal));
  }
  return C;
}

// A row over every body's twist.
Eigen::RowVectorXd denseRow(const constraints::ConstraintRow& row, int bodies) {
  Eigen::RowVectorXd dense = Eigen::RowVectorXd::Zero(6 * bodies);
  dense.segment<6>(6 * row.bodyA) += row.jA;
  if (row.bodyB >= 0) dense.segment<6>(6 * row.bodyB) += row.jB;
  return dense;
}

// The builder's rows (normal rows, then friction rows) over every body's twist.
MatrixX builtRows(const contact::ContactRows& rows, int bodies) {
  MatrixX built(rows.contactCount() + rows.frictionRowCount(), 6 * bodies);
  for (int c = 0; c < rows.contactCount(); ++c) built.row(c) = denseRow(rows.normalRows()[c], bodies);
  for (int r = 0; r < rows.frictionRowCount(); ++r)
    built.row(rows.contactCount() + r) = denseRow(rows.frictionRows()[r], bodies);
  return built;
}

VectorX stackedTwists(const std::vector<Vector6>& phi) {
  VectorX all(6 * static_cast<int>(phi.size()));
  for (std::size_t i = 0; i < phi.size(); ++i) all.segment<6>(6 * static_cast<int>(i)) = phi[i];
  return all;
}

// J_mr at q (6n x nq): column k the body twists at qdot = e_k (sueda eq 2.14).
MatrixX denseJacobian(const Model& model, const VectorX& q) {
  TreeKinematics kin(model);
  MatrixX J(6 * model.bodyCount(), model.nq);
  for (int k = 0; k < model.nq; ++k) {
    computeKinematics(model, q, VectorX::Unit(model.nq, k), kin);
    for (int i = 0; i < model.bodyCount(); ++i) J.block<6, 1>(6 * i, k) = kin.bodies[i].phi;
  }
  return J;
}

// The contact scenes of the reference: the box stack (ground and body-body rows, free joints) and
// the falling chain touching the ground (a revolute chain under a free base), moving.
std::vector<Model> referenceScenes() {
  Model stack = loadScene(test::kScenes + "box_stack.json");
  Model chain = loadScene(test::kScenes + "falling_chain.json", {{"height", 0.16}});
  chain.groundFriction = 0.5;
  std::vector<Model> scenes = {stack, chain};
  for (Model& model : scenes) model.qd0 = test::randomVector(model.nq, 0.2);
  return scenes;
}

SolverOptions referenceOptions(const char* backend) {
  return test::settingOptions(backend, Integrator::SemiImplicitEuler, DriftControl::PostStabilization,
                              {"friction-directions=" + std::to_string(kDirections)});
}

double largest(const MatrixX& M) { return M.size() == 0 ? 0.0 : M.cwiseAbs().maxCoeff(); }

// The builder's rows and baraff's copies equal the dense reference (normal rows with their
// step bound, friction rows with their zero target), on every body's twist.
TEST(ContactRows, BuilderAndBaraffRowsEqualTheDenseReference) {
  for (const Model& model : referenceScenes()) {
    const State state = makeInitialState(model);
    contact::ContactRows rows(model, kDirections);
    rows.build(model, state.E_0i, state.phi, kRowsStep);
    ASSERT_GT(rows.contactCount(), 0) << model.name;
    ASSERT_EQ(rows.frictionRowCount(), rows.axes() * rows.contactCount()) << "every contact has mu > 0";
    const int n = model.bodyCount();
    const MatrixX C = referenceRows(rows, state.E_0i, n);
    const VectorX Cphi = C * stackedTwists(state.phi);
    baraff::ConstraintSystem system;
    system.unilateral.resize(baraff::inequalityCapacity(model));
    system.friction.resize(baraff::frictionCapacity(model, kDirections));
    system.frictionContacts.resize(baraff::frictionContactCapacity(model));
    const int first = baraff::assembleInequalityRows(model, state.E_0i, state.phi, state.q, kRowsStep, rows, system);
    ASSERT_EQ(system.unilateralCount - first, rows.contactCount());
    ASSERT_EQ(system.frictionCount, rows.frictionRowCount());
    for (int c = 0; c < rows.contactCount(); ++c) {
      const double gap = rows.points()[c].gap, bound = closedFormBound(gap, kRowsStep);
      const constraints::ConstraintRow& row = rows.normalRows()[c];
      EXPECT_NEAR(row.velocity, Cphi[c], 1e-8);
      EXPECT_EQ(row.error, gap);
      EXPECT_NEAR(row.rhs, bound, 1e-9 * std::max(1.0, std::abs(bound)));
      const constraints::ConstraintRow& mapped = system.unilateral[first + c];
      EXPECT_LT(largest(denseRow(mapped, n) - C.row(c)), 1e-8) << model.name << ", contact " << c;
      EXPECT_NEAR(mapped.rhs, (bound - Cphi[c]) / kRowsStep, 1e-6 * std::max(1.0, std::abs(bound) / kRowsStep));
    }
    const double rowError = largest(builtRows(rows, n) - C);
    EXPECT_LT(rowError, 1e-8) << model.name;
    RecordProperty(model.name + "_contacts", rows.contactCount());
    RecordProperty(model.name + "_largest_row_error", test::sci(rowError));
    for (int k = 0; k < system.frictionContactCount; ++k)
      EXPECT_EQ(system.frictionContacts[k].normal, system.auxiliaryCount() + first + rows.frictionContacts()[k].normal);
    for (int r = 0; r < rows.frictionRowCount(); ++r) {
      const int at = rows.contactCount() + r;
      EXPECT_EQ(rows.frictionRows()[r].rhs, 0.0);
      EXPECT_LT(largest(denseRow(system.friction[r], n) - C.row(at)), 1e-8) << model.name << ", friction row " << r;
      EXPECT_NEAR(system.friction[r].rhs, -Cphi[at] / kRowsStep, 1e-6);
    }
  }
}

template <class ReducedSolverType>
void expectReducedRowsEqualTheReference(const char* backend, const Model& model) {
  State state = makeInitialState(model);
  contact::ContactRows rows(model, kDirections);
  rows.build(model, state.E_0i, state.phi, kRowsStep);
  const MatrixX expected = referenceRows(rows, state.E_0i, model.bodyCount()) * denseJacobian(model, state.q);
  ReducedSolverType solver(model, referenceOptions(backend));
  solver.step(model, state, kRowsStep);  // assembles the rows at the step's start
  const contact::ReducedContact& contact = solver.contact();
  ASSERT_EQ(contact.rowCount(), expected.rows()) << backend << ", " << model.name;
  ASSERT_EQ(contact.normalRowCount(), rows.contactCount());
  const MatrixX R = contact.reducedRows().topRows(contact.rowCount());
  EXPECT_LT(largest(R - expected), 1e-8 * std::max(1.0, largest(expected))) << backend << ", " << model.name;
  ::testing::Test::RecordProperty(std::string(backend) + "_" + model.name + "_largest_R_error",
                                  test::sci(largest(R - expected)));
  for (int r = 0; r < contact.rowCount(); ++r) {  // the builder's rows, bitwise
    const constraints::ConstraintRow& row = contact.row(r);
    const constraints::ConstraintRow& built =
        r < rows.contactCount() ? rows.normalRows()[r] : rows.frictionRows()[r - rows.contactCount()];
    EXPECT_TRUE(row.bodyA == built.bodyA && row.bodyB == built.bodyB && row.jA == built.jA && row.jB == built.jB &&
                row.rhs == built.rhs)
        << backend << ", row " << r;
  }
}

// redmax maps the rows with its dense J (mapRows), recursive with J^T products of each row's
// wrench: both give the dense reference times J_mr.
TEST(ContactRows, ReducedRowsAreTheDenseReferenceThroughJ) {
  for (const Model& model : referenceScenes()) {
    expectReducedRowsEqualTheReference<RedMaxSolver>("redmax", model);
    expectReducedRowsEqualTheReference<RecursiveSolver>("recursive", model);
  }
}

}  // namespace
}  // namespace articulab
