// Spline and Bezier joints (engine/multibody/spline_*, bezier_*): S and Sdot by AD against
// finite differences of Q(q) and against the hand recursions of sueda Alg 3 and Alg 4; the
// Bezier point frames against closed forms (Bernstein sums); the scenes conserve energy with
// gravity only and give the same accelerations on both reduced back-ends; parameters that
// leave their curve or patch are reported by checkCoordinates, the loader and a solver step.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <numbers>
#include <optional>

#include "engine/algorithm/initial_state.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/multibody/bezier_curve_point_joint.hpp"
#include "engine/multibody/bezier_surface_point_joint.hpp"
#include "engine/multibody/spline_curve_joint.hpp"
#include "engine/multibody/spline_surface_joint.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/spatial/se3.hpp"
#include "engine/spatial/so3.hpp"
#include "tests/engine/test_util.hpp"
#include "tests/shared/test_solver_options.hpp"

namespace articulab {
namespace {

using test::uniform;

// ---------- the joints under test ----------

std::vector<Matrix4> splineFrames(int n) {
  std::vector<Matrix4> frames;
  for (int i = 0; i < n; ++i) {
    const Vector3 p(0.4 * i, 0.3 * std::sin(1.3 * i), 0.2 * i * i - 0.5 * i);
    frames.push_back(se3::make(so3::exp(Vector3(0.5 * std::cos(i), 0.7 - 0.3 * i, 0.2 * i)), p));
  }
  return frames;
}

SplineSurfaceJoint::ControlValues surfaceValues() {
  SplineSurfaceJoint::ControlValues C;
  for (int k = 0; k < 6; ++k)
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j)
        C[k](i, j) = (k < 3 ? 0.5 : 0.25) * std::sin(1.0 + 0.7 * k + 1.1 * i - 0.6 * j + 0.3 * i * j);
  return C;
}

std::vector<Vector3> curvePoints() {
  return {{0, 0, 0},       {0.3, 0.4, 0.1},  {0.8, -0.2, 0.3}, {1.1, 0.5, -0.2},
          {1.5, 0.1, 0.0}, {1.9, -0.3, 0.4}, {2.2, 0.2, 0.1}};
}

// 4 x 5 points, row i with u.
std::vector<Vector3> surfacePoints() {
  std::vector<Vector3> points;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j)
      points.emplace_back(0.5 * i + 0.05 * j, 0.4 * j - 0.03 * i,
                          0.2 * std::sin(1.0 + i) * std::cos(0.7 * j) + 0.1 * i);
  return points;
}

const SplineCurveJoint& splineCurve() {
  static const SplineCurveJoint joint(splineFrames(7));
  return joint;
}
const SplineSurfaceJoint& splineSurface() {
  static const SplineSurfaceJoint joint(surfaceValues());
  return joint;
}
const CurvePointJoint& curvePoint() {
  static const CurvePointJoint joint(curvePoints(), Vector3(0.1, 0.2, 1.0));
  return joint;
}
const SurfacePointJoint& surfacePoint() {
  static const SurfacePointJoint joint(surfacePoints(), 4, 5);
  return joint;
}

// A valid q: curve and patch parameters inside their range, away from the ends and from the
// spline's segment ends (central differences stay on one polynomial piece); spin angles anywhere.
VectorX randomCoordinates(const ScleronomicJoint& joint) {
  VectorX q(joint.dof());
  if (&joint == &splineCurve()) {
    q[0] = std::floor(uniform(0.0, splineCurve().segmentCount())) + uniform(0.02, 0.98);
    return q;
  }
  for (int k = 0; k < q.size(); ++k) q[k] = uniform(0.02, 0.98);
  if (&joint == &curvePoint()) q[1] = uniform(-4.0, 4.0);
  if (&joint == &surfacePoint()) q[2] = uniform(-4.0, 4.0);
  return q;
}

std::vector<const ScleronomicJoint*> allSplineJoints() {
  return {&splineCurve(), &splineSurface(), &curvePoint(), &surfacePoint()};
}

// ---------- finite differences of Q ----------

// Sdot = d/dt S(q + t qdot) by central differences of the difference-quotient S.
JointMatrix finiteDifferenceSdot(const ScleronomicJoint& joint, const VectorX& q, const VectorX& qd) {
  const double h = 2e-5, inner = 1e-5;
  const VectorX qp = q + h * qd, qm = q - h * qd;
  return (test::finiteDifferenceS(joint, qp, inner) - test::finiteDifferenceS(joint, qm, inner)) / (2 * h);
}

