// The URDF and MJCF importers against MuJoCo 2.2.2 reading the same files (mujoco_oracle.hpp):
// masses, every body's inertia about its centre, body poses and forward dynamics at random
// (q, qd) on every back-end that runs the model; the round trip import -> scene file -> load;
// the import report and the errors.
#include <gtest/gtest.h>

#include <Eigen/LU>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>

#include "engine/algorithm/initial_state.hpp"
#include "engine/algorithm/kinematics.hpp"
#include "engine/diagnostics/drift.hpp"
#include "engine/io/model_difference.hpp"
#include "engine/io/model_loader.hpp"
#include "engine/io/scene_writer.hpp"
#include "engine/run/run.hpp"
#include "engine/solvers/registry.hpp"
#include "tests/engine/io/import/mujoco_oracle.hpp"

namespace articulab {
namespace {

const std::string kData = ARTICULAB_SOURCE_DIR "/tests/engine/io/import/data/";

std::mt19937& generator() {
  static std::mt19937 g(20261128);
  return g;
}
double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(generator()); }

Model load(const std::string& file) {
  ImportOptions options;
  options.packagePaths = {kData};
  return loadModel(kData + file, {}, options);
}

// The inertia of body b about its centre of mass, body axes (from M, eq 1.26).
Matrix3 centralInertia(const Body& body) {
  const Vector3 c = body.com;
  return body.M.topLeftCorner<3, 3>() - body.mass * (c.squaredNorm() * Matrix3::Identity() - c * c.transpose());
}

// MuJoCo's body inertia about its centre in the body's axes: R(iquat) diag(inertia) R^T.
Matrix3 mujocoCentralInertia(const mjModel* m, int b) {
  const double* q = m->body_iquat + 4 * b;
  const Matrix3 R = Eigen::Quaterniond(q[0], q[1], q[2], q[3]).toRotationMatrix();
  return R * Vector3(m->body_inertia[3 * b], m->body_inertia[3 * b + 1], m->body_inertia[3 * b + 2]).asDiagonal() *
         R.transpose();
}

// Every body: mass, centre of mass and central inertia as MuJoCo compiles them; total mass.
void expectMassProperties(const Model& model, const test::MujocoModel& mj) {
  double total = 0.0;
  for (const Body& body : model.bodies) {
    total += body.mass;
    const int b = mj_name2id(mj.m, mjOBJ_BODY, body.name.c_str());
    if (b <= 0) {  // a body welded to the world: MuJoCo fuses it into the world
      EXPECT_EQ(model.joints[&body - model.bodies.data()].type, JointType::Fixed) << body.name;
      continue;
    }
    EXPECT_NEAR(body.mass, mj.m->body_mass[b], 1e-12 * body.mass) << body.name;
    EXPECT_LT((body.com - Eigen::Map<const Vector3>(mj.m->body_ipos + 3 * b)).norm(), 1e-12) << body.name;
    const Matrix3 I = centralInertia(body), Imj = mujocoCentralInertia(mj.m, b);
    // MuJoCo diagonalizes a full tensor to about 1e-7 (mujoco_oracle.hpp); exact for diagonal ones
    EXPECT_LT((I - Imj).norm(), 1e-6 * Imj.norm()) << body.name << "\n" << I << "\nMuJoCo\n" << Imj;
  }
  double mjTotal = 0.0;
  for (int b = 1; b < mj.m->nbody; ++b) mjTotal += mj.m->body_mass[b];
  double welded = 0.0;
  for (int i = 0; i < model.bodyCount(); ++i)
    if (mj_name2id(mj.m, mjOBJ_BODY, model.bodies[i].name.c_str()) <= 0) welded += model.bodies[i].mass;
  EXPECT_NEAR(total - welded, mjTotal, 1e-12 * mjTotal);
}

// Random coordinates inside the limits (and small rotation vectors), random velocities.
void randomState(const Model& model, VectorX& q, VectorX& qd) {
  q = model.q0;
  qd = VectorX(model.nq);
  for (const Joint& joint : model.joints)
    for (int k = 0; k < joint.nq; ++k) {
      const int i = joint.qIndex + k;
      q[i] = joint.hasLimits ? uniform(joint.lower[k], joint.upper[k]) : q[i] + uniform(-1.0, 1.0);
      qd[i] = uniform(-2.0, 2.0);
    }
}

// MuJoCo's forward dynamics without constraints, contacts or actuators.
VectorX mujocoAccelerations(const Model& model, const VectorX& q, const VectorX& qd, const test::MujocoModel& mj) {
  mj.m->opt.disableflags |= mjDSBL_CONSTRAINT | mjDSBL_ACTUATION | mjDSBL_CONTACT;
  test::toMujocoState(model, q, qd, mj);
  mj_forward(mj.m, mj.d);
  return Eigen::Map<const VectorX>(mj.d->qacc, mj.m->nv);
}

// Body poses at q against MuJoCo's xpos, xmat.
void expectPoses(const Model& model, const VectorX& q, const test::MujocoModel& mj) {
  TreeKinematics kin(model);
  computeKinematics(model, q, VectorX::Zero(model.nq), kin);
  for (int i = 0; i < model.bodyCount(); ++i) {
    const int b = mj_name2id(mj.m, mjOBJ_BODY, model.bodies[i].name.c_str());
    if (b <= 0) continue;
    const Eigen::Map<const Eigen::Matrix<double, 3, 3, Eigen::RowMajor>> R(mj.d->xmat + 9 * b);
    EXPECT_LT((kin.bodies[i].p_0i - Eigen::Map<const Vector3>(mj.d->xpos + 3 * b)).norm(), 1e-12) << model.bodies[i].name;
    EXPECT_LT((kin.bodies[i].R_0i - Matrix3(R)).norm(), 1e-12) << model.bodies[i].name;
  }
}

// Forward dynamics at random states on every back-end that runs the model, to 1e-9 relative;
// returns the back-ends that ran.
std::vector<std::string> expectForwardDynamics(const std::shared_ptr<const Model>& model, const test::MujocoModel& mj) {
  std::vector<std::string> ran;
  test::useOurInertias(*model, mj);
  for (int trial = 0; trial < 3; ++trial) {
    VectorX q, qd;
    randomState(*model, q, qd);
    const VectorX expected = mujocoAccelerations(*model, q, qd, mj);
    expectPoses(*model, q, mj);
    for (const BackendInfo& backend : backends()) {
      RunRequest request;
      request.backend = backend.name;
      request.q0.assign(q.data(), q.data() + q.size());
      request.qd0.assign(qd.data(), qd.data() + qd.size());
      std::unique_ptr<Run> run;
      try {
        run = std::make_unique<Run>(model, request);
      } catch (const RunRefusal&) {
        continue;
      }
      if (trial == 0) ran.push_back(backend.name);
      const VectorX qdd = test::toMujocoAcceleration(*model, q, qd, run->forwardDynamics(), mj);
      EXPECT_LT((qdd - expected).lpNorm<Eigen::Infinity>(), 1e-9 * expected.lpNorm<Eigen::Infinity>())
          << backend.name << "\nours   " << qdd.transpose() << "\nMuJoCo " << expected.transpose();
    }
  }
  return ran;
}

// import -> scene file -> load gives the same model.
void expectRoundTrip(const Model& model) {
  const WrittenScene written = writeScene(model);
  ASSERT_EQ(written.error, "");
  const Model reloaded = loadSceneFromString(written.text, model.sourceFile + ".json");
  EXPECT_EQ(modelDifference(model, reloaded), "");
}

bool reportHas(const Model& model, const std::string& a, const std::string& b = "") {
  for (const std::string& line : model.importReport)
    if (line.find(a) != std::string::npos && line.find(b) != std::string::npos) return true;
  return false;
}

TEST(UrdfImport, Ur5LikeArmMatchesMujoco) {
  const auto model = std::make_shared<const Model>(load("ur5_like/ur5_like.urdf"));
  test::MujocoModel mj(kData + "ur5_like/ur5_like.urdf");
  ASSERT_TRUE(mj.m) << mj.error;
  EXPECT_EQ(model->nq, 6);
  // base welded to the world, six moving links; ee_link and tool0 merged into wrist_3_link
  ASSERT_EQ(model->bodyCount(), 7);
  EXPECT_EQ(model->bodies[6].name, "wrist_3_link");
  double fileMass = 4.0 + 3.7 + 8.393 + 2.275 + 1.219 + 1.219 + 0.1879 + 0.5;
  double total = 0.0;
  for (const Body& body : model->bodies) total += body.mass;
  EXPECT_NEAR(total, fileMass, 1e-12 * fileMass);
  expectMassProperties(*model, mj);
  // upper_arm_link's tensor with products of inertia, as the file gives it (centre at its origin)
  Matrix3 upperArm;
  upperArm << 0.226890766667, 0.0012, -0.0021, 0.0012, 0.226890766667, 0.0007, -0.0021, 0.0007, 0.0151074;
  EXPECT_LT((centralInertia(model->bodies[2]) - upperArm).norm(), 1e-14 * upperArm.norm());
  EXPECT_LT((model->bodies[2].com - Vector3(0, 0, 0.28)).norm(), 1e-15);
  const std::vector<std::string> ran = expectForwardDynamics(model, mj);
  EXPECT_GE(ran.size(), 3u);
  expectRoundTrip(*model);
  // the base's visual mesh found through the package path, the transmission reported
  EXPECT_EQ(model->bodies[0].shapes[0].dims.type, ShapeType::Mesh);
  EXPECT_TRUE(reportHas(*model, "ur5_like.urdf:", "<transmission name=\"shoulder_pan_trans\">"));
  EXPECT_TRUE(reportHas(*model, "<limit>", "effort and velocity limits not imported"));
}

TEST(UrdfImport, FixedJointMergeCombinesInertiaExactly) {
  // wrist_3_link + tool0 by hand: parallel axis theorem about the combined centre
  const Model model = load("ur5_like/ur5_like.urdf");
  const Body& wrist = model.bodies[6];
  const double m1 = 0.1879, m2 = 0.5;
  // tool0's frame in wrist_3: ee (0 0.0823 0, yaw pi/2) then (0.01 0 0, roll 0.2)
  const Matrix3 Ree = Eigen::AngleAxisd(1.570796325, Vector3::UnitZ()).toRotationMatrix();
  const Matrix3 Rtool = Ree * Eigen::AngleAxisd(0.2, Vector3::UnitX()).toRotationMatrix();
  const Vector3 pTool = Vector3(0, 0.0823, 0) + Ree * Vector3(0.01, 0, 0);
  const Matrix3 Rin = (Eigen::AngleAxisd(0.1, Vector3::UnitZ()) * Eigen::AngleAxisd(0.2, Vector3::UnitY()) *
                       Eigen::AngleAxisd(0.3, Vector3::UnitX())).toRotationMatrix();
  const Vector3 c2 = pTool + Rtool * Vector3(0.02, 0.01, 0.03);
  const Matrix3 I2 = Rtool * Rin * Vector3(0.001, 0.0012, 0.0008).asDiagonal() * Rin.transpose() * Rtool.transpose();
  const double r = 0.0375, L = 0.0345;
  const Matrix3 I1 = Vector3(m1 * (3 * r * r + L * L) / 12, m1 * (3 * r * r + L * L) / 12, m1 * r * r / 2).asDiagonal();
  const Vector3 c = m2 * c2 / (m1 + m2);
  const auto shift = [](double m, const Vector3& d) { return Matrix3(m * (d.squaredNorm() * Matrix3::Identity() - d * d.transpose())); };
  const Matrix3 expected = I1 + shift(m1, -c) + I2 + shift(m2, c2 - c);
  EXPECT_NEAR(wrist.mass, m1 + m2, 1e-15);
  EXPECT_LT((wrist.com - c).norm(), 1e-15);
  EXPECT_LT((centralInertia(wrist) - expected).norm(), 1e-13 * expected.norm());
}

TEST(UrdfImport, FloatingRootFlagFreesTheBase) {
  ImportOptions options;
  options.packagePaths = {kData};
  options.floatingRoot = true;
  const Model model = loadModel(kData + "ur5_like/ur5_like.urdf", {}, options);
  EXPECT_EQ(model.joints[0].type, JointType::Free3D);
  EXPECT_EQ(model.nq, 12);
}

TEST(UrdfImport, MissingMeshesFallBackAndAreReported) {
  const Model model = load("missing_meshes.urdf");
  ASSERT_EQ(model.bodyCount(), 2);  // the "world" link is the world
  // link1: its collision box drawn; link2: the box of its inertia
  ASSERT_EQ(model.bodies[0].shapes.size(), 1u);
  EXPECT_EQ(model.bodies[0].shapes[0].role, ShapeRole::Both);
  EXPECT_EQ(model.bodies[0].shapes[0].dims.type, ShapeType::Box);
  ASSERT_EQ(model.bodies[1].shapes.size(), 1u);
  EXPECT_EQ(model.bodies[1].shapes[0].role, ShapeRole::Visual);
  // the box of link2's inertia: as a box of mass 0.5, the link's inertia (0.002, 0.002, 0.0002) at its centre
  const BodyShape& box = model.bodies[1].shapes[0];
  const Matrix3 R = box.E_bs.topLeftCorner<3, 3>();
  const Matrix3 boxInertia = R * centralSpatialInertia(box.dims, 0.5).topLeftCorner<3, 3>() * R.transpose();
  EXPECT_LT((boxInertia - Vector3(0.002, 0.002, 0.0002).asDiagonal().toDenseMatrix()).norm(), 1e-15);
  EXPECT_LT((box.E_bs.topRightCorner<3, 1>() - Vector3(0, 0, -0.1)).norm(), 1e-15);
  EXPECT_TRUE(reportHas(model, "missing_meshes.urdf:9: <mesh>", "package://nowhere/meshes/link1.dae"));
  EXPECT_TRUE(reportHas(model, "missing_meshes.urdf:7: <link name=\"link1\">", "collision shapes"));
  EXPECT_TRUE(reportHas(model, "missing_meshes.urdf:12: <link name=\"link2\">", "box of its inertia"));
  EXPECT_TRUE(reportHas(model, "<mimic>", "shoulder"));
  EXPECT_TRUE(reportHas(model, "<transmission name=\"elbow_transmission\">"));
  EXPECT_TRUE(reportHas(model, "<gazebo>"));
  EXPECT_EQ(model.joints[0].friction.loss, 0.05);
  EXPECT_EQ(model.joints[0].damping, 0.1);
  expectRoundTrip(model);
}

TEST(MjcfImport, QuadrupedMatchesMujoco) {
  const auto model = std::make_shared<const Model>(load("quadruped.xml"));
  test::MujocoModel mj(kData + "quadruped.xml");
  ASSERT_TRUE(mj.m) << mj.error;
  EXPECT_EQ(model->nq, 6 + 12);
  EXPECT_TRUE(model->groundContact);
  EXPECT_NEAR(model->groundFriction, 0.9, 0.0);
  // the initial pose is MuJoCo's qpos0
  mj_resetData(mj.m, mj.d);
  VectorX zero = VectorX::Zero(model->nq);
  test::toMujocoState(*model, model->q0, zero, mj);
  for (int k = 0; k < mj.m->nq; ++k) EXPECT_NEAR(mj.d->qpos[k], mj.m->qpos0[k], 1e-15) << k;
  expectMassProperties(*model, mj);
  // the torso's fullinertia as the file gives it (its geoms carry no mass: it has an <inertial>)
  Matrix3 torso;
  torso << 0.04, 0.001, -0.002, 0.001, 0.2, 0.0005, -0.002, 0.0005, 0.22;
  EXPECT_NEAR(model->bodies[0].mass, 9.0, 1e-15);
  EXPECT_LT((centralInertia(model->bodies[0]) - torso).norm(), 1e-14 * torso.norm());
  EXPECT_LT((model->bodies[0].com - Vector3(0.01, 0, 0)).norm(), 1e-15);
  expectForwardDynamics(model, mj);
  expectRoundTrip(*model);
  // the keyframe: the same pose as MuJoCo's from its qpos
  ASSERT_EQ(model->keyframes.size(), 1u);
  test::toMujocoState(*model, model->keyframes[0].q, model->keyframes[0].qd, mj);
  for (int k = 0; k < mj.m->nq; ++k) EXPECT_NEAR(mj.d->qpos[k], mj.m->key_qpos[k], 1e-7) << k;
  for (int k = 0; k < mj.m->nv; ++k) EXPECT_NEAR(mj.d->qvel[k], mj.m->key_qvel[k], 1e-12) << k;
  // what is not imported
  for (const char* name : {"<fixed name=\"knees\">", "<motor name=\"fl_knee_motor\">", "<position name=\"fr_knee_servo\">",
                           "<jointpos name=\"fl_knee_angle\">"})
    EXPECT_TRUE(reportHas(*model, "quadruped.xml:", name)) << name;
}

TEST(MjcfImport, ComposedJointsBallAndSpringsMatchMujoco) {
  const auto model = std::make_shared<const Model>(load("composed.xml"));
  test::MujocoModel mj(kData + "composed.xml");
  ASSERT_TRUE(mj.m) << mj.error;
  ASSERT_EQ(model->bodyCount(), 3);
  EXPECT_EQ(model->joints[0].type, JointType::Composite);
  EXPECT_EQ(model->joints[0].name, "gx+gy+gz");
  EXPECT_EQ(model->joints[1].type, JointType::SphericalExp);
  EXPECT_EQ(model->joints[2].stiffness, 40.0);
  expectMassProperties(*model, mj);
  expectForwardDynamics(model, mj);
  expectRoundTrip(*model);
}

// Joint armature (rotor inertia) from defaults, a class and the joints' own attributes, on
// hinges, a slide and a composed body: MuJoCo's dof_armature and its accelerations, on the
// back-ends that declare armature; the others refuse the model.
TEST(MjcfImport, ArmatureMatchesMujoco) {
  const auto model = std::make_shared<const Model>(load("armature.xml"));
  test::MujocoModel mj(kData + "armature.xml");
  ASSERT_TRUE(mj.m) << mj.error;
  ASSERT_EQ(model->nq, mj.m->nv);
  for (const Joint& joint : model->joints)
    for (int k = 0; k < joint.nq; ++k) EXPECT_EQ(joint.armature, mj.m->dof_armature[joint.qIndex + k]) << joint.name;
  EXPECT_EQ(model->joints[1].armature, 0.005);
  EXPECT_FALSE(reportHas(*model, "armature"));
  expectMassProperties(*model, mj);
  EXPECT_EQ(expectForwardDynamics(model, mj), (std::vector<std::string>{"redmax", "recursive", "variational-minimal"}));
  expectRoundTrip(*model);
}

// Armature on hinges and a slide that are each their body's only joint: the maximal back-ends' rotors
// too (armature.xml composes two hinges in one body, a joint they have no row form for).
TEST(MjcfImport, ArmatureOnSingleJointsMatchesMujocoOnEveryBackEndWithIt) {
  const auto model = std::make_shared<const Model>(load("armature_hinges.xml"));
  test::MujocoModel mj(kData + "armature_hinges.xml");
  ASSERT_TRUE(mj.m) << mj.error;
  ASSERT_EQ(model->nq, mj.m->nv);
  for (const Joint& joint : model->joints) EXPECT_EQ(joint.armature, mj.m->dof_armature[joint.qIndex]) << joint.name;
  EXPECT_EQ(expectForwardDynamics(model, mj),
            (std::vector<std::string>{"redmax", "recursive", "baraff", "variational-maximal", "variational-minimal"}));
}

// The four-bar closed by a connect equality against the KKT system by hand: M and the bias of
// MuJoCo's open tree, the closure's J and Jdot qd of the planar linkage in closed form.
TEST(MjcfImport, ClosedChainMatchesKktByHand) {
  const auto model = std::make_shared<const Model>(load("four_bar.xml"));
  test::MujocoModel mj(kData + "four_bar.xml");
  ASSERT_TRUE(mj.m) << mj.error;
  ASSERT_EQ(model->loops.size(), 1u);
  EXPECT_TRUE(reportHas(*model, "<weld name=\"unused_weld\">", "not imported"));
  expectMassProperties(*model, mj);
  int ran = 0;
  for (int trial = 0; trial < 3; ++trial) {
    const double theta = uniform(-0.8, 0.8);  // the parallelogram family keeps the loop closed
    const Vector3 q(theta, -theta, theta);
    // the coupler's tip R(q1) (0,0,0.2) + R(q1+q2) (0.4,0,0) minus the rocker's (0.4,0,0) + R(q3) (0,0,0.2),
    // R(t) about y: (x, z) -> (x cos t + z sin t, -x sin t + z cos t); rows x and z
    const double a = 0.2, b = 0.4, s1 = std::sin(q[0]), c1 = std::cos(q[0]), s12 = std::sin(q[0] + q[1]),
                 c12 = std::cos(q[0] + q[1]), s3 = std::sin(q[2]), c3 = std::cos(q[2]);
    Eigen::Matrix<double, 2, 3> J;
    J << a * c1 - b * s12, -b * s12, -a * c3,  //
        -a * s1 - b * c12, -b * c12, a * s3;
    // qd in the null space of J
    const Vector3 null = J.fullPivLu().kernel().col(0).normalized();
    const Vector3 qd = uniform(-2.0, 2.0) * null;
    const double w1 = qd[0], w12 = qd[0] + qd[1], w3 = qd[2];
    const Eigen::Vector2d Jdotqd(-a * s1 * w1 * w1 - b * c12 * w12 * w12 + a * s3 * w3 * w3,
                                 -a * c1 * w1 * w1 + b * s12 * w12 * w12 + a * c3 * w3 * w3);
    const VectorX free = mujocoAccelerations(*model, q, qd, mj);
    MatrixX M(3, 3);
    mj_fullM(mj.m, M.data(), mj.d->qM);  // symmetric: row or column order alike
    const VectorX tau = M * free;
    MatrixX K = MatrixX::Zero(5, 5);
    K.topLeftCorner(3, 3) = M;
    K.topRightCorner(3, 2) = J.transpose();
    K.bottomLeftCorner(2, 3) = J;
    VectorX rhs(5);
    rhs << tau, -Jdotqd;
    const VectorX expected = K.fullPivLu().solve(rhs).head(3);
    for (const char* backend : {"redmax", "baraff"}) {
      RunRequest request;
      request.backend = backend;
      request.q0 = {q[0], q[1], q[2]};
      request.qd0 = {qd[0], qd[1], qd[2]};
      articulab::Run run(model, request);
      const VectorX qdd = run.forwardDynamics();
      EXPECT_LT((qdd - expected).lpNorm<Eigen::Infinity>(), 1e-9 * expected.lpNorm<Eigen::Infinity>())
          << backend << "\nours " << qdd.transpose() << "\nKKT  " << expected.transpose();
      ++ran;
    }
  }
  EXPECT_EQ(ran, 6);
  expectRoundTrip(*model);
}

// ---- errors name the file, the line and the element

std::string writeTemporary(const std::string& name, const std::string& text) {
  const std::string path = (std::filesystem::temp_directory_path() / name).string();
  std::ofstream(path) << text;
  return path;
}

std::string loadError(const std::string& path) {
  try {
    loadModel(path);
  } catch (const SceneError& e) {
    return e.what();
  }
  return "";
}

// A spatial chain closed by a weld equality (relpose, anchor): the weld holds at qpos0 and gives
// the same loop as MuJoCo's default relpose (the relative pose at qpos0); at rest the forward
// dynamics of every loop back-end solve the KKT system with MuJoCo's M, bias forces and weld
// Jacobian efc_J (its 6 rows span ours where the weld holds); the closure holds over a run.
TEST(MjcfImport, WeldClosedChainMatchesMujocoKkt) {
  const auto model = std::make_shared<const Model>(load("weld_chain.xml"));
  test::MujocoModel mj(kData + "weld_chain.xml");
  ASSERT_TRUE(mj.m) << mj.error;
  ASSERT_EQ(model->loops.size(), 1u);
  EXPECT_EQ(model->loops[0].type, LoopType::Weld);
  EXPECT_FALSE(reportHas(*model, "weld"));
  expectMassProperties(*model, mj);
  const State start = makeInitialState(*model);
  const ConstraintDrift atStart = loopDrift(*model, start, 0);
  EXPECT_LT(atStart.position, 1e-12);
  EXPECT_LT(atStart.rotation, 1e-12);
  {  // without relpose: the relative pose at qpos0, the same loop
    std::ifstream in(kData + "weld_chain.xml");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::size_t at = text.find("relpose=");
    ASSERT_NE(at, std::string::npos);
    text.erase(at, text.find('"', text.find('"', at) + 1) + 1 - at);
    const std::string path = (std::filesystem::temp_directory_path() / "articulab_weld_chain_default.xml").string();
    std::ofstream(path) << text;
    const Model byDefault = loadModel(path, {}, ImportOptions{});
    std::filesystem::remove(path);
    ASSERT_EQ(byDefault.loops.size(), 1u);
    EXPECT_LT((byDefault.loops[0].E_aA - model->loops[0].E_aA).norm(), 1e-12);
    EXPECT_LT((byDefault.loops[0].E_bB - model->loops[0].E_bB).norm(), 1e-12);
  }
  test::useOurInertias(*model, mj);
  const VectorX q = model->q0, qd = VectorX::Zero(model->nq);
  mj.m->opt.jacobian = mjJAC_DENSE;
  mj.m->opt.disableflags = mjDSBL_ACTUATION | mjDSBL_CONTACT;  // the weld's rows in efc_J
  test::toMujocoState(*model, q, qd, mj);
  mj_forward(mj.m, mj.d);
  const int nv = mj.m->nv;
  ASSERT_EQ(mj.d->nefc, 6);
  MatrixX M(nv, nv);
  mj_fullM(mj.m, M.data(), mj.d->qM);  // symmetric: row- or column-major alike
  const Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> J(mj.d->efc_J, 6, nv);
  MatrixX kkt = MatrixX::Zero(nv + 6, nv + 6);
  kkt.topLeftCorner(nv, nv) = M;
  kkt.topRightCorner(nv, 6) = J.transpose();
  kkt.bottomLeftCorner(6, nv) = J;
  VectorX rhs = VectorX::Zero(nv + 6);
  for (int i = 0; i < nv; ++i) rhs[i] = mj.d->qfrc_passive[i] - mj.d->qfrc_bias[i];
  const VectorX expected = kkt.fullPivLu().solve(rhs).head(nv);
  std::vector<std::string> ran;
  for (const BackendInfo& backend : backends()) {
    if (!backend.capabilities.loops) continue;
    SCOPED_TRACE(backend.name);
    RunRequest request;
    request.backend = backend.name;
    request.q0.assign(q.data(), q.data() + q.size());
    request.qd0.assign(qd.data(), qd.data() + qd.size());
    articulab::Run run(model, request);
    ran.push_back(backend.name);
    const VectorX qdd = test::toMujocoAcceleration(*model, q, qd, run.forwardDynamics(), mj);
    EXPECT_LT((qdd - expected).lpNorm<Eigen::Infinity>(), 1e-9 * expected.lpNorm<Eigen::Infinity>())
        << "\nours   " << qdd.transpose() << "\nMuJoCo " << expected.transpose();
    // 0.5 s of motion from rest: the weld holds (position and orientation)
    const auto solver = backend.create(*model, sceneSolverOptions(backend, *model));
    State state = makeInitialState(*model);
    double position = 0.0, rotation = 0.0;
    for (int k = 0; k < 500; ++k) {
      ASSERT_TRUE(solver->step(*model, state, 1e-3).ok);
      const ConstraintDrift drift = loopDrift(*model, state, 0);
      position = std::max(position, drift.position);
      rotation = std::max(rotation, drift.rotation);
    }
    EXPECT_GT((state.q - q).norm(), 0.05);
    EXPECT_LT(position, 1e-8);
    EXPECT_LT(rotation, 1e-8);
  }
  EXPECT_EQ(ran, (std::vector<std::string>{"redmax", "baraff", "variational-maximal", "variational-minimal"}));
  expectRoundTrip(*model);
}

TEST(ImportErrors, NameFileLineAndElement) {
  const std::string urdf = writeTemporary("zero_axis.urdf", R"(<robot name="r">
  <link name="a"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1"/></inertial></link>
  <link name="b"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1"/></inertial></link>
  <joint name="x" type="revolute">
    <parent link="a"/><child link="b"/><axis xyz="0 0 0"/><limit lower="-1" upper="1"/>
  </joint>
</robot>)");
  EXPECT_EQ(loadError(urdf), urdf + ":4: <joint name=\"x\">: axis has zero length");
  const std::string massless = writeTemporary("massless.urdf", R"(<robot name="r">
  <link name="a"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1"/></inertial></link>
  <link name="b"/>
  <joint name="x" type="continuous"><parent link="a"/><child link="b"/></joint>
</robot>)");
  EXPECT_NE(loadError(massless).find(massless + ":4: <joint name=\"x\">: link 'b' moves"), std::string::npos) << loadError(massless);
  const std::string syntax = writeTemporary("syntax.xml", "<mujoco>\n<worldbody>\n<body>\n</worldbody>\n</mujoco>\n");
  EXPECT_NE(loadError(syntax).find(syntax + ":"), std::string::npos);
  EXPECT_NE(loadError(syntax).find("XML syntax error"), std::string::npos) << loadError(syntax);
  const std::string mjcf = writeTemporary("bad_class.xml", R"(<mujoco>
  <worldbody>
    <body name="b"><joint class="nope"/><geom size="0.1"/></body>
  </worldbody>
</mujoco>)");
  EXPECT_EQ(loadError(mjcf), mjcf + ":3: <joint>: unknown default class \"nope\"");
  const std::string cycle = writeTemporary("two_roots.urdf", R"(<robot name="r">
  <link name="a"/>
  <link name="b"/>
</robot>)");
  EXPECT_NE(loadError(cycle).find("a second root link"), std::string::npos) << loadError(cycle);
  EXPECT_NE(loadError(kData + "no_such_file.urdf").find("cannot open"), std::string::npos);
}

}  // namespace
}  // namespace articulab
