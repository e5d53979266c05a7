// Joint friction by bilateral staggered projections on the recursive back-end (sueda 2.11, Alg 8;
// engine/solvers/recursive/recursive_joint_friction.hpp). Oracles: redmax's trajectory on the
// same scene, integrator and h (the same BISP problem, with a dense LU where recursive uses
// O(n) passes or GMRES); the reaction wrenches of a hanging chain (the weight below each joint);
// describe's back-end list. The load dependence (threshold mu r N, doubled with the load) is
// JointFriction.RevoluteHoldsBelowMuRNAndSlipsAbove, run on both back-ends.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>

#include "app/cli/commands.hpp"
#include "engine/algorithm/initial_state.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/recursive/recursive_solver.hpp"
#include "engine/solvers/registry.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

using test::sci;

SolverOptions options(Integrator integrator) {
  return test::solverOptions(integrator, DriftControl::PostStabilization);
}

// The pendulum swings and sticks several times over 3 s; the arm stays put. BISP stops at a
// relative change of the bounds of 1e-10 and GMRES at a residual of 1e-10; the two back-ends
// take the same BISP iterations and agree to rounding (measured 1.8e-14 rad in q, 1.4e-13 rad/s
// in qdot on the pendulum).
TEST(RecursiveJointFriction, FollowsRedMaxOnTheJointFrictionScenes) {
  for (const char* scene : {"pendulum_joint_friction.json", "arm_holding_load.json"})
    for (Integrator integrator : {Integrator::LinearlyImplicitEuler, Integrator::SpringImplicitEuler}) {
      SCOPED_TRACE(std::string(scene) + ", " + integrator.name());
      const Model model = loadScene(test::kScenes + scene);
      auto recursive = findBackend("recursive")->create(model, options(integrator));
      auto redmax = findBackend("redmax")->create(model, options(integrator));
      State a = makeInitialState(model), b = makeInitialState(model);
      double gapQ = 0.0, gapQd = 0.0, energy = computeEnergy(model, a).total(), worstRise = -1.0;
      int mostIterations = 0;
      for (int k = 0; k < 3000; ++k) {
        ASSERT_TRUE(recursive->step(model, a, model.defaults.dt).ok);
        ASSERT_TRUE(redmax->step(model, b, model.defaults.dt).ok);
        gapQ = std::max(gapQ, (a.q - b.q).lpNorm<Eigen::Infinity>());
        gapQd = std::max(gapQd, (a.qd - b.qd).lpNorm<Eigen::Infinity>());
        const double next = computeEnergy(model, a).total();
        worstRise = std::max(worstRise, next - energy);
        energy = next;
        mostIterations = std::max(mostIterations, a.outputs.contactIterations);
      }
      EXPECT_LT(gapQ, 1e-10);
      EXPECT_LT(gapQd, 1e-9);
      EXPECT_LE(worstRise, 1e-12);  // friction never adds energy
      EXPECT_GE(mostIterations, 1);
      RecordProperty(std::string(scene) + "_" + integrator.name() + "_q_gap", sci(gapQ));
      RecordProperty(std::string(scene) + "_" + integrator.name() + "_qd_gap", sci(gapQd));
    }
}

// The reactions BISP bounds the friction with: a two-link chain hanging at rest, joint 0
// carrying both weights and joint 1 one, a pure vertical force in the body frame.
TEST(RecursiveJointFriction, ReactionsOfAHangingChainAreTheWeightsBelow) {
  const Model model = test::hangingFrictionChain();
  for (Integrator integrator : {Integrator::LinearlyImplicitEuler, Integrator::SpringImplicitEuler}) {
    SCOPED_TRACE(integrator.name());
    RecursiveSolver solver(model, options(integrator));
    State state = makeInitialState(model);
    ASSERT_TRUE(solver.step(model, state, 1e-3).ok);
    const auto& wrench = solver.jointFriction().bisp().reactionWrenches();
    for (int i = 0; i < 2; ++i) {
      Vector6 expected = Vector6::Zero();
      expected[5] = (2 - i) * 9.81;
      EXPECT_LT((wrench[i] - expected).norm(), 1e-9 * expected.norm()) << wrench[i].transpose();
    }
    EXPECT_LT(state.qd.norm(), 1e-12);
    EXPECT_GE(state.outputs.contactIterations, 1);
  }
}

// `articulab describe` lists recursive as running a joint-friction scene, with the note.
TEST(RecursiveJointFriction, DescribeListsRecursive) {
  std::ostringstream out, err;
  ASSERT_EQ(cli::describeCommand({test::kScenes + "pendulum_joint_friction.json"}, out, err), 0) << err.str();
  const std::string text = out.str();
  const std::size_t at = text.find("recursive: runs");
  ASSERT_NE(at, std::string::npos) << text;
  EXPECT_NE(text.find("joint friction by bilateral staggered projections", at), std::string::npos) << text;
  EXPECT_NE(text.find("baraff: cannot run this scene"), std::string::npos) << text;
}

}  // namespace
}  // namespace articulab
