// Muscle activation dynamics and excitation (engine/forces/muscle_activation.hpp,
// muscle_excitation.hpp): the exact step against the closed-form step response for rising and
// falling excitation, the rate against the derivative of that response, and u(t) at knots,
// midpoints, outside the knots and on a sine wave.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "engine/forces/muscle_activation.hpp"
#include "engine/forces/muscle_excitation.hpp"

namespace articulab {
namespace {

// a(t) = u + (a0 - u) exp(-t / tau): response to a step in excitation at t = 0.
double muscleActivationStepResponse(double a0, double u, double tau, double t) {
  return u + (a0 - u) * std::exp(-t / tau);
}

struct MuscleActivationStepCase {
  const char* name;
  double a0, u;
  double tau;
};

const ActivationTimes kMuscleActivationTimes{0.010, 0.040};

const MuscleActivationStepCase kMuscleActivationSteps[] = {
    {"rising", 0.05, 0.95, 0.010},   // u > a: tau_act
    {"falling", 0.9, 0.1, 0.040},    // u < a: tau_deact
    {"full on", 0.0, 1.0, 0.010},
    {"full off", 1.0, 0.0, 0.040},
};

TEST(MuscleActivation, ManySmallStepsFollowTheClosedForm) {
  for (const MuscleActivationStepCase& s : kMuscleActivationSteps) {
    const double h = 1e-4;
    double a = s.a0;
    for (int n = 1; n <= 2000; ++n) {
      a = advanceActivation(a, s.u, h, kMuscleActivationTimes);
      ASSERT_NEAR(a, muscleActivationStepResponse(s.a0, s.u, s.tau, n * h), 1e-12) << s.name << " step " << n;
      ASSERT_GE(a, 0.0);
      ASSERT_LE(a, 1.0);
    }
  }
}

TEST(MuscleActivation, OneBigStepIsExact) {
  for (const MuscleActivationStepCase& s : kMuscleActivationSteps) {
    for (double h : {0.003, 0.025, 0.2}) {
      EXPECT_NEAR(advanceActivation(s.a0, s.u, h, kMuscleActivationTimes),
                  muscleActivationStepResponse(s.a0, s.u, s.tau, h), 1e-14)
          << s.name << " h " << h;
    }
    // Far beyond tau: the excitation itself, never past it.
    const double a = advanceActivation(s.a0, s.u, 1e3, kMuscleActivationTimes);
    EXPECT_DOUBLE_EQ(a, s.u) << s.name;
    EXPECT_GE(a, 0.0);
    EXPECT_LE(a, 1.0);
  }
  EXPECT_EQ(advanceActivation(0.3, 0.8, 0.0, kMuscleActivationTimes), 0.3);
}

TEST(MuscleActivation, RateIsTheDerivativeOfTheClosedForm) {
  for (const MuscleActivationStepCase& s : kMuscleActivationSteps) {
    for (double t : {0.0, 0.001, 0.007, 0.02, 0.06}) {
      const double a = muscleActivationStepResponse(s.a0, s.u, s.tau, t);
      const double analytic = -(s.a0 - s.u) / s.tau * std::exp(-t / s.tau);
      const double dt = 1e-7;
      const double fd = (muscleActivationStepResponse(s.a0, s.u, s.tau, t + dt) -
                         muscleActivationStepResponse(s.a0, s.u, s.tau, t - dt)) / (2.0 * dt);
      const double rate = activationRate(s.u, a, kMuscleActivationTimes);
      EXPECT_NEAR(rate, analytic, 1e-10 * std::max(1.0, std::abs(analytic))) << s.name << " t " << t;
      EXPECT_NEAR(rate, fd, 1e-6 * std::max(1.0, std::abs(analytic))) << s.name << " t " << t;
    }
  }
  EXPECT_EQ(activationRate(0.4, 0.4, kMuscleActivationTimes), 0.0);
}

TEST(MuscleActivation, DefaultTimeConstants) {
  const ActivationTimes times;
  EXPECT_EQ(times.activation, 0.010);
  EXPECT_EQ(times.deactivation, 0.040);
  EXPECT_NEAR(activationRate(1.0, 0.0, times), 100.0, 1e-12);
  EXPECT_NEAR(activationRate(0.0, 1.0, times), -25.0, 1e-12);
}

TEST(MuscleExcitation, PiecewiseLinearKnotsMidpointsAndOutside) {
  Excitation e;
  e.times = {0.0, 1.0, 3.0, 3.5};
  e.values = {0.0, 1.0, 0.5, 0.5};
  for (std::size_t i = 0; i < e.times.size(); ++i) EXPECT_EQ(excitationAt(e, e.times[i]), e.values[i]) << i;
  EXPECT_DOUBLE_EQ(excitationAt(e, 0.5), 0.5);
  EXPECT_DOUBLE_EQ(excitationAt(e, 2.0), 0.75);
  EXPECT_DOUBLE_EQ(excitationAt(e, 3.25), 0.5);
  EXPECT_DOUBLE_EQ(excitationAt(e, 0.25), 0.25);
  EXPECT_DOUBLE_EQ(excitationAt(e, 2.5), 0.625);
  EXPECT_EQ(excitationAt(e, -2.0), 0.0);
  EXPECT_EQ(excitationAt(e, 100.0), 0.5);
}

TEST(MuscleExcitation, OneKnotIsAConstant) {
  Excitation e;
  e.times = {2.0};
  e.values = {0.3};
  for (double t : {-5.0, 0.0, 2.0, 7.0}) EXPECT_EQ(excitationAt(e, t), 0.3);
  const Excitation c = constantExcitation(0.7);
  EXPECT_FALSE(c.wave);
  for (double t : {-5.0, 0.0, 2.0, 1e6}) EXPECT_EQ(excitationAt(c, t), 0.7);
  EXPECT_EQ(excitationAt(Excitation{}, 1.0), 0.0);
}

TEST(MuscleExcitation, SineWave) {
  Excitation e;
  e.wave = true;
  e.mean = 0.5;
  e.amplitude = 0.25;
  e.period = 2.0;
  e.phase = 0.0;
  EXPECT_NEAR(excitationAt(e, 0.0), 0.5, 1e-15);
  EXPECT_NEAR(excitationAt(e, 0.5), 0.75, 1e-15);  // quarter period: peak
  EXPECT_NEAR(excitationAt(e, 1.0), 0.5, 1e-15);
  EXPECT_NEAR(excitationAt(e, 1.5), 0.25, 1e-15);  // three quarters: trough
  EXPECT_NEAR(excitationAt(e, 4.5), 0.75, 1e-14);  // periodic
  e.phase = std::acos(0.0);                        // a cosine
  EXPECT_NEAR(excitationAt(e, 0.0), 0.75, 1e-15);
  EXPECT_NEAR(excitationAt(e, 1.0 / 3.0), 0.5 + 0.25 * 0.5, 1e-15);  // cos(pi / 3) = 1/2
  // The knots are ignored for a wave.
  e.times = {0.0};
  e.values = {0.9};
  EXPECT_NEAR(excitationAt(e, 0.0), 0.75, 1e-15);
}

}  // namespace
}  // namespace articulab
