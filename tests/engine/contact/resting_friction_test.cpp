// A box that slides to rest on the ground at a small or zero staggered-projection
// regularisation (sp-regularisation 1e-8 and 0; the default is 1e-10). At rest the friction QP
// is degenerate (four corners, eight pyramid variables of rank 3, b at rounding); at 1e-8 it
// used to end the run with "friction QP not converged" some 50 steps after the box stopped
// (box_qp.hpp, iterative refinement). Oracles: every step succeeds, the box comes to rest at
// the Coulomb time v0 / (mu g), every friction force lies in its pyramid (|f . d_j| <= mu N on
// every axis), and the total energy never rises over a step beyond rounding.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "engine/algorithm/initial_state.hpp"
#include "engine/contact/friction_pyramid.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/solvers/registry.hpp"
#include "tests/engine/test_util.hpp"
#include "tests/shared/test_solver_options.hpp"

namespace articulab {
namespace {

constexpr double kRestingStep = 1e-3;
constexpr double kRestingMu = 0.5;  // slidingBoxes' ground friction
constexpr double kRestingSpeed = 1.0;

struct RestingRun {
  int steps = 0;                      // steps that succeeded
  double worstPyramidExcess = -1.0;   // max (|f . d_j| - mu N) / max(mu N, 1e-12)
  double largestEnergyRise = -1e300;  // over a step, relative to max(1, |E|)
  double finalSpeed = 0.0;            // m/s, the box's origin
  bool slidAtTheLimit = false;        // some step had |f . d_j| = mu N (the pyramid's bound was reached)
};

void checkRestingContacts(const State& state, RestingRun& run) {
  const int directions = contact::kDefaultFrictionDirections;
  for (int c = 0; c < state.outputs.contactCount; ++c) {
    const ContactOutput& contact = state.outputs.contacts[c];
    const double limit = kRestingMu * contact.normalForce;
    for (int j = 0; j < contact::frictionAxes(directions); ++j) {
      const double along = std::abs(contact.friction.dot(contact::frictionAxis(directions, j)));
      run.worstPyramidExcess = std::max(run.worstPyramidExcess, (along - limit) / std::max(limit, 1e-12));
      run.slidAtTheLimit |= limit > 0.0 && along > (1.0 - 1e-9) * limit;
    }
  }
}

RestingRun slideToRest(const char* backend, double regularisation, int steps) {
  Model model = test::slidingBoxes(1, 0, false);
  model.qd0.setZero();
  model.qd0[3] = kRestingSpeed;  // free3d: rotation (3), translation (3)
  SolverOptions options = test::solverOptions(Integrator::SemiImplicitEuler, DriftControl::PostStabilization);
  options = test::withSetting(options, backend, "sp-regularisation", regularisation);
  auto solver = findBackend(backend)->create(model, options);
  State state = makeInitialState(model);
  RestingRun run;
  double previous = computeEnergy(model, state).total();
  for (int k = 0; k < steps; ++k) {
    const StepStatus status = solver->step(model, state, kRestingStep);
    EXPECT_TRUE(status.ok) << backend << " at step " << k << ": " << status.message;
    if (!status.ok) break;
    ++run.steps;
    checkRestingContacts(state, run);
    const double energy = computeEnergy(model, state).total();
    run.largestEnergyRise = std::max(run.largestEnergyRise, (energy - previous) / std::max(1.0, std::abs(previous)));
    previous = energy;
  }
  run.finalSpeed = (state.E_0i[0].topLeftCorner<3, 3>() * state.phi[0].tail<3>()).norm();
  return run;
}

// 0.6 s: the box stops at v0 / (mu g) = 0.204 s and rests 400 steps (the failure came after 44).
void expectRestsQuietly(const char* backend, double regularisation) {
  SCOPED_TRACE(std::string(backend) + ", sp-regularisation " + test::sci(regularisation));
  const int steps = 600;
  const RestingRun run = slideToRest(backend, regularisation, steps);
  EXPECT_EQ(run.steps, steps);
  EXPECT_LT(run.worstPyramidExcess, 1e-9);
  EXPECT_TRUE(run.slidAtTheLimit);
  EXPECT_LT(run.largestEnergyRise, 1e-12);
  EXPECT_LT(run.finalSpeed, 1e-9);
}

TEST(RestingFriction, BoxComesToRestAtRegularisation1e8OnBaraffAndRedMax) {
  for (const char* backend : {"baraff", "redmax"}) expectRestsQuietly(backend, 1e-8);
}

TEST(RestingFriction, BoxComesToRestWithoutRegularisationOnBaraffAndRedMax) {
  for (const char* backend : {"baraff", "redmax"}) expectRestsQuietly(backend, 0.0);
}

TEST(RestingFriction, BoxComesToRestOverTheRegularisationRangeOnRecursive) {
  for (double regularisation : {0.0, 1e-8, 1e-4}) expectRestsQuietly("recursive", regularisation);
}

}  // namespace
}  // namespace articulab
