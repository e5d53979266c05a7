// The AD machinery of general joints (engine/multibody/scleronomic_joint.hpp) against the
// hand-derived joints: S and Sdot of every foundation joint type agree to 1e-12.
#include <gtest/gtest.h>

#include "engine/multibody/primitive_transform.hpp"
#include "engine/spatial/jet.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

using test::randomVector;

std::vector<Joint> handDerivedJoints() {
  const Vector3 oblique = Vector3(0.3, -0.5, 0.8).normalized();
  return {test::singleJoint(JointType::Revolute, Vector3::UnitZ()),
          test::singleJoint(JointType::Revolute, oblique),
          test::singleJoint(JointType::Prismatic, oblique),
          test::singleJoint(JointType::Planar),
          test::singleJoint(JointType::Translational),
          test::singleJoint(JointType::Universal),
          test::singleJoint(JointType::SphericalXZX),
          test::singleJoint(JointType::SphericalExp),
          test::singleJoint(JointType::Free2D),
          test::singleJoint(JointType::Free3D),
          test::compositeJoint({{JointType::Revolute, Vector3::UnitX(), 1},
                                {JointType::Prismatic, oblique, 1},
                                {JointType::Universal, Vector3::UnitZ(), 2}})};
}

TEST(GeneralJointAD, HandDerivedAndAutomaticDerivativesAgree) {
  for (const Joint& hand : handDerivedJoints()) {
    const auto byJets = primitiveJointByJets(hand);
    for (int trial = 0; trial < 20; ++trial) {
      // Small and large angles: the exponential's series and closed-form branches.
      const double scale = trial % 2 ? 2.0 : 1e-3;
      const VectorX q = randomVector(hand.nq, scale), qd = randomVector(hand.nq, 3.0);
      JointKinematics expected, actual;
      evaluateJoint(hand, q.data(), qd.data(), expected);
      byJets->evaluate(q.data(), qd.data(), actual);
      const std::string what = std::string(jointTypeName(hand.type)) + " trial " + std::to_string(trial);
      EXPECT_LT((actual.Q - expected.Q).cwiseAbs().maxCoeff(), 1e-12) << what;
      EXPECT_LT((actual.S - expected.S).cwiseAbs().maxCoeff(), 1e-12) << what;
      EXPECT_LT((actual.Sdot - expected.Sdot).cwiseAbs().maxCoeff(), 1e-12) << what;
    }
  }
}

// d/dx and the mixed second derivative of a nested jet against closed forms.
TEST(GeneralJointAD, NestedJetsGiveMixedSecondDerivatives) {
  using Inner = Jet<double, 1>;
  using Outer = Jet<Inner, 2>;
  const double x0 = 0.7, y0 = -0.4, xd = 1.3, yd = 0.2;
  Inner xv, yv;
  xv.a = x0, xv.v[0] = xd;
  yv.a = y0, yv.v[0] = yd;
  const Outer x = Outer::variable(xv, 0), y = Outer::variable(yv, 1);
  const Outer f = sin(x * y) / (1.0 + x * x) + sqrt(exp(y) + 2.0) * atan2(y, x);
  // f and df/dx by hand; d/dt of df/dx along (xd, yd) by central differences of the hand form.
  auto value = [](double a, double b) {
    return std::sin(a * b) / (1.0 + a * a) + std::sqrt(std::exp(b) + 2.0) * std::atan2(b, a);
  };
  auto dfdx = [](double a, double b) {
    const double g = 1.0 + a * a;
    return b * std::cos(a * b) / g - 2.0 * a * std::sin(a * b) / (g * g) -
           std::sqrt(std::exp(b) + 2.0) * b / (a * a + b * b);
  };
  const double h = 1e-5;
  const double ddt = (dfdx(x0 + h * xd, y0 + h * yd) - dfdx(x0 - h * xd, y0 - h * yd)) / (2 * h);
  EXPECT_NEAR(f.a.a, value(x0, y0), 1e-15);
  EXPECT_NEAR(f.v[0].a, dfdx(x0, y0), 1e-14);
  EXPECT_NEAR(f.v[0].v[0], ddt, 1e-8);
}

}  // namespace
}  // namespace articulab
