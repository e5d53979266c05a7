// Each back-end's default integrator (the first of its default order that runs the scene,
// BackendCapabilities::defaultOrder) keeps the energy of the shipped conservative scenes: over
// 10 s at the scene's dt, |E - E0| stays within 1 % of the run's largest kinetic energy (the
// conservation law as the oracle). The scenes are those of integrator_claims_test.cpp that run
// fast on every back-end; the figures of every scene are in docs/backends.md, "Default
// integrators".
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/run/run.hpp"
#include "engine/solvers/registry.hpp"

namespace articulab {
namespace {

const char* const kDefaultIntegratorScenes[] = {"single_pendulum.json", "double_pendulum.json", "four_bar.json", "chain.json",
                               "spherical_chain.json", "loop_chain.json", "free_body.json"};

// The largest |E - E0| of the run relative to its largest kinetic energy.
double largestRelativeEnergyChange(articulab::Run& run) {
  const Model& model = run.model();
  const double e0 = computeEnergy(model, run.state()).total();
  double largestChange = 0.0, largestKinetic = 1e-12;
  run.advance(run.plan().steps, [&](const articulab::Run& r) {
    const EnergyReport energy = computeEnergy(model, r.state());
    largestChange = std::max(largestChange, std::abs(energy.total() - e0));
    largestKinetic = std::max(largestKinetic, energy.kinetic);
  });
  return largestChange / largestKinetic;
}

TEST(DefaultIntegrators, KeepTheEnergyOfTheConservativeScenesWithinOnePercentOverTenSeconds) {
  int checked = 0;
  for (const char* file : kDefaultIntegratorScenes) {
    const auto model = std::make_shared<const Model>(loadScene(std::string(ARTICULAB_SOURCE_DIR "/scenes/") + file));
    ASSERT_EQ(model->description.find("Not conservative:"), std::string::npos) << file;
    for (const BackendInfo& backend : backends()) {
      RunRequest request;  // the back-end's default: no integrator wished for
      request.backend = backend.name;
      request.integratorWish = IntegratorWish::Preferred;
      request.duration = 10.0;
      if (!resolves(*model, request)) continue;  // loops on a tree back-end, general joints in maximal coordinates
      articulab::Run run(model, request);
      const double change = largestRelativeEnergyChange(run);
      ASSERT_FALSE(run.failed()) << file << " on " << backend.name << ": " << run.failure();
      EXPECT_LE(change, 0.01) << file << " on " << backend.name << " (" << run.plan().integrator.name() << ")";
      EXPECT_FALSE(run.plan().dissipative()) << file << " on " << backend.name;
      ++checked;
    }
  }
  EXPECT_GE(checked, 25);
}

// Issue 30: the 20-link chain on variational-minimal at 1 ms, whose energy left its band after
// about 90 s (and whose DEL root disappeared at 273.861 s) before the substep rule (solver header,
// "Substeps"). Measured over 300 s (docs/backends.md, "Long runs of variational-minimal"): the
// largest |E - E0| is 1.59e-3 of the largest kinetic energy, 1.48e-3 over the first 30 s, and the
// mean offset stays 0.057 J from 0 to 300 s: the band is reached by 30 s and does not grow after,
// so 30 s within 3e-3 (the 300 s band and room for rounding) checks it without 300 s of wall.
TEST(VariationalMinimalLongRun, TheTwentyLinkChainStaysInItsBand) {
  const auto model = std::make_shared<const Model>(
      loadScene(std::string(ARTICULAB_SOURCE_DIR "/scenes/chain.json"), ParameterOverrides{{"n", 20.0}}));
  RunRequest request;
  request.backend = "variational-minimal";
  request.integratorWish = IntegratorWish::Preferred;  // the scene names rk4
  request.duration = 30.0;
  articulab::Run run(model, request);
  const double change = largestRelativeEnergyChange(run);
  ASSERT_FALSE(run.failed()) << run.failure();
  EXPECT_LE(change, 3e-3);
}

}  // namespace
}  // namespace articulab
