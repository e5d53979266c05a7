// The wrench each joint transmits (engine/algorithm/joint_wrenches.hpp) against closed forms
// (a pendulum at rest and swinging through the bottom), Newton's law on each subtree by finite
// differences of the kinematics, the engine's inverse dynamics (its projection on the joint
// axes), baraff's joint multipliers, and the contact forces of a resting box stack (a free joint transmits nothing).
#include <gtest/gtest.h>

#include <cmath>

#include "engine/algorithm/initial_state.hpp"
#include "engine/algorithm/joint_wrenches.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/baraff/baraff_solver.hpp"
#include "engine/solvers/registry.hpp"
#include "tests/engine/test_util.hpp"
#include "tests/shared/test_solver_options.hpp"

namespace articulab {
namespace {

JointWrench wrenchAt(const Model& model, const State& state, int body) {
  TreeKinematics kin(model);
  computeKinematics(model, state.q, state.qd, kin);
  InverseDynamicsWorkspace ws(model);
  jointWrenches(model, kin, state.qdd, forceInputs(state), state.outputs, ws);
  return worldJointWrench(model, kin, ws, body);
}

// single_pendulum.json: 1 kg, centre 0.05 m below the pivot at the origin, revolute about y.
TEST(JointWrenches, PendulumHangingAtRestCarriesItsWeight) {
  const Model model = loadScene(test::kScenes + "single_pendulum.json");
  State state = makeInitialState(model);
  state.q.setZero();
  state.qdd = VectorX::Zero(model.nq);
  const JointWrench w = wrenchAt(model, state, 0);
  const double mg = model.bodies[0].mass * 9.81;
  EXPECT_LT((w.force - Vector3(0, 0, mg)).norm(), 1e-12 * mg);
  EXPECT_LT(w.moment.norm(), 1e-12);
  EXPECT_LT(w.point.norm(), 1e-15);  // the pivot
}

// Through the bottom at rate omega the pivot carries m (g + omega^2 l) and no moment (qddot = 0
// there: gravity has no moment about the pivot).
TEST(JointWrenches, PendulumSwingingThroughTheBottomCarriesTheCentripetalForce) {
  const Model model = loadScene(test::kScenes + "single_pendulum.json");
  State state = makeInitialState(model);
  const double omega = 3.0, l = 0.05, m = model.bodies[0].mass;
  state.q.setZero();
  state.qd.setConstant(omega);
  state.qdd = VectorX::Zero(model.nq);
  const JointWrench w = wrenchAt(model, state, 0);
  const double expected = m * (9.81 + omega * omega * l);
  EXPECT_LT((w.force - Vector3(0, 0, expected)).norm(), 1e-12 * expected);
  EXPECT_LT(w.moment.norm(), 1e-12);
}

Vector3 centreAt(const Model& model, const VectorX& q, int b) {
  TreeKinematics kin(model);
  computeKinematics(model, q, VectorX::Zero(model.nq), kin);
  return kin.bodies[b].R_0i * model.bodies[b].com + kin.bodies[b].p_0i;
}

bool inSubtreeOf(const Model& model, int root, int b) {
  while (b > root) b = model.joints[b].parent;
  return b == root;
}

// At any (q, qdot, qddot): the force of joint i is sum over its subtree of m_k (a_k - g), a_k the
// centres' accelerations along q(t) = q + qdot t + qddot t^2 / 2 by central differences; and its
// projection on the joint axes is the engine's inverse dynamics tau_i.
TEST(JointWrenches, AgreeWithNewtonOnEverySubtreeAndWithInverseDynamics) {
  for (const char* scene : {"branching_tree.json", "chain.json", "spring_chain.json"}) {
    SCOPED_TRACE(scene);
    const Model model = loadScene(test::kScenes + scene);
    State state = makeInitialState(model);
    state.q += test::randomVector(model.nq, 0.4);
    state.qd = test::randomVector(model.nq, 1.0);
    state.qdd = test::randomVector(model.nq, 2.0);
    TreeKinematics kin(model);
    computeKinematics(model, state.q, state.qd, kin);
    InverseDynamicsWorkspace ws(model);
    jointWrenches(model, kin, state.qdd, forceInputs(state), state.outputs, ws);
    const double t = 1e-4;
    const auto qAt = [&](double s) { return VectorX(state.q + s * state.qd + 0.5 * s * s * state.qdd); };
    std::vector<Vector3> massTimesAcceleration(model.bodies.size());
    for (int k = 0; k < model.bodyCount(); ++k) {
      const Vector3 twice = 2.0 * centreAt(model, qAt(0.0), k);
      const Vector3 a = (centreAt(model, qAt(t), k) - twice + centreAt(model, qAt(-t), k)) / (t * t);
      massTimesAcceleration[k] = model.bodies[k].mass * (a - model.gravity);
    }
    VectorX tau(model.nq);
    InverseDynamicsWorkspace idWs(model);
    inverseDynamics(model, kin, state.qdd, forceInputs(state), idWs, tau);
    for (int i = 0; i < model.bodyCount(); ++i) {
      Vector3 newton = Vector3::Zero();
      for (int k = 0; k < model.bodyCount(); ++k)
        if (inSubtreeOf(model, i, k)) newton += massTimesAcceleration[k];
      const bool springs = !model.forces.empty();  // element forces are not in Newton's sum above
      const Vector3 force = worldJointWrench(model, kin, ws, i).force;
      if (!springs) EXPECT_LT((force - newton).norm(), 1e-5 * (1.0 + newton.norm())) << i;
      const Joint& joint = model.joints[i];
      const VectorX projected = kin.bodies[i].AdS.transpose() * ws.wrench[i];
      EXPECT_LT((projected - tau.segment(joint.qIndex, joint.nq)).norm(), 1e-10 * (1.0 + tau.norm())) << i;
    }
  }
}

// baraff's primary multipliers at the same state: M a = F + G^T lambda puts Gc^T lambda_i on
// joint i's child (baraff/anticipation.hpp), the whole wrench of a passive (unsprung, unactuated)
// revolute joint; with baraff's accelerations the two agree.
TEST(JointWrenches, AgreeWithBaraffsJointMultipliersOnAChain) {
  const Model model = loadScene(test::kScenes + "chain.json", {{"n", 5}});
  BaraffSolver baraff(model, test::sceneOptions("baraff", model, Integrator::SemiImplicitEuler));
  State state = makeInitialState(model);
  state.q += test::randomVector(model.nq, 0.5);
  state.qd = test::randomVector(model.nq, 2.0);
  TreeKinematics kin(model);
  computeKinematics(model, state.q, state.qd, kin);
  copyWorldMotion(kin, state.E_0i, state.phi);
  VectorX qdd(model.nq);
  baraff.forwardDynamics(model, state, qdd);
  ASSERT_TRUE(qdd.allFinite());
  InverseDynamicsWorkspace ws(model);
  jointWrenches(model, kin, qdd, forceInputs(state), state.outputs, ws);
  for (int i = 0; i < model.bodyCount(); ++i) {
    const baraff::PrimaryConstraint& rows = baraff.system().primary[i];
    const auto lambda = baraff.solution().lambda[i].head(rows.rows);
    const Vector6 constraint = baraff::childRows(rows).transpose() * lambda;
    EXPECT_GT(constraint.tail<3>().norm(), 1.0) << i;  // a chain of 1 kg links: at least a weight
    EXPECT_LT((ws.wrench[i] - constraint).norm(), 1e-8 * (1.0 + constraint.norm())) << i;
  }
}

// The box stack at rest on baraff: each box's contacts (ContactOutput::body and other) carry its
// weight, and its free joint transmits nothing once they are counted.
TEST(JointWrenches, FreeBoxesOnContactsTransmitNothing) {
  const Model model = loadScene(test::kScenes + "box_stack.json");
  auto solver = findBackend("baraff")->create(model, test::sceneOptions("baraff", model, Integrator::SemiImplicitEuler));
  State state = makeInitialState(model);
  for (int k = 0; k < 200; ++k) ASSERT_TRUE(solver->step(model, state, 1e-3).ok);
  for (int b = 0; b < model.bodyCount(); ++b) {
    Vector3 contact = Vector3::Zero();
    for (int c = 0; c < state.outputs.contactCount; ++c) {
      const ContactOutput& out = state.outputs.contacts[c];
      const Vector3 F = out.normalForce * out.normal + out.friction;
      contact += out.body == b ? F : out.other == b ? Vector3(-F) : Vector3::Zero();
    }
    const double weight = model.bodies[b].mass * 9.81;
    EXPECT_LT((contact - Vector3(0, 0, weight)).norm(), 1e-6 * weight) << model.bodies[b].name;
    const JointWrench w = wrenchAt(model, state, b);
    EXPECT_LT(w.force.norm(), 1e-6 * weight) << model.bodies[b].name;
    EXPECT_LT(w.moment.norm(), 1e-6 * weight) << model.bodies[b].name;
  }
}

}  // namespace
}  // namespace articulab
