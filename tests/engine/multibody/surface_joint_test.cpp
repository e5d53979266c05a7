// Surface-surface joints (engine/multibody/surface_surface_joint.hpp) and the scenes built on
// them (TC10, TC20, WM of si-guenter section 5). Oracles: finite differences of Q(q), closed-form
// surface normals and implicit equations, energy conservation, RedMax against recursive.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "engine/algorithm/initial_state.hpp"
#include "engine/algorithm/kinematics.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/multibody/surface_surface_joint.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/spatial/se3.hpp"
#include "tests/engine/test_util.hpp"
#include "tests/shared/test_solver_options.hpp"

namespace articulab {
namespace {

using std::numbers::pi;
using test::uniform;

std::vector<ParametricSurface> surfaces() {
  return {ParametricSurface::sphere(0.3), ParametricSurface::ellipsoid(0.4, 0.25, 0.15),
          ParametricSurface::torus(0.5, 0.12)};
}

// Every ordered pair of surfaces with a random twist.
std::vector<SurfaceSurfaceJoint> allPairs() {
  std::vector<SurfaceSurfaceJoint> joints;
  for (const ParametricSurface& parent : surfaces())
    for (const ParametricSurface& child : surfaces()) joints.emplace_back(parent, child, uniform(-pi, pi));
  return joints;
}

std::string pairName(const SurfaceSurfaceJoint& joint) {
  return std::string(surfaceTypeName(joint.parentSurface().type)) + "-" + surfaceTypeName(joint.childSurface().type);
}

// A latitude away from the poles of spheres and ellipsoids; any angle on a torus.
double randomLatitude(const ParametricSurface& s) { return s.type == SurfaceType::Torus ? uniform(-pi, pi) : uniform(-1.3, 1.3); }

Vector4 randomCoordinates(const SurfaceSurfaceJoint& joint) {
  return {uniform(-pi, pi), randomLatitude(joint.parentSurface()), uniform(-pi, pi), randomLatitude(joint.childSurface())};
}

JointKinematics evaluate(const SurfaceSurfaceJoint& joint, const Vector4& q, const Vector4& qd) {
  JointKinematics jk;
  joint.evaluate(q.data(), qd.data(), jk);
  return jk;
}

// F(u, v) = [p_u/|p_u|, z x x, (p_u x p_v)/|p_u x p_v|] at p, from the tangents of surfacePoint.
TEST(SurfaceJoint, ContactFrameIsTheNormalisedTangentFrame) {
  for (const ParametricSurface& s : surfaces()) {
    for (int trial = 0; trial < 20; ++trial) {
      const double u = uniform(-pi, pi), v = randomLatitude(s);
      const SurfacePoint<double> x = surfacePoint<double>(s, u, v);
      const ContactFrame<double> F = contactFrame<double>(s, u, v);
      const std::string what = std::string(surfaceTypeName(s.type)) + " trial " + std::to_string(trial);
      EXPECT_LT((F.p - x.p).norm(), 1e-15) << what;
      EXPECT_LT((F.R.col(0) - x.pu.normalized()).norm(), 1e-14) << what;
      EXPECT_LT((F.R.col(2) - x.pu.cross(x.pv).normalized()).norm(), 1e-14) << what;
      EXPECT_LT((F.R.col(1) - F.R.col(2).cross(F.R.col(0))).norm(), 1e-15) << what;
      EXPECT_LT((F.R.transpose() * F.R - Matrix3::Identity()).norm(), 1e-14) << what;
    }
  }
}

// Column k of S is (Q^-1 dQ/dq_k)^v (si-guenter eq 9), dQ by central differences.
TEST(SurfaceJoint, SMatchesFiniteDifferencesOfQ) {
  for (const SurfaceSurfaceJoint& joint : allPairs()) {
    for (int trial = 0; trial < 10; ++trial) {
      const Vector4 q = randomCoordinates(joint), qd = test::randomVector(4);
      const JointKinematics jk = evaluate(joint, q, qd);
      EXPECT_LT((jk.Q - joint.transform(q.data())).cwiseAbs().maxCoeff(), 1e-14) << pairName(joint);
      const JointMatrix fd = test::finiteDifferenceS(joint, VectorX(q), 1e-6);
      for (int k = 0; k < 4; ++k)
        EXPECT_LT((fd.col(k) - jk.S.col(k)).norm(), 1e-8) << pairName(joint) << " column " << k;
    }
  }
}

// Sdot = d/dt S(q(t)) along q(t) = q + t qdot (si-guenter eq 12).
TEST(SurfaceJoint, SdotMatchesFiniteDifferencesOfS) {
  for (const SurfaceSurfaceJoint& joint : allPairs()) {
    for (int trial = 0; trial < 10; ++trial) {
      const Vector4 q = randomCoordinates(joint), qd = test::randomVector(4);
      const double h = 1e-6;
      const JointMatrix fd = (evaluate(joint, q + h * qd, qd).S - evaluate(joint, q - h * qd, qd).S) / (2 * h);
      EXPECT_LT((fd - evaluate(joint, q, qd).Sdot).norm(), 1e-7) << pairName(joint);
    }
  }
}

// The surfaces in closed form, independent of the contact-frame code: the point, the
// outward normal (gradient of the implicit equation) and the implicit equation itself.
Vector3 pointOn(const ParametricSurface& s, double u, double v) {
  if (s.type == SurfaceType::Torus)
    return {(s.major + s.minor * std::cos(v)) * std::cos(u), (s.major + s.minor * std::cos(v)) * std::sin(u),
            s.minor * std::sin(v)};
  return s.radii.cwiseProduct(Vector3(std::cos(u) * std::cos(v), std::sin(u) * std::cos(v), std::sin(v)));
}

Vector3 outwardNormal(const ParametricSurface& s, const Vector3& x) {
  if (s.type == SurfaceType::Torus) {
    const Vector3 tubeCentre = s.major * Vector3(x.x(), x.y(), 0.0).normalized();
    return (x - tubeCentre).normalized();
  }
  return x.cwiseQuotient(s.radii.cwiseProduct(s.radii)).normalized();
}

// Zero on the surface.
double implicitEquation(const ParametricSurface& s, const Vector3& x) {
  if (s.type == SurfaceType::Torus) {
    const double ring = std::hypot(x.x(), x.y()) - s.major;
    return ring * ring + x.z() * x.z() - s.minor * s.minor;
  }
  return x.cwiseQuotient(s.radii).squaredNorm() - 1.0;
}

Vector3 transformPoint(const Matrix4& E, const Vector3& x) { return E.topLeftCorner<3, 3>() * x + E.topRightCorner<3, 1>(); }

// Contact points coincide, normals are opposite, the child's u-tangent sits at `twist` from
// the parent's about the parent normal.
TEST(SurfaceJoint, SurfacesTouchWithOppositeNormalsAndTheGivenTwist) {
  for (const SurfaceSurfaceJoint& joint : allPairs()) {
    const ParametricSurface &P = joint.parentSurface(), &C = joint.childSurface();
    for (int trial = 0; trial < 20; ++trial) {
      const Vector4 q = randomCoordinates(joint);
      const Matrix4 Q = joint.transform(q.data());
      const Matrix3 R = Q.topLeftCorner<3, 3>();
      const Vector3 xp = pointOn(P, q[0], q[1]), xc = pointOn(C, q[2], q[3]);
      const Vector3 xcInParent = transformPoint(Q, xc);
      const std::string what = pairName(joint) + " trial " + std::to_string(trial);
      EXPECT_LT((xcInParent - xp).norm(), 1e-14) << what;
      EXPECT_LT(std::abs(implicitEquation(P, xcInParent)), 1e-14) << what;
      const Vector3 np = outwardNormal(P, xp), nc = R * outwardNormal(C, xc);
      EXPECT_LT((nc + np).norm(), 1e-13) << what;
      // u-tangents by central differences of the closed-form points.
      const double h = 1e-6;
      const Vector3 tp = (pointOn(P, q[0] + h, q[1]) - pointOn(P, q[0] - h, q[1])).normalized();
      const Vector3 tc = R * (pointOn(C, q[2] + h, q[3]) - pointOn(C, q[2] - h, q[3])).normalized();
      const double angle = std::atan2(tp.cross(tc).dot(np), tp.dot(tc));
      EXPECT_LT(std::abs(std::remainder(angle - joint.twist(), 2 * pi)), 1e-8) << what;
    }
  }
}

Model loadShipped(const std::string& file, const ParameterOverrides& overrides = {}) {
  return loadScene(std::string(ARTICULAB_SOURCE_DIR) + "/scenes/" + file, overrides);
}

struct ShippedScene {
  std::string file;
  int dof;
};

// si-guenter Table 1: TC10 38, TC20 78, WM 73 DOF.
const std::vector<ShippedScene>& shippedScenes() {
  static const std::vector<ShippedScene> scenes = {
      {"torus_chain_10.json", 38}, {"torus_chain_20.json", 78}, {"windmill.json", 73}};
  return scenes;
}

TEST(SurfaceJointScenes, DegreesOfFreedomMatchThePaper) {
  for (const ShippedScene& scene : shippedScenes()) EXPECT_EQ(loadShipped(scene.file).nq, scene.dof) << scene.file;
}

// Small random offsets from the scene's q0 (contact points stay off the poles), random qdot.
State perturbedState(const Model& model) {
  State state = makeInitialState(model);
  state.q += test::randomVector(model.nq, 0.3);
  state.qd = test::randomVector(model.nq, 1.0);
  return state;
}

// The same check in the world, through the loaded scenes' joint frames E_pj and E_jc.
TEST(SurfaceJointScenes, ContactPointsCoincideInTheWorld) {
  for (const ShippedScene& scene : shippedScenes()) {
    const Model model = loadShipped(scene.file);
    const State state = perturbedState(model);
    TreeKinematics kin(model);
    computeKinematics(model, state.q, state.qd, kin);
    int checked = 0;
    for (const Joint& joint : model.joints) {
      const auto* surface = dynamic_cast<const SurfaceSurfaceJoint*>(joint.general.get());
      if (!surface) continue;
      const double* q = state.q.data() + joint.qIndex;
      const Matrix4 parentSide = (joint.parent < 0 ? Matrix4::Identity() : kin.bodies[joint.parent].worldPose()) * joint.E_pj;
      const Matrix4 childSide = kin.bodies[joint.child].worldPose() * se3::inverse(joint.E_jc);
      const Vector3 xp = pointOn(surface->parentSurface(), q[0], q[1]);
      const Vector3 xc = pointOn(surface->childSurface(), q[2], q[3]);
      EXPECT_LT((transformPoint(parentSide, xp) - transformPoint(childSide, xc)).norm(), 1e-12) << joint.name;
      const Vector3 np = parentSide.topLeftCorner<3, 3>() * outwardNormal(surface->parentSurface(), xp);
      const Vector3 nc = childSide.topLeftCorner<3, 3>() * outwardNormal(surface->childSurface(), xc);
      EXPECT_LT((np + nc).norm(), 1e-12) << joint.name;
      ++checked;
    }
    EXPECT_EQ(checked, (scene.dof - (scene.file == "windmill.json" ? 1 : 2)) / 4) << scene.file;
  }
}

// The app draws the bodies' shapes: every joint surface must be its body's shape, in place.
bool shapeIsSurface(const Body& body, const ParametricSurface& s, const Matrix4& E_bs) {
  if (body.shapes.size() != 1) return false;
  const ShapeDims& d = body.shapes.front().dims;
  const Matrix4 E = se3::inverse(body.shapes.front().E_bs) * E_bs;  // surface frame in the shape frame
  const bool centred = E.topRightCorner<3, 1>().norm() < 1e-12;
  const bool aligned = (E.topLeftCorner<3, 3>() - Matrix3::Identity()).norm() < 1e-12;
  switch (s.type) {
    case SurfaceType::Sphere: return d.type == ShapeType::Sphere && d.size.x() == s.radii.x() && centred;
    case SurfaceType::Ellipsoid: return d.type == ShapeType::Ellipsoid && d.size == s.radii && centred && aligned;
    case SurfaceType::Torus:
      return d.type == ShapeType::Torus && d.size.x() == s.major && d.size.y() == s.minor && centred && aligned;
  }
  return false;
}

TEST(SurfaceJointScenes, SurfacesAreTheDrawnShapes) {
  for (const ShippedScene& scene : shippedScenes()) {
    const Model model = loadShipped(scene.file);
    for (const Joint& joint : model.joints) {
      const auto* surface = dynamic_cast<const SurfaceSurfaceJoint*>(joint.general.get());
      if (!surface) continue;
      EXPECT_TRUE(shapeIsSurface(model.bodies[joint.parent], surface->parentSurface(), joint.E_pj)) << joint.name;
      EXPECT_TRUE(shapeIsSurface(model.bodies[joint.child], surface->childSurface(), se3::inverse(joint.E_jc)))
          << joint.name;
    }
  }
}

// Equator to equator (the windmill's arms): twist pi and q0 = (0, 0, pi, 0) put the child on the
// parent's +x axis, its axes parallel to the parent's, the two x-extents apart.
TEST(SurfaceJoint, EquatorToEquatorLinesBodiesUpAlongX) {
  auto extent = [](const ParametricSurface& s) { return s.type == SurfaceType::Torus ? s.major + s.minor : s.radii.x(); };
  for (const ParametricSurface& parent : surfaces())
    for (const ParametricSurface& child : surfaces()) {
      const SurfaceSurfaceJoint joint(parent, child, pi);
      const Matrix4 Q = joint.transform(Vector4(0, 0, pi, 0).data());
      EXPECT_LT((Q.topLeftCorner<3, 3>() - Matrix3::Identity()).norm(), 1e-15) << pairName(joint);
      EXPECT_LT((Q.topRightCorner<3, 1>() - Vector3(extent(parent) + extent(child), 0, 0)).norm(), 1e-15)
          << pairName(joint);
    }
}

// The interlocked hanging pair of the torus chains: q0 = (-pi/2, pi, pi/2, pi) with twist pi/2
// puts the child centre 2 (R - r) below the parent's (parent -y) with perpendicular rings.
TEST(SurfaceJointScenes, InterlockedTorusHangsStraightBelowItsParent) {
  const double R = 0.1, r = 0.025;
  const SurfaceSurfaceJoint joint(ParametricSurface::torus(R, r), ParametricSurface::torus(R, r), pi / 2);
  const Vector4 q(-pi / 2, pi, pi / 2, pi);
  const Matrix4 Q = joint.transform(q.data());
  EXPECT_LT((Q.topRightCorner<3, 1>() - Vector3(0, -2 * (R - r), 0)).norm(), 1e-15);
  EXPECT_LT(std::abs(Q.col(2).head<3>().dot(Vector3::UnitZ())), 1e-15);  // ring axes perpendicular
  EXPECT_LT(std::abs(Q.col(2).head<3>().dot(Vector3::UnitY())), 1e-15);  // child ring plane holds the vertical
}

TEST(SurfaceJointScenes, RecursiveAndRedMaxAccelerationsAgree) {
  for (const ShippedScene& scene : shippedScenes()) {
    const Model model = loadShipped(scene.file);
    auto redmax = findBackend("redmax")->create(model, SolverOptions{});
    auto recursive = findBackend("recursive")->create(model, SolverOptions{});
    for (int trial = 0; trial < 3; ++trial) {
      const State state = trial == 0 ? makeInitialState(model) : perturbedState(model);
      VectorX expected(model.nq), actual(model.nq);
      redmax->forwardDynamics(model, state, expected);
      recursive->forwardDynamics(model, state, actual);
      EXPECT_LT((actual - expected).norm(), 1e-9 * expected.norm()) << scene.file << " trial " << trial;
    }
  }
}

// RK4 at h = 1e-4 for 0.2 s, gravity only (the windmill's joint damping set to 0): the total
// energy changes by less than 1e-9 of the kinetic energy the scene gains.
TEST(SurfaceJointScenes, RK4ConservesEnergy) {
  ARTICULAB_SKIP_LONG_RUN_UNDER_SANITIZERS();
  for (const std::string file : {"torus_chain_10.json", "windmill.json"}) {
    const Model model = loadShipped(file, file == "windmill.json" ? ParameterOverrides{{"damping", 0.0}} : ParameterOverrides{});
    State state = makeInitialState(model);
    auto solver = findBackend("recursive")->create(model, test::sceneOptions("recursive", model, Integrator::RK4));
    const double initial = computeEnergy(model, state).total();
    const double h = 1e-4;
    for (int step = 0; step < 2000; ++step) ASSERT_TRUE(solver->step(model, state, h).ok) << file;
    const EnergyReport final = computeEnergy(model, state);
    EXPECT_GT(final.kinetic, 1e-3) << file;  // the scene really moves
    EXPECT_LT(std::abs(final.total() - initial), 1e-9 * final.kinetic) << file;
  }
}

// A scene with one surface joint between the world and a ball.
std::string surfaceScene(const std::string& parentSurface, const std::string& childSurface, const std::string& q0,
                         const std::string& extra = "") {
  return R"({"gravity": [0, 0, 0], "bodies": [{"name": "ball", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}}],
             "joints": [{"name": "contact", "type": "surface_surface", "parent": "world", "child": "ball",
                         "parent_surface": )" +
         parentSurface + R"(, "child_surface": )" + childSurface + R"(, "q0": )" + q0 + extra + "}]}";
}

const char* kSphere = R"({"type": "sphere", "radius": 0.1})";

// The JSON pointer of the error loading this text, or "" when it loads.
std::string errorPointer(const std::string& text, std::string* message = nullptr) {
  try {
    loadSceneFromString(text, "test.json");
  } catch (const SceneError& error) {
    if (message) *message = error.message();
    return error.pointer();
  }
  return "";
}

TEST(SurfaceJointScenes, LoaderNamesTheBadField) {
  const std::string q0 = "[0, 0, 0, 0]";
  EXPECT_EQ(errorPointer(surfaceScene(kSphere, kSphere, q0)), "");
  std::string message;
  EXPECT_EQ(errorPointer(surfaceScene(R"({"type": "cone", "radius": 1})", kSphere, q0), &message),
            "/joints/0/parent_surface/type");
  EXPECT_NE(message.find("sphere, ellipsoid, torus"), std::string::npos) << message;
  EXPECT_EQ(errorPointer(surfaceScene(kSphere, R"({"type": "torus", "major": 0.1, "minor": 0.1})", q0), &message),
            "/joints/0/child_surface/minor");
  EXPECT_NE(message.find("minor < major"), std::string::npos) << message;
  EXPECT_EQ(errorPointer(surfaceScene(R"({"type": "sphere", "radius": 0})", kSphere, q0)),
            "/joints/0/parent_surface/radius");
  EXPECT_EQ(errorPointer(surfaceScene(kSphere, R"({"type": "ellipsoid", "radii": [1, -2, 1]})", q0)),
            "/joints/0/child_surface/radii/1");
  EXPECT_EQ(errorPointer(surfaceScene(kSphere, R"({"type": "ellipsoid", "radii": [1, 2]})", q0)),
            "/joints/0/child_surface/radii");
  EXPECT_EQ(errorPointer(surfaceScene(kSphere, R"({"type": "torus", "major": 1, "radius": 0.1})", q0)),
            "/joints/0/child_surface/radius");
  EXPECT_EQ(errorPointer(surfaceScene(kSphere, kSphere, q0, R"(, "twist": "x")")), "/joints/0/twist");
  EXPECT_EQ(errorPointer(surfaceScene(kSphere, kSphere, q0, R"(, "axis": [0, 0, 1])")), "/joints/0/axis");
  EXPECT_EQ(errorPointer(surfaceScene(kSphere, kSphere, "[0, 0, 0]")), "/joints/0/q0");
  EXPECT_EQ(errorPointer(surfaceScene(kSphere, kSphere, "[0, 1.5704, 0, 0]"), &message), "/joints/0/q0");
  EXPECT_NE(message.find("v_parent = 1.5704"), std::string::npos) << message;
  EXPECT_NE(message.find("pole"), std::string::npos) << message;
}

TEST(SurfaceJoint, CheckCoordinatesReportsPolesAndNaN) {
  const SurfaceSurfaceJoint joint(ParametricSurface::ellipsoid(0.3, 0.2, 0.1), ParametricSurface::torus(0.5, 0.1), 0.0);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double nearPole = pi / 2 - 0.5 * kPoleMargin, safe = pi / 2 - 2 * kPoleMargin;
  EXPECT_EQ(joint.checkCoordinates(Vector4(7.0, safe, 100.0, 3.0).data()), "");
  EXPECT_EQ(joint.checkCoordinates(Vector4(0.0, -safe, 0.0, -20.0).data()), "");  // torus: v periodic
  EXPECT_NE(joint.checkCoordinates(Vector4(0.0, nearPole, 0.0, 0.0).data()).find("north pole"), std::string::npos);
  EXPECT_NE(joint.checkCoordinates(Vector4(0.0, -nearPole, 0.0, 0.0).data()).find("south pole"), std::string::npos);
  EXPECT_NE(joint.checkCoordinates(Vector4(0.0, 2.0, 0.0, 0.0).data()).find("v_parent = 2"), std::string::npos);
  EXPECT_NE(joint.checkCoordinates(Vector4(nan, 0.0, 0.0, 0.0).data()).find("u_parent = nan is not finite"),
            std::string::npos);
  EXPECT_NE(joint.checkCoordinates(Vector4(0.0, 0.0, 0.0, nan).data()).find("v_child"), std::string::npos);
}

// A ball sliding over the world sphere towards its north pole: the step that brings the
// contact point within kPoleMargin of the pole fails and names the joint and the pole.
TEST(SurfaceJoint, SolversStopWhenAContactPointReachesAPole) {
  const Model model = loadSceneFromString(surfaceScene(R"({"type": "sphere", "radius": 0.3})", kSphere,
                                                       "[0, 1.55, 3.141592653589793, 0]", R"(, "qd0": [0, 1, 0, 0])"),
                                          "pole.json");
  for (const char* backend : {"redmax", "recursive"}) {
    auto solver = findBackend(backend)->create(model, SolverOptions{});
    State state = makeInitialState(model);
    StepStatus status;
    int steps = 0;
    while (status.ok && steps < 200) status = solver->step(model, state, 1e-3), ++steps;
    ASSERT_FALSE(status.ok) << backend;
    EXPECT_NE(status.message.find("joint 'contact' (surface_surface)"), std::string::npos) << status.message;
    EXPECT_NE(status.message.find("north pole"), std::string::npos) << status.message;
    EXPECT_GT(steps, 10) << backend;  // 0.02 rad at about 1 rad/s
  }
}

}  // namespace
}  // namespace articulab
