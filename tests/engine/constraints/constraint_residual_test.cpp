// Shared constraint code (engine/constraints): the position residual of every joint type and of
// the loop closures against finite differences of itself (poses moved by exp of a twist, at
// random poses), and against the velocity rows the back-ends use where the constraint holds.
#include <gtest/gtest.h>

#include <Eigen/LU>
#include <functional>

#include "engine/constraints/joint_residual.hpp"
#include "engine/constraints/joint_rows.hpp"
#include "engine/constraints/loop_residual.hpp"
#include "engine/constraints/loop_rows.hpp"
#include "engine/spatial/se3.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

constexpr JointType kRowTypes[] = {JointType::Fixed,        JointType::Revolute,     JointType::Prismatic,
                                   JointType::Planar,       JointType::Translational, JointType::Universal,
                                   JointType::SphericalXZX, JointType::SphericalExp, JointType::Free2D,
                                   JointType::Free3D};

// A joint of this type between body 0 (the parent) and body 1, with random frames and axis.
Joint randomJoint(JointType type) {
  Joint joint = test::singleJoint(type, test::randomVector3().normalized());
  joint.parent = 0;
  joint.child = 1;
  joint.E_pj = test::randomPose();
  joint.E_jc = test::randomPose();
  return joint;
}

using ResidualOf = std::function<void(const Matrix4&, const Matrix4&, constraints::PoseResidual&)>;

// Largest |(g(A e^{eps xA}, B e^{eps xB}) - g(A e^{-eps xA}, B e^{-eps xB})) / 2 eps - (JA xA + JB xB)|
// over the rows, relative to the size of the directional derivative.
double finiteDifferenceError(const ResidualOf& residual, const Matrix4& E_A, const Matrix4& E_B, bool withB) {
  constraints::PoseResidual at, plus, minus;
  residual(E_A, E_B, at);
  const Vector6 xA = test::randomTwist(), xB = withB ? test::randomTwist() : Vector6::Zero();
  const double eps = 1e-6;
  residual(E_A * se3::exp(eps * xA), E_B * se3::exp(eps * xB), plus);
  residual(E_A * se3::exp(-eps * xA), E_B * se3::exp(-eps * xB), minus);
  const int n = at.rows;
  const VectorX fd = (plus.g - minus.g).head(n) / (2.0 * eps);
  const VectorX analytic = (at.JA * xA + at.JB * xB).head(n);
  return n == 0 ? 0.0 : test::relativeError(analytic, fd);
}

TEST(JointResidual, JacobianMatchesFiniteDifferencesAtRandomPosesForEveryJointType) {
  for (JointType type : kRowTypes) {
    const Joint joint = randomJoint(type);
    const ResidualOf residual = [&](const Matrix4& E_c, const Matrix4& E_p, constraints::PoseResidual& out) {
      ASSERT_TRUE(constraints::jointResidual(joint, E_p, E_c, out));
    };
    for (int trial = 0; trial < 10; ++trial) {
      const Matrix4 E_c = test::randomPose(), E_p = test::randomPose();
      constraints::PoseResidual r;
      residual(E_c, E_p, r);
      EXPECT_EQ(r.rows, constraints::constraintRowCount(joint)) << jointTypeName(type);
      EXPECT_EQ(r.bodyA, 1);
      EXPECT_EQ(r.bodyB, 0);
      EXPECT_LT(finiteDifferenceError(residual, E_c, E_p, true), 1e-7) << jointTypeName(type);
    }
  }
}

TEST(JointResidual, ParentInTheWorldHasNoParentBlock) {
  Joint joint = randomJoint(JointType::Revolute);
  joint.parent = -1;
  const ResidualOf residual = [&](const Matrix4& E_c, const Matrix4&, constraints::PoseResidual& out) {
    constraints::jointResidual(joint, Matrix4::Identity(), E_c, out);
  };
  constraints::PoseResidual r;
  residual(test::randomPose(), Matrix4::Identity(), r);
  EXPECT_EQ(r.JB.norm(), 0.0);
  EXPECT_LT(finiteDifferenceError(residual, test::randomPose(), Matrix4::Identity(), false), 1e-7);
}

// Where the joint holds (E_pc = E_pj Q(q) E_jc) the residual vanishes and its Jacobian is the
// velocity rows of eq 1.69: P^T Ad(E_jc) on the child and -P^T Ad(E_jc) Ad_cp on the parent.
TEST(JointResidual, VanishesOnTheJointAndEqualsTheVelocityRowsThere) {
  for (JointType type : kRowTypes) {
    const Joint joint = randomJoint(type);
    for (int trial = 0; trial < 5; ++trial) {
      const VectorX q = test::randomVector(joint.nq, 1.2);
      JointKinematics jk;
      const VectorX zero = VectorX::Zero(joint.nq);
      evaluateJoint(joint, q.data(), zero.data(), jk);
      const Matrix4 E_p = test::randomPose();
      const Matrix4 E_c = E_p * joint.E_pj * jk.Q * joint.E_jc;
      constraints::PoseResidual r;
      ASSERT_TRUE(constraints::jointResidual(joint, E_p, E_c, r));
      constraints::ConstraintBasis P;
      constraints::fillConstraintBasis(joint, q.data(), P);
      const MatrixX Gc = P.transpose() * se3::Ad(joint.E_jc);
      const MatrixX Gp = -Gc * se3::AdInverse(se3::inverse(E_p) * E_c);
      const int n = r.rows;
      EXPECT_LT(n == 0 ? 0.0 : r.g.head(n).cwiseAbs().maxCoeff(), 1e-12) << jointTypeName(type);
      EXPECT_LT((r.JA.topRows(n) - Gc).norm(), 1e-12 * std::max(1.0, Gc.norm())) << jointTypeName(type);
      EXPECT_LT((r.JB.topRows(n) - Gp).norm(), 1e-12 * std::max(1.0, Gp.norm())) << jointTypeName(type);
    }
  }
}

