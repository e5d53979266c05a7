// S and Sdot of every joint type against finite differences of Q(q) (sueda 2.4, eq 2.29).
#include <gtest/gtest.h>

#include <numbers>

#include "engine/multibody/joint.hpp"
#include "engine/spatial/se3.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

using test::randomVector;

struct JointCase {
  std::string name;
  Joint joint;
};

std::vector<JointCase> allJoints() {
  const Vector3 oblique = Vector3(0.3, -0.5, 0.8).normalized();
  return {
      {"fixed", test::singleJoint(JointType::Fixed)},
      {"revolute_z", test::singleJoint(JointType::Revolute, Vector3::UnitZ())},
      {"revolute_oblique", test::singleJoint(JointType::Revolute, oblique)},
      {"prismatic_oblique", test::singleJoint(JointType::Prismatic, oblique)},
      {"planar", test::singleJoint(JointType::Planar)},
      {"translational", test::singleJoint(JointType::Translational)},
      {"universal", test::singleJoint(JointType::Universal)},
      {"spherical_xzx", test::singleJoint(JointType::SphericalXZX)},
      {"spherical_exp", test::singleJoint(JointType::SphericalExp)},
      {"free2d", test::singleJoint(JointType::Free2D)},
      {"free3d", test::singleJoint(JointType::Free3D)},
      {"composite_rpr", test::compositeJoint({{JointType::Revolute, Vector3::UnitX(), 1},
                                              {JointType::Prismatic, oblique, 1},
                                              {JointType::Universal, Vector3::UnitZ(), 2}})},
  };
}

JointKinematics evaluate(const Joint& joint, const VectorX& q, const VectorX& qd) {
  JointKinematics jk;
  evaluateJoint(joint, q.data(), qd.data(), jk);
  return jk;
}

// Column k of S is unbrac(Q^-1 dQ/dq_k) (eq 2.29).
TEST(Joint, SMatchesFiniteDifferencesOfQ) {
  for (const JointCase& c : allJoints()) {
    for (int trial = 0; trial < 10; ++trial) {
      const VectorX q = randomVector(c.joint.nq, 2.0), qd = randomVector(c.joint.nq);
      const JointKinematics jk = evaluate(c.joint, q, qd);
      ASSERT_EQ(jk.S.cols(), c.joint.nq) << c.name;
      for (int k = 0; k < c.joint.nq; ++k) {
        const double h = 1e-6;
        VectorX qp = q, qm = q;
        qp[k] += h;
        qm[k] -= h;
        const Matrix4 dQ = (evaluate(c.joint, qp, qd).Q - evaluate(c.joint, qm, qd).Q) / (2 * h);
        const Matrix4 body = se3::inverse(jk.Q) * dQ;
        EXPECT_LT((se3::unbrac(body) - jk.S.col(k)).norm(), 1e-8) << c.name << " column " << k;
        EXPECT_LT(body.row(3).norm(), 1e-8) << c.name;
      }
    }
  }
}

// Sdot = d/dt S(q(t)) along q(t) = q + t qdot.
TEST(Joint, SdotMatchesFiniteDifferencesOfS) {
  for (const JointCase& c : allJoints()) {
    for (int trial = 0; trial < 10; ++trial) {
      const VectorX q = randomVector(c.joint.nq, 2.0), qd = randomVector(c.joint.nq);
      const double h = 1e-6;
      const JointMatrix fd = (evaluate(c.joint, q + h * qd, qd).S - evaluate(c.joint, q - h * qd, qd).S) / (2 * h);
      EXPECT_LT((fd - evaluate(c.joint, q, qd).Sdot).norm(), 1e-8) << c.name;
    }
  }
}

TEST(Joint, ExponentialCoordinatesAreAccurateNearZero) {
  const Joint sphere = test::singleJoint(JointType::SphericalExp);
  for (double scale : {1e-9, 1e-5, 0.05, 0.099}) {
    const VectorX q = scale * randomVector(3).normalized(), qd = randomVector(3);
    const double h = 1e-7;
    const JointMatrix fd = (evaluate(sphere, q + h * qd, qd).S - evaluate(sphere, q - h * qd, qd).S) / (2 * h);
    EXPECT_LT((fd - evaluate(sphere, q, qd).Sdot).norm(), 1e-7) << scale;
  }
}

// free3d is Q = T(p) Rot(w) with q = (w, p) (2.4.11, the translation in the joint frame's axes):
// against the product of the SE(3) exponential and a translation, and the origin moves at pdot
// in the parent's axes whatever the rotation and its rate (R times the linear part of S qdot).
TEST(Joint, Free3DMovesItsOriginInTheParentAxes) {
  const Joint free = test::singleJoint(JointType::Free3D);
  for (int trial = 0; trial < 5; ++trial) {
    const VectorX q = randomVector(6, 2.0), qd = randomVector(6, 3.0);
    Matrix4 expected = se3::exp((Vector6() << q.head<3>(), Vector3::Zero()).finished());
    expected.topRightCorner<3, 1>() = q.tail<3>();
    const JointKinematics k = evaluate(free, q, qd);
    EXPECT_LT((k.Q - expected).norm(), 1e-14);
    const Vector3 originVelocity = k.Q.topLeftCorner<3, 3>() * (k.S * qd).tail<3>();
    EXPECT_LT((originVelocity - qd.tail<3>()).norm(), 1e-14);
  }
}

// Reparameterisation past |q| = pi keeps the rotation and the body angular velocity (2.4.8).
TEST(Joint, ExponentialReparameterisationKeepsPoseAndTwist) {
  Joint free = test::singleJoint(JointType::Free3D);
  VectorX q = randomVector(6), qd = randomVector(6);
  q.head<3>() = 3.5 * Vector3(1, 2, -1).normalized();
  const JointKinematics before = evaluate(free, q, qd);
  const Vector6 twistBefore = before.S * qd;
  ASSERT_TRUE(reparameterizeJoint(free, q.data(), qd.data()));
  EXPECT_NEAR(q.head<3>().norm(), 2 * std::numbers::pi - 3.5, 1e-12);
  const JointKinematics after = evaluate(free, q, qd);
  EXPECT_LT((after.Q - before.Q).norm(), 1e-12);
  EXPECT_LT((after.S * qd - twistBefore).norm(), 1e-12);
  EXPECT_FALSE(reparameterizeJoint(free, q.data(), qd.data()));
}

}  // namespace
}  // namespace articulab
