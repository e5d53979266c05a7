// O(n) products of the recursive back-end against the dense matrices of RedMax: J x, Jdot x,
// J^T y (sueda Alg 5-6, eq 2.14-2.17), M_r x (eq 2.18) and (M_r + P)^-1 x (Alg 10).
#include <gtest/gtest.h>

#include <Eigen/LU>

#include "engine/algorithm/jacobian.hpp"
#include "engine/solvers/recursive/inverse_inertia.hpp"
#include "engine/solvers/recursive/jacobian_products.hpp"
#include "engine/solvers/redmax/redmax_dynamics.hpp"
#include "engine/spatial/se3.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

struct Fixture {
  Model model;
  VectorX q, qd;
  TreeKinematics kin;
  RedMaxWorkspace dense;  // J, Jdot, M_r at (q, qdot)

  explicit Fixture(Model m)
      : model(std::move(m)),
        q(test::randomVector(model.nq, 1.5)),
        qd(test::randomVector(model.nq, 2.0)),
        kin(model),
        dense(model) {
    computeKinematics(model, q, qd, kin);
    evaluateRedMax(model, q, qd, passiveInputs(), dense);
  }
};

std::vector<Model> productModels() { return {test::standardChain(1), test::standardChain(12), test::mixedTree()}; }

double relativeToExpected(const VectorX& value, const VectorX& expected) {
  return (value - expected).norm() / (expected.norm() + 1e-300);  // exact zeros compare as 0
}

// Random symmetric positive semidefinite joint blocks, as h D_r + h^2 K_r would be.
JointBlocks randomJointBlocks(const Model& model) {
  JointBlocks blocks(model.joints.size());
  for (const Joint& joint : model.joints) {
    const MatrixX A = MatrixX::NullaryExpr(joint.nq, joint.nq, [] { return test::uniform(-0.1, 0.1); });
    blocks[joint.child] = A * A.transpose();
  }
  return blocks;
}

MatrixX blockDiagonal(const Model& model, const JointBlocks& blocks) {
  MatrixX P = MatrixX::Zero(model.nq, model.nq);
  for (const Joint& joint : model.joints) P.block(joint.qIndex, joint.qIndex, joint.nq, joint.nq) = blocks[joint.child];
  return P;
}

// The block formulas of ParentTransform against the 6x6 adjoint Ad(E^-1) of se3 (eq 1.14, 1.26).
TEST(RecursiveProducts, ParentTransformMatchesTheAdjointMatrix) {
  for (int trial = 0; trial < 5; ++trial) {
    const Matrix4 E = test::randomPose();
    const ParentTransform T{E.topLeftCorner<3, 3>(), E.topRightCorner<3, 1>()};
    const Matrix6 Ad = se3::AdInverse(E);
    const Vector6 v = test::randomTwist();
    const Matrix6 root = Matrix6::NullaryExpr([] { return test::uniform(-1.0, 1.0); });
    const Matrix6 I = root * root.transpose();
    Matrix6 parent = Matrix6::Identity();
    T.addInertiaToParent(I, parent);
    EXPECT_LT((T.adjoint() - Ad).norm(), 1e-14);
    EXPECT_LT((T.twistToChild(v) - Ad * v).norm(), 1e-14);
    EXPECT_LT((T.wrenchToParent(v) - Ad.transpose() * v).norm(), 1e-14);
    EXPECT_LT((parent - Matrix6::Identity() - Ad.transpose() * I * Ad).norm(), 1e-12 * I.norm());
  }
}

TEST(RecursiveProducts, JacobianAndItsDerivativeTimesAVectorMatchTheDenseMatrices) {
  for (Model model : productModels()) {
    Fixture f(std::move(model));
    const int n = f.model.bodyCount();
    const VectorX x = test::randomVector(f.model.nq);
    VectorX y(6 * n), z(6 * n);
    jacobianProducts(f.model, f.kin, x, y, z);
    EXPECT_LT(relativeToExpected(y, f.dense.J * x), 1e-13) << f.model.name;
    EXPECT_LT(relativeToExpected(z, f.dense.Jdot * x), 1e-13) << f.model.name;
  }
}

TEST(RecursiveProducts, JacobianTransposeTimesAVectorMatchesTheDenseMatrix) {
  for (Model model : productModels()) {
    Fixture f(std::move(model));
    const VectorX y = test::randomVector(6 * f.model.bodyCount());
    BodyVectors alpha(f.model.bodyCount());
    VectorX x(f.model.nq);
    jacobianTransposeProduct(f.model, f.kin, y, alpha, x);
    EXPECT_LT(relativeToExpected(x, f.dense.J.transpose() * y), 1e-13) << f.model.name;
  }
}

TEST(RecursiveProducts, MassMatrixProductMatchesRedMax) {
  for (Model model : productModels()) {
    Fixture f(std::move(model));
    const VectorX x = test::randomVector(f.model.nq);
    BodyVectors twist(f.model.bodyCount()), wrench(f.model.bodyCount());
    VectorX Mx(f.model.nq);
    massMatrixProduct(f.model, f.kin, x, twist, wrench, Mx);
    EXPECT_LT(relativeToExpected(Mx, f.dense.Mr * x), 1e-13) << f.model.name;
  }
}

