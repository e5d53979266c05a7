// The work W of the forces that do work (engine/run/run_monitor.hpp, ForceWork) against closed
// forms and a dense reference, and the energy claims of the integrators' descriptions checked on
// the shipped scenes that are not conservative with E - E0 - W in place of E - E0 (the rules of
// integrator_claims_test.cpp, relative to the run's largest kinetic energy K):
//   "energy in a band" / "energy band": the largest |E - E0 - W| in the last second is at most 3
//       times that of the first second, or at most 1 % of K;
//   "only where M does not depend on q" / ...: that band on the scenes of one hinge from the world;
//   "dissipative": E - E0 - W falls (the integrator takes energy beyond what the forces take).
// Runs where W is not known (joint friction, a joint at its limit, driven joints: UnknownWork) are
// left out, and so are leg, muscle_snake and limited_tree (not measured yet).
// Where a claim does not hold on a scene, the scene's description says so ("E - E0 - W grows on"
// the back-end, with the integrator) and docs/backends.md; those are listed in kGrowsWithWork,
// where the band is checked not to hold, so that a note that has become false shows.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>

#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/run/run.hpp"
#include "engine/solvers/registry.hpp"
#include "tests/scenarios/energy/energy_claims.hpp"

namespace articulab::work_balance {
namespace {

std::shared_ptr<const Model> scene(const char* file, const ParameterOverrides& overrides = {}) {
  return std::make_shared<const Model>(loadScene(std::string(ARTICULAB_SOURCE_DIR "/scenes/") + file, overrides));
}

RunRequest on(const std::string& backend, const std::string& integrator, double duration, double dt = 0.0) {
  RunRequest request;
  request.backend = backend;
  request.requireIntegrator(integrator);
  request.duration = duration;
  request.dt = dt;
  return request;
}

// Oracle: a damped pendulum's W is -integral c qdot^2 dt, the integral taken by the trapezoid
// rule over a dense rk4 reference (h / 10); the run's W takes the dampers' power at the ends of
// its own steps.
TEST(WorkBalance, DampedPendulumWorkIsMinusTheIntegralOfDampingPower) {
  Model damped = loadScene(ARTICULAB_SOURCE_DIR "/scenes/single_pendulum.json");
  const double c = 0.02;  // N m s/rad: the swing loses most of its energy in 2 s
  damped.joints[0].damping = c;
  const auto model = std::make_shared<const Model>(damped);
  articulab::Run run(model, on("redmax", "rk4", 2.0, 1e-3));
  run.advance(run.plan().steps);
  ASSERT_FALSE(run.failed()) << run.failure();
  articulab::Run reference(model, on("redmax", "rk4", 2.0, 1e-4));
  double integral = 0.0, last = 0.0;
  reference.advance(reference.plan().steps, [&](const articulab::Run& r) {
    const double power = c * r.state().qd[0] * r.state().qd[0];
    integral += 0.5 * (last + power) * r.plan().dt;
    last = power;
  });
  const RunMonitor& m = run.monitor();
  ASSERT_TRUE(m.work.known()) << unknownWorkText(m.work.unknown);
  EXPECT_GT(integral, 0.01);  // J: most of the 0.022 J the swing starts with
  EXPECT_NEAR(m.work.dampers, -integral, 1e-5 * integral);
  EXPECT_EQ(m.work.muscles, 0.0);
  EXPECT_EQ(m.work.contact, 0.0);
  EXPECT_NEAR(m.unaccounted(), 0.0, 1e-6 * integral) << "E - E0 - W on rk4";
}

// Closed form: the box sliding down the slope (box_slope_slide.json, mu = 0.2 < tan theta) loses
// to friction W = -mu m g cos(theta) d over the distance d it slid; the normal force does no work.
TEST(WorkBalance, BoxSlidingOnTheSlopeLosesMuNTimesTheDistance) {
  const auto model = scene("box_slope_slide.json");
  const double mu = 0.2, m = 1.0, normal = m * model->gravity.norm() * std::cos(0.3);
  for (const char* backend : {"baraff", "redmax", "recursive"}) {
    articulab::Run run(model, on(backend, "semi-implicit", 1.0));
    const double x0 = run.state().E_0i[0](0, 3);
    run.advance(run.plan().steps);
    ASSERT_FALSE(run.failed()) << backend << ": " << run.failure();
    const double distance = run.state().E_0i[0](0, 3) - x0;
    EXPECT_NEAR(distance, 0.5 * 1.024683036, 0.01) << backend << ": it slides a t^2 / 2";
    const RunMonitor& monitor = run.monitor();
    ASSERT_TRUE(monitor.work.known()) << backend;
    // The trapezoid takes the friction over (v_k + v_k+1) h / 2 where semi-implicit Euler moves
    // v_k+1 h: they differ by mu N a T h / 2, 1e-3 of the work at h = 1 ms.
    EXPECT_NEAR(monitor.work.contact, -mu * normal * distance, 2e-3 * mu * normal * distance) << backend;
    EXPECT_LT(std::abs(monitor.unaccounted()), 5e-3 * monitor.energy.largestKinetic) << backend;
  }
}

// A driven joint's drive does work that no back-end reports (the recursive back-end's hybrid
// dynamics keeps the drive's force to itself): W says it is not known rather than leaving it out.
TEST(WorkBalance, DrivenJointWorkIsFlaggedUnknown) {
  Model driven = loadScene(ARTICULAB_SOURCE_DIR "/scenes/single_pendulum.json");
  driven.joints[0].driven = true;
  driven.qd0 << 1.0;
  articulab::Run run(std::make_shared<const Model>(driven), on("recursive", "rk4", 0.1));
  run.advance(run.plan().steps);
  ASSERT_FALSE(run.failed()) << run.failure();
  EXPECT_FALSE(run.monitor().work.known());
  EXPECT_EQ(unknownWorkText(run.monitor().work.unknown), "driven joints");
  EXPECT_TRUE(run.monitor().blowUp.empty());
}

// The recorder's work column is the monitor's W at each recorded state (the CSV of `--record`,
// the app's channel), NaN where W is not known.
TEST(WorkBalance, TheWorkColumnIsTheMonitorsWork) {
  articulab::Run run(scene("box_slope_slide.json"), on("baraff", "semi-implicit", 0.2));
  run.record({}, 10);
  run.advance(run.plan().steps);
  run.finishRecording();
  const TimeSeriesRecorder& recorder = *run.recorder();
  const int work = recorder.column("work");
  ASSERT_GE(work, 0);
  EXPECT_EQ(recorder.value(0, static_cast<std::size_t>(work)), 0.0);
  EXPECT_EQ(recorder.value(recorder.rows() - 1, static_cast<std::size_t>(work)), run.monitor().work.total());
  EXPECT_LT(run.monitor().work.total(), 0.0);
  articulab::Run friction(scene("pendulum_joint_friction.json"), on("recursive", "implicit", 0.01));
  friction.record({}, 1);
  friction.advance(friction.plan().steps);
  EXPECT_FALSE(friction.monitor().work.known());
  EXPECT_TRUE(std::isnan(friction.recorder()->value(1, static_cast<std::size_t>(friction.recorder()->column("work")))));
}

const char* const kScenes[] = {"box_slope_slide.json", "box_slope_stick.json", "box_spring_stick_slip.json",
                               "box_stack.json",       "cylinder_slope_roll.json", "sphere_slope_roll.json",
                               "falling_chain.json",   "falling_chain_rough.json", "projectile.json",
                               "arm_flexors.json",     "muscle_four_bar.json",     "minitaur_leg.json",
                               "windmill.json",        "branching_tree.json",      "spring_chain.json"};

using energy_claims::Claim;
using energy_claims::claimOf;
using energy_claims::Measured;
using energy_claims::oneHingeFromTheWorld;

// E - E0 - W after each step (the run's monitor), the kinetic energy its scale.
Measured measureWithWork(articulab::Run& run) {
  return energy_claims::measure(run, [&](const articulab::Run& r, double& kinetic) {
    kinetic = computeEnergy(r.model(), r.state()).kinetic;
    return r.monitor().unaccounted();
  });
}

struct Exception {
  const char* scene;
  const char* backend;
  const char* integrator;
};
// Measured 2026-11-29: muscle_four_bar on variational-maximal, variational 0.16 / 0.96 and
// variational-trapezoid 0.10 / 0.54 (first / last second, x the largest kinetic energy).
const Exception kGrowsWithWork[] = {{"muscle_four_bar.json", "variational-maximal", "variational"},
                                    {"muscle_four_bar.json", "variational-maximal", "variational-trapezoid"}};

bool growsWithWork(const std::string& scene, const std::string& backend, const std::string& integrator) {
  for (const Exception& e : kGrowsWithWork)
    if (scene == e.scene && backend == e.backend && integrator == e.integrator) return true;
  return false;
}

TEST(WorkBalance, EveryEnergyClaimHoldsWithTheWorkOnTheShippedScenesThatAreNotConservative) {
  int checked = 0;
  for (const char* file : kScenes) {
    const auto model = scene(file);
    for (const BackendInfo& backend : backends()) {
      for (const IntegratorInfo& info : backend.integrators) {
        const Claim claim = claimOf(info.description);
        if (claim == Claim::None || claim == Claim::FourthOrder) continue;
        if (claim == Claim::SingleJointBand && !oneHingeFromTheWorld(*model)) continue;
        RunRequest request;
        request.backend = backend.name;
        request.requireIntegrator(info.integrator.name());
        request.duration = 5.0;
        if (!resolves(*model, request)) continue;
        articulab::Run run(model, request);
        if (!run.monitor().work.known()) continue;
        const Measured m = measureWithWork(run);
        const std::string where = std::string(file) + " on " + backend.name + " (" + info.integrator.name() +
                                  "): first second " + std::to_string(m.first) + ", last second " +
                                  std::to_string(m.last) + ", end " + std::to_string(m.end) + "; " + info.description;
        std::printf("measured %s\n", where.c_str());
        ASSERT_FALSE(run.failed()) << where << ": " << run.failure();
        const bool band = m.last <= 3.0 * m.first || m.last <= 0.01;
        if (claim == Claim::Dissipative) EXPECT_LT(m.end, 0.0) << where;
        else if (growsWithWork(file, backend.name, info.integrator.name())) {
          EXPECT_FALSE(band) << where << ": the band holds now; update the scene's note and docs/backends.md";
          EXPECT_NE(model->description.find("E - E0 - W grows on " + backend.name), std::string::npos) << file;
        } else
          EXPECT_TRUE(band) << where;
        ++checked;
      }
    }
  }
  EXPECT_GE(checked, 20);
}

}  // namespace
}  // namespace articulab::work_balance
