// SO(3)/SE(3) algebra against its defining identities and finite differences (sueda 1.3-1.5).
#include <gtest/gtest.h>

#include <Eigen/LU>
#include <functional>
#include <numbers>

#include "engine/multibody/joint.hpp"
#include "engine/spatial/inertia.hpp"
#include "engine/spatial/se3.hpp"
#include "engine/spatial/so3.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

using test::randomPose;
using test::randomTwist;
using test::randomVector3;

constexpr double kPi = std::numbers::pi;

TEST(SO3, ExpLogRoundTripIncludingNearZeroAndNearPi) {
  std::vector<Vector3> samples;
  for (int k = 0; k < 50; ++k) samples.push_back(randomVector3(1.5));
  const Vector3 axis = Vector3(1, -2, 0.5).normalized();
  for (double theta : {0.0, 1e-12, 1e-8, 1e-4, kPi - 1e-3, kPi - 1e-7, kPi - 1e-10}) samples.push_back(theta * axis);
  for (const Vector3& w : samples) {
    const Matrix3 R = so3::exp(w);
    EXPECT_NEAR((R.transpose() * R - Matrix3::Identity()).norm(), 0.0, 1e-14);
    EXPECT_NEAR(R.determinant(), 1.0, 1e-14);
    EXPECT_LT((so3::log(R) - w).norm(), 1e-9 * std::max(1.0, w.norm())) << "w = " << w.transpose();
  }
  // At exactly pi the axis sign is arbitrary; the rotation must still come back.
  const Matrix3 Rpi = so3::exp(kPi * axis);
  EXPECT_LT((so3::exp(so3::log(Rpi)) - Rpi).norm(), 1e-12);
  EXPECT_NEAR(so3::log(Rpi).norm(), kPi, 1e-12);
}

TEST(SO3, ExpMatchesTheMatrixSeries) {
  const Vector3 w = randomVector3(2.0);
  const Matrix3 W = so3::skew(w);
  Matrix3 series = Matrix3::Identity(), term = Matrix3::Identity();
  for (int k = 1; k < 40; ++k) {
    term = term * W / static_cast<double>(k);
    series += term;
  }
  EXPECT_LT((so3::exp(w) - series).norm(), 1e-13);
}

TEST(SE3, ExpLogRoundTripAndMatrixSeries) {
  for (int k = 0; k < 50; ++k) {
    const Vector6 phi = randomTwist(1.5);
    const Matrix4 E = se3::exp(phi);
    EXPECT_LT((se3::log(E) - phi).norm(), 1e-10);
    Matrix4 series = Matrix4::Identity(), term = Matrix4::Identity();
    for (int j = 1; j < 40; ++j) {
      term = term * se3::brac(phi) / static_cast<double>(j);
      series += term;
    }
    EXPECT_LT((E - series).norm(), 1e-12);
  }
  const Vector6 tiny = 1e-10 * randomTwist();
  EXPECT_LT((se3::log(se3::exp(tiny)) - tiny).norm(), 1e-20);
}

// Edot = E [phi] (eq 1.8, 1.11), by central differences of E exp(t phi).
TEST(SE3, ExpDerivativeIsTheBodyTwist) {
  const Matrix4 E = randomPose();
  const Vector6 phi = randomTwist();
  const double h = 1e-6;
  const Matrix4 fd = (E * se3::exp(h * phi) - E * se3::exp(-h * phi)) / (2 * h);
  EXPECT_LT((fd - E * se3::brac(phi)).norm(), 1e-9);
}

// d/ds log(R exp(s w)) = J_r(log R)^-1 w: the right Jacobian J_r is S of the exponential-
// coordinate spherical joint (eq 2.44), so S times the derivative of log gives back w.
TEST(SO3, LogDerivativeInvertsTheRightJacobian) {
  const Joint sphere = test::singleJoint(JointType::SphericalExp);
  for (int k = 0; k < 20; ++k) {
    const Vector3 q = randomVector3(1.5), w = randomVector3();
    const Matrix3 R = so3::exp(q);
    const double h = 1e-6;
    const Vector3 dlog = (so3::log(R * so3::exp(h * w)) - so3::log(R * so3::exp(-h * w))) / (2 * h);
    JointKinematics jk;
    const Vector3 zero = Vector3::Zero();
    evaluateJoint(sphere, q.data(), zero.data(), jk);
    EXPECT_LT((jk.S.topRows<3>() * dlog - w).norm(), 1e-8);
  }
}