TEST(SplineJoints, SAndSdotMatchFiniteDifferencesOfQ) {
  for (const ScleronomicJoint* joint : allSplineJoints()) {
    for (int trial = 0; trial < 10; ++trial) {
      const VectorX q = randomCoordinates(*joint), qd = test::randomVector(joint->dof(), 2.0);
      JointKinematics k;
      joint->evaluate(q.data(), qd.data(), k);
      const std::string what = std::string(joint->typeName()) + " trial " + std::to_string(trial);
      EXPECT_LT((k.Q - joint->transform(q.data())).cwiseAbs().maxCoeff(), 1e-14) << what;
      EXPECT_LT((k.S - test::finiteDifferenceS(*joint, q, 1e-6)).cwiseAbs().maxCoeff(), 1e-7 * (1 + k.S.norm())) << what;
      EXPECT_LT((k.Sdot - finiteDifferenceSdot(*joint, q, qd)).cwiseAbs().maxCoeff(), 1e-6 * (1 + k.Sdot.norm()))
          << what;
      // Q is an exact rigid transform, so S is a twist.
      const Matrix3 R = k.Q.topLeftCorner<3, 3>();
      EXPECT_LT((R.transpose() * R - Matrix3::Identity()).norm(), 1e-14) << what;
    }
  }
}

// ---------- sueda Alg 3 and Alg 4 by hand ----------

// B of eq 2.61.
Matrix4 basisMatrix() {
  Matrix4 B;
  B << 1, -3, 3, -1, 4, 0, -6, 3, 1, 3, 3, -3, 0, 0, 0, 1;
  return B / 6.0;
}

// Rows 1..4: B(s), B'(s), B''(s) as vectors of the four basis functions (eq 2.62, 2.66).
struct BasisValues {
  Vector4 b, db, ddb;
};
BasisValues basisValues(double s) {
  const Matrix4 B = basisMatrix();
  return {B * Vector4(1, s, s * s, s * s * s), B * Vector4(0, 1, 2 * s, 3 * s * s), B * Vector4(0, 0, 2, 6 * s)};
}

// Cumulative sums B~_i = sum_{j >= i} B_j (eq 2.65), also of the derivatives.
Vector4 cumulative(const Vector4& b) { return Vector4(b.sum(), b(1) + b(2) + b(3), b(2) + b(3), b(3)); }

struct HandKinematics {
  Matrix4 Q;
  JointMatrix S, Sdot;
};

// Alg 3 on segment k = floor(q) with s = q - k. Line 10 of the algorithm as printed in the
// notes multiplies ad_i dC_i by B~_i(q); differentiating line 9 (d/dq Ad(Q_i^-1) =
// -Ad(Q_i^-1) ad(dC_i B~_i')) gives B~_i'(q), which is what is used here (and what Alg 4,
// line 16, has with df_j).
HandKinematics algorithm3(const std::vector<Matrix4>& C, double q, double qdot) {
  const int k = std::min(static_cast<int>(std::floor(q)), static_cast<int>(C.size()) - 4);
  const BasisValues v = basisValues(q - k);
  const Vector4 B = cumulative(v.b), dB = cumulative(v.db), ddB = cumulative(v.ddb);
  auto dC = [&](int i) { return se3::log(se3::inverse(C[k + i - 2]) * C[k + i - 1]); };  // i = 2..4
  Matrix4 Q = C[k] * se3::exp(dC(2) * B(1));
  Vector6 S = dC(2) * dB(1), dS = dC(2) * ddB(1);
  for (int i = 3; i <= 4; ++i) {
    const Matrix4 Qi = se3::exp(dC(i) * B(i - 1));
    Q = Q * Qi;
    const Matrix6 Ad = se3::AdInverse(Qi), ad = se3::ad(S);
    S = dC(i) * dB(i - 1) + Ad * S;
    dS = dC(i) * ddB(i - 1) + Ad * (dS + ad * dC(i) * dB(i - 1));
  }
  HandKinematics out{Q, JointMatrix(S), JointMatrix(dS * qdot)};
  return out;
}