TEST(JointResidual, JointsWithoutFixedRowFormAreRefused) {
  const Joint joint = test::compositeJoint({{JointType::Revolute, Vector3::UnitX(), 1}, {JointType::Prismatic, Vector3::UnitX(), 1}});
  constraints::PoseResidual r;
  EXPECT_FALSE(constraints::jointResidual(joint, Matrix4::Identity(), test::randomPose(), r));
  EXPECT_EQ(r.rows, 0);
}

LoopConstraint randomLoop(LoopType type, int bodyB) {
  LoopConstraint loop;
  loop.type = type;
  loop.bodyA = 0;
  loop.bodyB = bodyB;
  loop.E_aA = test::randomPose();
  loop.E_bB = test::randomPose();
  loop.axis = test::randomVector3().normalized();
  return loop;
}

TEST(LoopResidual, JacobianMatchesFiniteDifferencesAtRandomPoses) {
  for (LoopType type : {LoopType::Point, LoopType::Hinge}) {
    for (int bodyB : {1, -1}) {
      const LoopConstraint loop = randomLoop(type, bodyB);
      const ResidualOf residual = [&](const Matrix4& E_A, const Matrix4& E_B, constraints::PoseResidual& out) {
        constraints::loopResidual(loop, E_A, bodyB < 0 ? Matrix4::Identity() : E_B, out);
      };
      for (int trial = 0; trial < 10; ++trial) {
        const Matrix4 E_A = test::randomPose(), E_B = bodyB < 0 ? Matrix4::Identity() : test::randomPose();
        constraints::PoseResidual r;
        residual(E_A, E_B, r);
        EXPECT_EQ(r.rows, type == LoopType::Hinge ? 5 : 3);
        EXPECT_LT(finiteDifferenceError(residual, E_A, E_B, bodyB >= 0), 1e-7) << loopTypeName(type);
      }
    }
  }
}

// The rows of loop_rows (baraff's auxiliary rows, redmax's G_m) against the residual: the
// point rows and the gap are the residual's at any poses; where a hinge holds (anchor frames
// coinciding up to a turn about the axis) its two rows span the residual's hinge rows.
TEST(LoopResidual, VelocityRowsAreItsJacobianWhereTheLoopHolds) {
  for (LoopType type : {LoopType::Point, LoopType::Hinge}) {
    Model model;
    model.loops.push_back(randomLoop(type, 1));
    const LoopConstraint& loop = model.loops[0];
    for (int trial = 0; trial < 5; ++trial) {
      const Vector6 turn = (Vector6() << test::uniform(-3, 3) * loop.axis, Vector3::Zero()).finished();
      const Matrix4 relative = type == LoopType::Hinge ? se3::exp(turn) : se3::exp((Vector6() << test::randomVector3(), Vector3::Zero()).finished());
      const std::vector<Vector6> phi = {test::randomTwist(), test::randomTwist()};
      constraints::ConstraintRow rows[5];
      constraints::PoseResidual free;
      const std::vector<Matrix4> apart = {test::randomPose(), test::randomPose()};
      constraints::assembleLoopRows(model, 0, PoseListMotion{apart, phi}, rows);
      constraints::loopResidual(loop, apart[0], apart[1], free);
      for (int k = 0; k < 3; ++k) {  // the gap and its rows at poses where the loop is open
        EXPECT_NEAR(rows[k].error, free.g[k], 1e-14);
        EXPECT_LT((rows[k].jA - free.JA.row(k)).norm() + (rows[k].jB - free.JB.row(k)).norm(), 1e-13);
      }
      std::vector<Matrix4> poses = {test::randomPose(), Matrix4::Identity()};
      poses[1] = poses[0] * loop.E_aA * relative * se3::inverse(loop.E_bB);
      constraints::assembleLoopRows(model, 0, PoseListMotion{poses, phi}, rows);
      constraints::PoseResidual r;
      constraints::loopResidual(loop, poses[0], poses[1], r);
      ASSERT_EQ(r.rows, constraints::loopRowCount(loop));
      EXPECT_LT(r.g.head(r.rows).cwiseAbs().maxCoeff(), 1e-12);
      MatrixX G(r.rows, 12), J(r.rows, 12);
      for (int k = 0; k < r.rows; ++k) {
        G.row(k) << rows[k].jA, rows[k].jB;
        J.row(k) << r.JA.row(k), r.JB.row(k);
      }
      // J = C G for some C: the residual's rows lie in the span of the velocity rows.
      const MatrixX C = J * G.transpose() * (G * G.transpose()).inverse();
      EXPECT_LT((J - C * G).norm(), 1e-10 * J.norm()) << loopTypeName(type);
      EXPECT_GT(std::abs(C.determinant()), 1e-6) << loopTypeName(type);
    }
  }
}

}  // namespace
}  // namespace articulab