TEST(SE3, AdjointIdentities) {
  const Matrix4 A = randomPose(), B = randomPose();
  const Vector6 phi = randomTwist();
  EXPECT_LT((se3::Ad(A * B) - se3::Ad(A) * se3::Ad(B)).norm(), 1e-12);
  EXPECT_LT((se3::AdInverse(A) - se3::Ad(se3::inverse(A))).norm(), 1e-12);
  EXPECT_LT((se3::Ad(A) * se3::AdInverse(A) - Matrix6::Identity()).norm(), 1e-12);
  // [Ad(E) phi] = E [phi] E^-1
  EXPECT_LT((se3::brac(se3::Ad(A) * phi) - A * se3::brac(phi) * se3::inverse(A)).norm(), 1e-12);
  // ad is the Lie bracket: [ad(a) b] = [a][b] - [b][a]
  const Vector6 a = randomTwist(), b = randomTwist();
  EXPECT_LT((se3::brac(se3::ad(a) * b) - (se3::brac(a) * se3::brac(b) - se3::brac(b) * se3::brac(a))).norm(), 1e-12);
}

// The block products against the 6 x 6 adjoints they avoid forming.
TEST(SE3, BlockAdjointProductsMatchTheAdjoints) {
  const Matrix4 E = randomPose();
  Matrix6 J;
  for (int c = 0; c < 6; ++c) J.col(c) = randomTwist();
  EXPECT_LT((se3::timesAd(J, E) - J * se3::Ad(E)).norm(), 1e-12);
  EXPECT_LT((se3::timesAdInverse(J, E) - J * se3::Ad(se3::inverse(E))).norm(), 1e-12);
  const Vector6 phi = randomTwist();
  EXPECT_LT((se3::AdTimes(E, phi) - se3::Ad(E) * phi).norm(), 1e-12);
  EXPECT_LT((se3::AdInverseTimes(E, phi) - se3::Ad(se3::inverse(E)) * phi).norm(), 1e-12);
}

// The rigid products by 3 x 3 blocks against the 4 x 4 products with the inverse.
TEST(SE3, BlockRigidProductsMatchTheMatrixProducts) {
  for (int k = 0; k < 10; ++k) {
    const Matrix4 E = randomPose(), F = randomPose();
    EXPECT_LT((se3::inverseTimes(E, F) - se3::inverse(E) * F).norm(), 1e-12);
    EXPECT_LT((se3::timesInverse(E, F) - E * se3::inverse(F)).norm(), 1e-12);
  }
}

// d/dt Ad(E(t)) with E(t) = E exp(t phi) against central differences (eq 1.19-1.20).
TEST(SE3, AdjointDerivativeMatchesFiniteDifferences) {
  for (int k = 0; k < 20; ++k) {
    const Matrix4 E = randomPose();
    const Vector6 phi = randomTwist();
    const double h = 1e-6;
    const Matrix6 fd = (se3::Ad(E * se3::exp(h * phi)) - se3::Ad(E * se3::exp(-h * phi))) / (2 * h);
    EXPECT_LT((fd - se3::dAd(E, phi)).norm(), 1e-8);
  }
}

// World velocity of a body point is R Gamma(x) phi (eq 1.12).
TEST(SE3, GammaGivesPointVelocities) {
  const Matrix4 E = randomPose();
  const Vector6 phi = randomTwist();
  const Vector3 x = randomVector3();
  auto world = [&](double t) -> Vector3 {
    const Matrix4 Et = E * se3::exp(t * phi);
    return Et.topLeftCorner<3, 3>() * x + Et.topRightCorner<3, 1>();
  };
  const double h = 1e-6;
  const Vector3 fd = (world(h) - world(-h)) / (2 * h);
  EXPECT_LT((fd - E.topLeftCorner<3, 3>() * se3::Gamma(x) * phi).norm(), 1e-9);
}