// f, df/dq_i and d2f/dq_i dq_j of the patch (eq 2.68-2.69).
struct PatchValues {
  double f;
  Eigen::Vector2d df;
  Eigen::Matrix2d ddf;
};
PatchValues patch(const Matrix4& C, const double* q) {
  const BasisValues a = basisValues(q[0]), b = basisValues(q[1]);
  PatchValues p;
  p.f = a.b.dot(C * b.b);
  p.df << a.db.dot(C * b.b), a.b.dot(C * b.db);
  p.ddf << a.ddb.dot(C * b.b), a.db.dot(C * b.db), a.db.dot(C * b.db), a.b.dot(C * b.ddb);
  return p;
}

// Alg 4 with the bases of eq 2.70: translations x, y, z then rotations x, y, z.
HandKinematics algorithm4(const SplineSurfaceJoint::ControlValues& C, const double* q, const double* qdot) {
  std::array<Vector6, 6> e;
  for (int k = 0; k < 6; ++k) e[k] = Vector6::Unit(k < 3 ? k + 3 : k - 3);
  PatchValues p = patch(C[0], q);
  Matrix4 Q = se3::exp(e[0] * p.f);
  std::array<Vector6, 2> S;
  std::array<std::array<Vector6, 2>, 2> dS;
  for (int i = 0; i < 2; ++i) {
    S[i] = e[0] * p.df(i);
    for (int j = 0; j < 2; ++j) dS[i][j] = e[0] * p.ddf(i, j);
  }
  for (int k = 1; k < 6; ++k) {
    p = patch(C[k], q);
    const Matrix4 Qk = se3::exp(e[k] * p.f);
    Q = Q * Qk;
    const Matrix6 Ad = se3::AdInverse(Qk);
    for (int i = 0; i < 2; ++i) {
      const Matrix6 ad = se3::ad(S[i]);
      S[i] = e[k] * p.df(i) + Ad * S[i];
      for (int j = 0; j < 2; ++j) dS[i][j] = e[k] * p.ddf(i, j) + Ad * (dS[i][j] + ad * e[k] * p.df(j));
    }
  }
  HandKinematics out{Q, JointMatrix(6, 2), JointMatrix(6, 2)};
  for (int i = 0; i < 2; ++i) {
    out.S.col(i) = S[i];
    out.Sdot.col(i) = dS[i][0] * qdot[0] + dS[i][1] * qdot[1];  // eq after 2.71
  }
  return out;
}

void expectAgree(const JointKinematics& ad, const HandKinematics& hand, const std::string& what) {
  EXPECT_LT((ad.Q - hand.Q).cwiseAbs().maxCoeff(), 1e-12) << what;
  EXPECT_LT((ad.S - hand.S).cwiseAbs().maxCoeff(), 1e-12) << what;
  EXPECT_LT((ad.Sdot - hand.Sdot).cwiseAbs().maxCoeff(), 1e-12) << what;
}

TEST(SplineJoints, CurveJointMatchesAlgorithm3) {
  const SplineCurveJoint& joint = splineCurve();
  for (int trial = 0; trial < 40; ++trial) {
    double q = uniform(0.0, joint.segmentCount());
    if (trial < 4) q = trial;  // segment ends, including the last one
    const double qd = uniform(-3.0, 3.0);
    JointKinematics k;
    joint.evaluate(&q, &qd, k);
    expectAgree(k, algorithm3(joint.controlFrames(), q, qd), "q = " + std::to_string(q));
  }
}

TEST(SplineJoints, CurveJointIsContinuousAcrossSegments) {
  const SplineCurveJoint& joint = splineCurve();
  for (int k = 1; k < joint.segmentCount(); ++k) {
    const double below = k - 1e-12, at = k, qd = 1.0;
    JointKinematics a, b;
    joint.evaluate(&below, &qd, a);
    joint.evaluate(&at, &qd, b);
    EXPECT_LT((a.Q - b.Q).norm(), 1e-10) << k;
    EXPECT_LT((a.S - b.S).norm(), 1e-10) << k;  // C1 (eq 2.65 at s = 1 and s = 0)
  }
}

