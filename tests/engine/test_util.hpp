// Helpers shared by the engine tests: random draws, finite differences, hand-built models.
#pragma once

#include <algorithm>
#include <array>
#include <random>
#include <string>

#include "engine/multibody/state.hpp"
#include "engine/solvers/solver.hpp"
#include "tests/shared/rough_falling_chain.hpp"  // test::roughFallingChain

namespace articulab::test {

// Sanitizer builds (ARTICULAB_SANITIZE) run 20 to 50 times slower. The long conservation runs
// skip there: their step code is also run by shorter tests, which is what the sanitizers need,
// and their physics bounds are checked in the normal build.
#ifdef ARTICULAB_SANITIZER_BUILD
inline constexpr bool kSanitizerBuild = true;
#else
inline constexpr bool kSanitizerBuild = false;
#endif
#define ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS() \
  if (::articulab::test::kSanitizerBuild) GTEST_SKIP() << "long run: checked in the normal build"

// The shipped scenes (scenes/), with a trailing slash.
inline const std::string kScenes = ARTICULAB_SOURCE_DIR "/scenes/";

// Fixed-seed generator so every run sees the same "random" configurations.
inline std::mt19937& rng() {
  static std::mt19937 generator(12345);
  return generator;
}
inline double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng()); }
inline VectorX randomVector(int n, double scale = 1.0) {
  VectorX v(n);
  for (int i = 0; i < n; ++i) v[i] = uniform(-scale, scale);
  return v;
}
inline Vector3 randomVector3(double scale = 1.0) { return randomVector(3, scale); }
inline Vector6 randomTwist(double scale = 1.0) { return randomVector(6, scale); }
Matrix4 randomPose();

// The standard chain RC-n of shared/BENCHMARKS.md: 0.02 x 0.02 x 0.1 m, 1 kg boxes, revolute
// about y, hanging along -z, every joint at q0 (rad).
Model standardChain(int n, double q0 = 0.3);
// A tree with every joint type of the foundation (all shapes, a composite body, branches).
Model mixedTree();
// Two 1 kg links 0.1 m long hanging at rest from a revolute and a spherical_exp joint, both with
// joint friction (mu 0.3, radius 0.01 m): joint 0 carries both weights, joint 1 one.
Model hangingFrictionChain();
// Free 1 kg boxes k = first .. first + count - 1 (0.2 x 0.2 x 0.1 m) resting on the ground with
// mu = 0.5, box k at x = k m, sliding at 0.5 + 0.1 k m/s along a direction that turns with k and,
// with spin, turning at 2 - 0.3 k rad/s about z: independent contact islands.
Model slidingBoxes(int count, int first = 0, bool spin = true);
// Bodies for contact-island tests: 0, 1 and 2 free boxes, 3 welded to the world, 4 hanging
// from 2 by a revolute joint, 5 welded to 3.
Model islandGraphModel();
// x in %.3e, for test properties and messages.
std::string sci(double x);
// A chain of n exponential-coordinate spherical joints at a random pose, at rest, whose tip is
// held where it starts by a loop closure to the world (no row of the closure is redundant).
Model closedSphericalChain(int n, LoopType type);
// Solver options with this integrator and drift control (default Baumgarte gains).
SolverOptions solverOptions(Integrator integrator, DriftControl drift);
// |a - b| / max(1, |b|): relative for large values, absolute for small ones.
inline double relativeError(const VectorX& a, const VectorX& b) { return (a - b).norm() / std::max(1.0, b.norm()); }
// The state after `steps` equal steps over `duration` s from the model's initial state on a
// back-end; a failed step is a test failure and ends the run there.
State stepFromStart(const Model& model, const char* backend, const SolverOptions& options, double duration, int steps);
// Orders of convergence in (q, qdot) after `duration` s on a back-end, at 25, 50 and 100 steps,
// against RK4 on recursive at 4000 steps: log2 of the ratios of successive errors.
std::array<double, 2> ordersAgainstRk4(const Model& model, const char* backend, const SolverOptions& options,
                                       double duration);
// stepFromStart, also watching the largest |E - E0| (J) and constraint position error (m) after
// every step.
struct WatchedRun {
  State state;
  double energyBand = 0.0, worstPosition = 0.0;
};
WatchedRun watchedRunFromStart(const Model& model, const char* backend, const SolverOptions& options, double duration,
                               int steps);
// Largest position violation over the model's loop closures, m.
double worstLoopError(const Model& model, const State& state);
// The first four columns of a row of the CLI's CSV (docs/cli.md): t [s], kinetic, potential and
// total energy [J].
struct CsvEnergyRow {
  double t = 0.0, kinetic = 0.0, potential = 0.0, total = 0.0;
};
CsvEnergyRow csvEnergyRow(const std::string& line);
// csvEnergyRow of the last line of the CSV file at `path`.
CsvEnergyRow lastCsvEnergyRow(const std::string& path);
// One joint of the given type between the world and a box, for joint-level tests.
Joint singleJoint(JointType type, const Vector3& axis = Vector3::UnitZ());
Joint compositeJoint(const std::vector<JointPart>& parts);
// S_j = (Q^-1 dQ/dq_j)^v of a general joint with dQ/dq_j by central differences of step h
// (sueda eq 2.10, si-guenter eq 9): the oracle of its AD S.
JointMatrix finiteDifferenceS(const ScleronomicJoint& joint, const VectorX& q, double h);

}  // namespace articulab::test