// Inertia of each primitive against a brute-force volume integral over a fine grid.
TEST(Inertia, PrimitivesMatchNumericalVolumeIntegrals) {
  struct Case {
    ShapeDims dims;
    std::function<bool(const Vector3&)> inside;
    Vector3 half;
  };
  const double R = 0.3, a = 0.1, r = 0.1, L = 0.4;
  const std::vector<Case> cases = {
      {{ShapeType::Box, Vector3(0.2, 0.3, 0.5)}, [](const Vector3&) { return true; }, Vector3(0.1, 0.15, 0.25)},
      {{ShapeType::Sphere, Vector3(0.2, 0, 0)}, [](const Vector3& p) { return p.norm() <= 0.2; }, Vector3::Constant(0.2)},
      {{ShapeType::Ellipsoid, Vector3(0.1, 0.2, 0.3)},
       [](const Vector3& p) { return p.cwiseQuotient(Vector3(0.1, 0.2, 0.3)).squaredNorm() <= 1; }, Vector3(0.1, 0.2, 0.3)},
      {{ShapeType::Cylinder, Vector3(r, L, 0)}, [&](const Vector3& p) { return p.head<2>().norm() <= r; }, Vector3(r, r, L / 2)},
      {{ShapeType::Capsule, Vector3(r, L, 0)},
       [&](const Vector3& p) { return Vector3(p.x(), p.y(), std::max(0.0, std::abs(p.z()) - L / 2)).norm() <= r; },
       Vector3(r, r, L / 2 + r)},
      {{ShapeType::Torus, Vector3(R, a, 0)},
       [&](const Vector3& p) { return std::hypot(p.head<2>().norm() - R, p.z()) <= a; }, Vector3(R + a, R + a, a)},
  };
  for (const Case& c : cases) {
    const int N = 120;
    double volume = 0;
    Vector3 second = Vector3::Zero();  // integrals of x^2, y^2, z^2
    const Vector3 cell = 2.0 * c.half / N;
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j)
        for (int k = 0; k < N; ++k) {
          const Vector3 p = -c.half + cell.cwiseProduct(Vector3(i + 0.5, j + 0.5, k + 0.5));
          if (!c.inside(p)) continue;
          volume += 1;
          second += p.cwiseProduct(p);
        }
    const double dv = cell.prod();
    volume *= dv;
    second *= dv;
    EXPECT_NEAR(shapeVolume(c.dims), volume, 1e-2 * volume) << static_cast<int>(c.dims.type);
    const double density = 1.0 / volume;  // unit mass
    const Vector3 expected(density * (second.y() + second.z()), density * (second.z() + second.x()),
                           density * (second.x() + second.y()));
    EXPECT_LT((shapePrincipalMoments(c.dims, 1.0) - expected).norm(), 1.5e-2 * expected.norm())
        << static_cast<int>(c.dims.type);
  }
}

// Composite of two offset point-like boxes: mass adds, centre is the weighted mean, and the
// rotational block is the parallel-axis sum (eq 1.25-1.26).
TEST(Inertia, CompositeBodyFollowsTheParallelAxisTheorem) {
  const ShapeDims cube{ShapeType::Box, Vector3::Constant(0.1)};
  const Vector3 p1(0.3, 0, 0), p2(0, -0.2, 0.1);
  const double m1 = 2.0, m2 = 1.0;
  const Matrix6 M = transformInertia(centralSpatialInertia(cube, m1), se3::make(Matrix3::Identity(), p1)) +
                    transformInertia(centralSpatialInertia(cube, m2), se3::make(Matrix3::Identity(), p2));
  EXPECT_NEAR(inertiaMass(M), 3.0, 1e-14);
  EXPECT_LT((inertiaCentreOfMass(M) - (m1 * p1 + m2 * p2) / 3.0).norm(), 1e-14);
  const double Icube = 0.1 * 0.1 / 6.0;  // m s^2 / 6 per unit mass
  Matrix3 expected = (m1 + m2) * Icube * Matrix3::Identity();
  for (const auto& [m, p] : {std::pair{m1, p1}, std::pair{m2, p2}})
    expected += m * (p.squaredNorm() * Matrix3::Identity() - p * p.transpose());
  EXPECT_LT((M.topLeftCorner<3, 3>() - expected).norm(), 1e-14);
}

}  // namespace
}  // namespace articulab