TEST(SplineJoints, SurfaceJointMatchesAlgorithm4) {
  const SplineSurfaceJoint& joint = splineSurface();
  for (int trial = 0; trial < 40; ++trial) {
    const double q[2] = {uniform(0.0, 1.0), uniform(0.0, 1.0)}, qd[2] = {uniform(-3.0, 3.0), uniform(-3.0, 3.0)};
    JointKinematics k;
    joint.evaluate(q, qd, k);
    expectAgree(k, algorithm4(joint.controlValues(), q, qd), "trial " + std::to_string(trial));
  }
}

// ---------- Bezier point joints against Bernstein closed forms ----------

double bernstein(int n, int i, double t) {
  return std::tgamma(n + 1.0) / (std::tgamma(i + 1.0) * std::tgamma(n - i + 1.0)) * std::pow(t, i) *
         std::pow(1 - t, n - i);
}

// x(t) = sum B^n_i(t) P_i and x'(t) = n sum B^{n-1}_i(t) (P_{i+1} - P_i).
Vector3 bernsteinPoint(const std::vector<Vector3>& P, double t) {
  Vector3 x = Vector3::Zero();
  const int n = static_cast<int>(P.size()) - 1;
  for (int i = 0; i <= n; ++i) x += bernstein(n, i, t) * P[i];
  return x;
}
Vector3 bernsteinTangent(const std::vector<Vector3>& P, double t) {
  std::vector<Vector3> differences;
  for (std::size_t i = 0; i + 1 < P.size(); ++i) differences.push_back((P.size() - 1.0) * (P[i + 1] - P[i]));
  return bernsteinPoint(differences, t);
}

TEST(SplineJoints, CurvePointFrameSitsOnTheCurveAlongTheTangent) {
  const CurvePointJoint& joint = curvePoint();
  for (int trial = 0; trial < 20; ++trial) {
    const double q[2] = {uniform(0.0, 1.0), uniform(-4.0, 4.0)};
    const Matrix4 Q = joint.transform(q);
    const Vector3 t = bernsteinTangent(joint.controlPoints(), q[0]).normalized();
    const Vector3 x0 = (joint.up() - joint.up().dot(t) * t).normalized();
    const Vector3 x = std::cos(q[1]) * x0 + std::sin(q[1]) * t.cross(x0);  // turned by spin about t
    EXPECT_LT((Q.topRightCorner<3, 1>() - bernsteinPoint(joint.controlPoints(), q[0])).norm(), 1e-13);
    EXPECT_LT((Q.block<3, 1>(0, 2) - t).norm(), 1e-13);
    EXPECT_LT((Q.block<3, 1>(0, 0) - x).norm(), 1e-13);
  }
}

TEST(SplineJoints, SurfacePointFrameSitsOnTheSurfaceAlongTheNormal) {
  const SurfacePointJoint& joint = surfacePoint();
  const int m = joint.rows(), n = joint.cols();
  const std::vector<Vector3>& P = joint.controlPoints();
  for (int trial = 0; trial < 20; ++trial) {
    const double q[3] = {uniform(0.0, 1.0), uniform(0.0, 1.0), uniform(-4.0, 4.0)};
    Vector3 x = Vector3::Zero(), xu = Vector3::Zero(), xv = Vector3::Zero();
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) {
        x += bernstein(m - 1, i, q[0]) * bernstein(n - 1, j, q[1]) * P[i * n + j];
        if (i + 1 < m)
          xu += (m - 1) * bernstein(m - 2, i, q[0]) * bernstein(n - 1, j, q[1]) * (P[(i + 1) * n + j] - P[i * n + j]);
        if (j + 1 < n)
          xv += (n - 1) * bernstein(m - 1, i, q[0]) * bernstein(n - 2, j, q[1]) * (P[i * n + j + 1] - P[i * n + j]);
      }
    const Vector3 normal = xu.cross(xv).normalized(), x0 = xu.normalized();
    const Matrix4 Q = joint.transform(q);
    EXPECT_LT((Q.topRightCorner<3, 1>() - x).norm(), 1e-13);
    EXPECT_LT((Q.block<3, 1>(0, 2) - normal).norm(), 1e-12);
    EXPECT_LT((Q.block<3, 1>(0, 0) - (std::cos(q[2]) * x0 + std::sin(q[2]) * normal.cross(x0))).norm(), 1e-12);
  }
}

