// velocitiesFromTwist (joint_coordinates): qdot with S qdot nearest delta, against the
// least-squares solution of a column-pivoting QR, for one free axis (its closed form
// S . delta / S . S) and for several.
#include <gtest/gtest.h>

#include <Eigen/QR>

#include "engine/constraints/joint_coordinates.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

TEST(JointVelocities, LeastSquaresRatesMatchAQrSolveForEveryAxisCount) {
  for (int columns = 1; columns <= 6; ++columns)
    for (int trial = 0; trial < 5; ++trial) {
      JointMatrix S(6, columns);
      for (int c = 0; c < columns; ++c) S.col(c) = test::randomTwist();
      const Vector6 delta = test::randomTwist();
      const VectorX expected = S.colPivHouseholderQr().solve(delta);
      double qd[6] = {};
      constraints::velocitiesFromTwist(S, delta, qd);
      for (int c = 0; c < columns; ++c) EXPECT_NEAR(qd[c], expected[c], 1e-10 * (1.0 + std::abs(expected[c])));
    }
}

}  // namespace
}  // namespace articulab