TEST(RecursiveProducts, InverseInertiaProductSolvesWithTheDenseMassMatrix) {
  for (Model model : productModels()) {
    Fixture f(std::move(model));
    ArticulatedBodyWorkspace ws(f.model);
    ASSERT_TRUE(factorInverseInertia(f.model, f.kin, nullptr, false, ws));
    for (int trial = 0; trial < 3; ++trial) {  // one factorisation, several right-hand sides
      const VectorX x = test::randomVector(f.model.nq);
      VectorX y(f.model.nq);
      applyInverseInertia(f.model, f.kin, x, false, ws, y);
      // Residual of a backward-stable solve: about eps cond(M_r), and cond(M_r) ~ 1e6 here.
      EXPECT_LT(relativeToExpected(f.dense.Mr * y, x), 1e-10) << f.model.name;
      EXPECT_LT(relativeToExpected(y, f.dense.Mr.partialPivLu().solve(x)), 1e-9) << f.model.name;
    }
  }
}

// Preconditioner form (Alg 10 line 10): the joint blocks add to the diagonal of M_r.
TEST(RecursiveProducts, InverseInertiaWithJointBlocksSolvesTheShiftedMatrix) {
  for (Model model : productModels()) {
    Fixture f(std::move(model));
    const JointBlocks blocks = randomJointBlocks(f.model);
    const MatrixX A = f.dense.Mr + blockDiagonal(f.model, blocks);
    ArticulatedBodyWorkspace ws(f.model);
    ASSERT_TRUE(factorInverseInertia(f.model, f.kin, &blocks, false, ws));
    const VectorX x = test::randomVector(f.model.nq);
    VectorX y(f.model.nq);
    applyInverseInertia(f.model, f.kin, x, false, ws, y);
    EXPECT_LT(relativeToExpected(A * y, x), 1e-10) << f.model.name;
  }
}

// The joint spring and damper of the linearly implicit step: (M_r + h D_r + h^2 K_r)^-1 x.
TEST(RecursiveProducts, InverseInertiaWithJointSpringsAndDampers) {
  Model model = test::mixedTree();
  for (Joint& joint : model.joints) {
    joint.stiffness = 50.0;
    joint.damping = 0.5;
  }
  Fixture f(std::move(model));
  const double h = 1e-2;
  JointBlocks blocks(f.model.joints.size());
  for (const Joint& joint : f.model.joints)
    blocks[joint.child] = (h * joint.damping + h * h * joint.stiffness) * MatrixX::Identity(joint.nq, joint.nq);
  const MatrixX A = f.dense.Mr + (h * 0.5 + h * h * 50.0) * MatrixX::Identity(f.model.nq, f.model.nq);
  ArticulatedBodyWorkspace ws(f.model);
  ASSERT_TRUE(factorInverseInertia(f.model, f.kin, &blocks, false, ws));
  const VectorX x = test::randomVector(f.model.nq);
  VectorX y(f.model.nq);
  applyInverseInertia(f.model, f.kin, x, false, ws, y);
  EXPECT_LT(relativeToExpected(y, A.partialPivLu().solve(x)), 1e-9);
}

// Hybrid form: driven rows become identity rows, the others keep their row of M_r + P.
TEST(RecursiveProducts, HybridInverseInertiaKeepsDrivenRowsAndSolvesTheOthers) {
  Model model = test::mixedTree();
  for (int driven : {0, 2, 8}) model.joints[driven].driven = true;
  Fixture f(std::move(model));
  const JointBlocks blocks = randomJointBlocks(f.model);
  MatrixX A = f.dense.Mr + blockDiagonal(f.model, blocks);
  for (const Joint& joint : f.model.joints) {
    if (!joint.driven) continue;
    A.middleRows(joint.qIndex, joint.nq).setZero();
    A.block(joint.qIndex, joint.qIndex, joint.nq, joint.nq).setIdentity();
  }
  ArticulatedBodyWorkspace ws(f.model);
  ASSERT_TRUE(factorInverseInertia(f.model, f.kin, &blocks, true, ws));
  const VectorX x = test::randomVector(f.model.nq);
  VectorX y(f.model.nq);
  applyInverseInertia(f.model, f.kin, x, true, ws, y);
  EXPECT_LT(relativeToExpected(A * y, x), 1e-10);
}

TEST(RecursiveProducts, SingularInertiaIsReported) {
  Model model = test::standardChain(3);
  model.bodies[2].M.setZero();  // a massless tip link: S^T M^ S = 0 at its joint
  TreeKinematics kin(model);
  computeKinematics(model, model.q0, model.qd0, kin);
  ArticulatedBodyWorkspace ws(model);
  EXPECT_FALSE(factorInverseInertia(model, kin, nullptr, false, ws));
}

}  // namespace
}  // namespace articulab