TEST(SplineJoints, GuideLinesFollowWhatTheJointSlidesOn) {
  const auto curve = curvePoint().guideLines();
  ASSERT_EQ(curve.size(), 1u);
  EXPECT_LT((curve[0].front() - curvePoints().front()).norm(), 1e-14);
  EXPECT_LT((curve[0].back() - curvePoints().back()).norm(), 1e-14);
  const auto grid = surfacePoint().guideLines();
  ASSERT_GE(grid.size(), 4u);
  EXPECT_LT((grid[0].front() - surfacePoints().front()).norm(), 1e-14);  // (u, v) = (0, 0)
  const double end = splineCurve().segmentCount();
  EXPECT_LT((splineCurve().guideLines()[0].back() - splineCurve().transform(&end).topRightCorner<3, 1>()).norm(),
            1e-14);
  EXPECT_EQ(splineSurface().guideLines().size(), grid.size());
}

// ---------- ranges ----------

TEST(SplineJoints, CheckCoordinatesReportsParametersOutsideTheirRange) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inCurve[1] = {1.5}, pastCurve[1] = {4.01}, nanCurve[1] = {nan};
  EXPECT_EQ(splineCurve().checkCoordinates(inCurve), "");
  EXPECT_EQ(splineCurve().checkCoordinates(pastCurve), "q = 4.01 is outside the spline [0, 4]");
  EXPECT_NE(splineCurve().checkCoordinates(nanCurve), "");
  const double inPatch[2] = {0.0, 1.0}, offPatch[2] = {0.5, -0.02};
  EXPECT_EQ(splineSurface().checkCoordinates(inPatch), "");
  EXPECT_EQ(splineSurface().checkCoordinates(offPatch), "q2 = -0.02 is outside the patch [0, 1]");
  const double onCurve[2] = {1.0, 10.0}, offCurve[2] = {1.03, 0.0}, nanS[2] = {nan, 0.0};
  EXPECT_EQ(curvePoint().checkCoordinates(onCurve), "");
  EXPECT_EQ(curvePoint().checkCoordinates(offCurve), "s = 1.03 is outside the curve [0, 1]");
  EXPECT_NE(curvePoint().checkCoordinates(nanS), "");
  const double onSurface[3] = {0.3, 0.7, -20.0}, offSurface[3] = {1.2, 0.5, 0.0};
  EXPECT_EQ(surfacePoint().checkCoordinates(onSurface), "");
  EXPECT_EQ(surfacePoint().checkCoordinates(offSurface), "u = 1.2 is outside the patch [0, 1]");
}

TEST(SplineJoints, CurvePointReportsATangentParallelToUp) {
  const CurvePointJoint vertical({{0, 0, 0}, {0, 0, 1}}, Vector3::UnitZ());
  const double q[2] = {0.5, 0.0};
  EXPECT_NE(vertical.checkCoordinates(q).find("parallel to the up vector"), std::string::npos);
  const CurvePointJoint sideways({{0, 0, 0}, {0, 0, 1}}, Vector3::UnitX());
  EXPECT_EQ(sideways.checkCoordinates(q), "");
}

// ---------- scenes ----------

const std::vector<std::string> kSplineScenes = {"bezier_torus_chain", "bezier_surface_board", "spline_curve_demo",
                                          "spline_surface_demo"};

Model loadShippedScene(const std::string& name) { return loadScene(ARTICULAB_SOURCE_DIR "/scenes/" + name + ".json"); }

// The scene's initial state with qdot set so that each parameter moves (for the comparisons).
State movingState(const Model& model) {
  State state = makeInitialState(model);
  state.qd = test::randomVector(model.nq, 0.5);
  return state;
}

TEST(SplineJoints, ScenesGiveTheSameAccelerationsOnRedMaxAndRecursive) {
  for (const std::string& name : kSplineScenes) {
    const Model model = loadShippedScene(name);
    auto redmax = findBackend("redmax")->create(model, SolverOptions{});
    auto recursive = findBackend("recursive")->create(model, SolverOptions{});
    for (int trial = 0; trial < 3; ++trial) {
      const State state = movingState(model);
      VectorX a(model.nq), b(model.nq);
      redmax->forwardDynamics(model, state, a);
      recursive->forwardDynamics(model, state, b);
      EXPECT_LT((a - b).norm(), 1e-9 * a.norm()) << name;
    }
  }
}

// Relative energy error: max |E(t) - E(0)| over the run divided by the largest kinetic
// energy reached (the energy that changed form).
double relativeEnergyError(const Model& model, const std::string& backend, double h, double duration) {
  auto solver = findBackend(backend)->create(model, test::solverOptions(Integrator::RK4, DriftControl::None));
  State state = makeInitialState(model);
  const double E0 = computeEnergy(model, state).total();
  double worst = 0.0, kinetic = 0.0;
  for (int step = 0; step * h < duration; ++step) {
    const StepStatus status = solver->step(model, state, h);
    EXPECT_TRUE(status.ok) << status.message;
    if (!status.ok) return 1.0;
    const EnergyReport e = computeEnergy(model, state);
    worst = std::max(worst, std::abs(e.total() - E0));
    kinetic = std::max(kinetic, e.kinetic);
  }
  EXPECT_GT(kinetic, 0.0);
  return worst / kinetic;
}

TEST(SplineJoints, ScenesConserveEnergyWithRK4) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  for (const std::string& name : kSplineScenes) {
    const Model model = loadShippedScene(name);
    EXPECT_LT(relativeEnergyError(model, "recursive", 1e-3, 2.0), 1e-6) << name;
  }
}

// The default run of every scene (its own back-end, integrator, step and duration) stays on
// its curve or patch, on both reduced back-ends.
TEST(SplineJoints, ScenesStayInRangeForTheirDefaultRun) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  for (const std::string& name : kSplineScenes) {
    const Model model = loadShippedScene(name);
    for (const char* backend : {"redmax", "recursive"}) {
      auto solver = findBackend(backend)->create(model, test::sceneOptions(backend, model, model.defaults.integrator));
      State state = makeInitialState(model);
      StepStatus status;
      for (int step = 0; status.ok && step * model.defaults.dt < model.defaults.duration; ++step)
        status = solver->step(model, state, model.defaults.dt);
      EXPECT_TRUE(status.ok) << name << " on " << backend << ": " << status.message;
    }
  }
}

// ---------- pushed off the end ----------

nlohmann::json oneJointScene(const nlohmann::json& joint) {
  nlohmann::json j = joint;
  j["name"] = "slider";
  j["parent"] = "world";
  j["child"] = "bead";
  return {{"gravity", {0, 0, 0}},
          {"bodies", {{{"name", "bead"}, {"mass", 1.0}, {"shape", {{"type", "sphere"}, {"radius", 0.05}}}}}},
          {"joints", {j}}};
}

TEST(SplineJoints, ASolverStepThatLeavesTheCurveFailsNamingJointAndCoordinate) {
  const nlohmann::json joint = {{"type", "curve_point"},
                                {"control_points", {{0, 0, 0}, {0.5, 0.2, 0}, {1, 0, 0}}},
                                {"q0", {0.95, 0.0}},
                                {"qd0", {2.0, 0.0}}};
  const Model model = loadSceneFromString(oneJointScene(joint).dump(), "off_the_end.json");
  for (const char* backend : {"redmax", "recursive"}) {
    auto solver = findBackend(backend)->create(model, test::solverOptions(Integrator::RK4, DriftControl::None));
    State state = makeInitialState(model);
    StepStatus status;
    for (int step = 0; status.ok && step < 1000; ++step) status = solver->step(model, state, 0.001);
    ASSERT_FALSE(status.ok) << backend;
    EXPECT_NE(status.message.find("joint 'slider' (curve_point): s = 1.0"), std::string::npos) << status.message;
    EXPECT_NE(status.message.find("is outside the curve [0, 1]"), std::string::npos) << status.message;
  }
}

TEST(SplineJoints, ASolverStepThatLeavesThePatchFails) {
  const nlohmann::json x = {
      {-1.5, -1.5, -1.5, -1.5}, {-0.5, -0.5, -0.5, -0.5}, {0.5, 0.5, 0.5, 0.5}, {1.5, 1.5, 1.5, 1.5}};
  const nlohmann::json y = {
      {-1.5, -0.5, 0.5, 1.5}, {-1.5, -0.5, 0.5, 1.5}, {-1.5, -0.5, 0.5, 1.5}, {-1.5, -0.5, 0.5, 1.5}};
  const nlohmann::json values = {{"x", x}, {"y", y}};  // the plane z = 0, x = q1 - 0.5, y = q2 - 0.5
  const nlohmann::json joint = {
      {"type", "spline_surface"}, {"control_values", values}, {"q0", {0.5, 0.02}}, {"qd0", {0.0, -1.0}}};
  const Model model = loadSceneFromString(oneJointScene(joint).dump(), "off_the_patch.json");
  auto solver = findBackend("recursive")->create(model, SolverOptions{});
  State state = makeInitialState(model);
  StepStatus status;
  for (int step = 0; status.ok && step < 100; ++step) status = solver->step(model, state, 0.001);
  ASSERT_FALSE(status.ok);
  EXPECT_NE(status.message.find("joint 'slider' (spline_surface): q2 = -"), std::string::npos) << status.message;
}

// ---------- loader errors ----------

std::optional<SceneError> loadError(const nlohmann::json& joint) {
  try {
    loadSceneFromString(oneJointScene(joint).dump(), "case.json");
  } catch (const SceneError& e) {
    return e;
  }
  return std::nullopt;
}

struct LoaderCase {
  std::string what;
  nlohmann::json joint;
  std::string pointer;
  std::string message;  // must appear in SceneError::message()
};

nlohmann::json frames(int n) {
  nlohmann::json list = nlohmann::json::array();
  for (int i = 0; i < n; ++i) list.push_back({{"position", {0.3 * i, 0, 0}}, {"rotation", {0, 0, 0.2 * i}}});
  return list;
}

nlohmann::json grid(int rows, int cols) {
  nlohmann::json list = nlohmann::json::array();
  for (int i = 0; i < rows; ++i) {
    nlohmann::json row = nlohmann::json::array();
    for (int j = 0; j < cols; ++j) row.push_back({0.1 * i, 0.1 * j, 0.0});
    list.push_back(row);
  }
  return list;
}

nlohmann::json flat4() { return {{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}; }

std::vector<LoaderCase> loaderCases() {
  std::vector<LoaderCase> cases;
  auto add = [&](std::string what, nlohmann::json joint, std::string pointer, std::string message) {
    cases.push_back({std::move(what), std::move(joint), std::move(pointer), std::move(message)});
  };
  const std::string j = "/joints/0";
  add("three frames", {{"type", "spline_curve"}, {"control_frames", frames(3)}}, j + "/control_frames",
      "expected at least 4 control frames");
  add("frames not a list", {{"type", "spline_curve"}, {"control_frames", 4}}, j + "/control_frames",
      "expected an array");
  nlohmann::json misspelt = frames(4);
  misspelt[1] = {{"positon", {0, 0, 0}}};
  add("frame key", {{"type", "spline_curve"}, {"control_frames", misspelt}}, j + "/control_frames/1/positon",
      "unknown key \"positon\"");
  nlohmann::json shortPosition = frames(5);
  shortPosition[2]["position"] = {1, 2};
  add("frame position", {{"type", "spline_curve"}, {"control_frames", shortPosition}}, j + "/control_frames/2/position",
      "expected an array of 3 numbers");
  nlohmann::json halfTurn = frames(4);
  halfTurn[3]["rotation"] = {0, 0, 0.4 + 3.12};
  add("frame turn", {{"type", "spline_curve"}, {"control_frames", halfTurn}}, j + "/control_frames/3",
      "turns by 3.12 rad from control frame 2");
  add("spline q0", {{"type", "spline_curve"}, {"control_frames", frames(5)}, {"q0", 2.5}}, j + "/q0",
      "q = 2.5 is outside the spline [0, 2]");
  add("spline axis", {{"type", "spline_curve"}, {"control_frames", frames(4)}, {"axis", {0, 0, 1}}}, j + "/axis",
      "does not apply to spline_curve joints");
  add("no values", {{"type", "spline_surface"}}, j + "/control_values", "missing");
  add("empty values", {{"type", "spline_surface"}, {"control_values", nlohmann::json::object()}}, j + "/control_values",
      "expected at least one of: x, y, z, rx, ry, rz");
  add("unknown basis", {{"type", "spline_surface"}, {"control_values", {{"w", flat4()}}}}, j + "/control_values/w",
      "unknown key \"w\"");
  add("three rows",
      {{"type", "spline_surface"}, {"control_values", {{"z", {{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}}}}},
      j + "/control_values/z", "expected 4 rows of 4 control values, got 3");
  nlohmann::json longRow = flat4();
  longRow[2] = {0, 0, 0, 0, 0};
  add("long row", {{"type", "spline_surface"}, {"control_values", {{"rx", longRow}}}}, j + "/control_values/rx/2",
      "expected an array of 4 numbers, got 5");
  add("patch q0", {{"type", "spline_surface"}, {"control_values", {{"z", flat4()}}}, {"q0", {1.5, 0.5}}}, j + "/q0",
      "q1 = 1.5 is outside the patch [0, 1]");
  add("one point", {{"type", "curve_point"}, {"control_points", {{0, 0, 0}}}}, j + "/control_points",
      "expected 2 to 16 control points [x, y, z], got 1");
  nlohmann::json many = nlohmann::json::array();
  for (int i = 0; i < 17; ++i) many.push_back({0.1 * i, 0, 0});
  add("17 points", {{"type", "curve_point"}, {"control_points", many}}, j + "/control_points", "got 17");
  add("point size", {{"type", "curve_point"}, {"control_points", {{0, 0, 0}, {1, 0}}}}, j + "/control_points/1",
      "expected an array of 3 numbers");
  add("zero up", {{"type", "curve_point"}, {"control_points", {{0, 0, 0}, {1, 0, 0}}}, {"up", {0, 0, 0}}}, j + "/up",
      "expected a non-zero axis");
  add("vertical start", {{"type", "curve_point"}, {"control_points", {{0, 0, 0}, {0, 0, 1}}}}, j + "/q0",
      "parallel to the up vector");
  add("curve q0", {{"type", "curve_point"}, {"control_points", {{0, 0, 0}, {1, 0, 0}}}, {"q0", {-0.1, 0}}}, j + "/q0",
      "s = -0.1 is outside the curve [0, 1]");
  add("one row", {{"type", "surface_point"}, {"control_points", grid(1, 3)}}, j + "/control_points",
      "expected 2 to 16 rows of control points, got 1");
  nlohmann::json ragged = grid(5, 5);
  ragged[3].erase(ragged[3].begin());
  add("ragged rows", {{"type", "surface_point"}, {"control_points", ragged}}, j + "/control_points/3",
      "expected 5 control points like row 0, got 4");
  nlohmann::json badPoint = grid(3, 3);
  badPoint[1][2] = {0, 0};
  add("surface point size", {{"type", "surface_point"}, {"control_points", badPoint}}, j + "/control_points/1/2",
      "expected an array of 3 numbers");
  add("surface q0", {{"type", "surface_point"}, {"control_points", grid(3, 3)}, {"q0", {0.5, 1.2, 0}}}, j + "/q0",
      "v = 1.2 is outside the patch [0, 1]");
  add("flat surface", {{"type", "surface_point"}, {"control_points", {{{0, 0, 0}, {0, 0, 0}}, {{1, 0, 0}, {1, 0, 0}}}}},
      j + "/q0", "has no normal there");
  return cases;
}

TEST(SplineJoints, LoaderErrorsNameTheFieldAndWhatWasExpected) {
  for (const LoaderCase& c : loaderCases()) {
    const std::optional<SceneError> e = loadError(c.joint);
    ASSERT_TRUE(e.has_value()) << c.what;
    EXPECT_EQ(e->pointer(), c.pointer) << c.what << ": " << e->what();
    EXPECT_NE(e->message().find(c.message), std::string::npos) << c.what << ": " << e->what();
  }
}

TEST(SplineJoints, LoadedJointsKeepTheirDefinitions) {
  const nlohmann::json joint = {{"type", "surface_point"}, {"control_points", grid(3, 4)}, {"q0", {0.2, 0.3, 0.1}}};
  const Model model = loadSceneFromString(oneJointScene(joint).dump(), "ok.json");
  ASSERT_TRUE(model.joints[0].general);
  EXPECT_EQ(model.nq, 3);
  EXPECT_STREQ(model.joints[0].general->typeName(), "surface_point");
  const auto& loaded = dynamic_cast<const SurfacePointJoint&>(*model.joints[0].general);
  EXPECT_EQ(loaded.rows(), 3);
  EXPECT_EQ(loaded.cols(), 4);
  EXPECT_LT((loaded.controlPoints()[5] - Vector3(0.1, 0.1, 0)).norm(), 1e-15);  // row 1, column 1
}

}  // namespace
}  // namespace articulab
