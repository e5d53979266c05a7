// A Hill-type musculotendon actuator (sueda notes 1.9.4-1.9.5, Millard et al. 2013): rigid
// tendon, zero pennation, a path of points fixed on bodies (origin, via points, insertion).
// What the scene states; the laws (activation dynamics, excitation, tension, path) are in
// engine/forces/muscle_*.hpp.
//
// Muscles are a list of their own in the Model beside the two-point force elements: a path has a
// variable number of points on up to kMaxMusclePathPoints bodies and its force depends on an
// activation that evolves in the State. They enter the same homes as the elements: the applied
// forces of every back-end (applied_forces.hpp), the implicit K and D (implicit_elements.hpp),
// the energy bookkeeping (force_energy.hpp) and the drawing (force_drawing.hpp).
#pragma once

#include <string>
#include <vector>

#include "engine/multibody/force_element.hpp"

namespace articulab {

// Fixed bound of a path, so that a step evaluates muscles in fixed-size storage.
constexpr int kMaxMusclePathPoints = 8;

// Time constants of the excitation-to-activation dynamics (forces/muscle_activation.hpp).
// Defaults: OpenSim's MuscleFirstOrderActivationDynamicModel (Millard et al. 2013).
struct ActivationTimes {
  double activation = 0.010;    // tau_act, s
  double deactivation = 0.040;  // tau_deact, s
};

// Excitation u(t) of a muscle given in a scene: a piecewise linear function of time or a sine
// wave (evaluated by forces/muscle_excitation.hpp).
struct Excitation {
  // Piecewise linear through (times[i], values[i]); times strictly increasing, constant before the
  // first and after the last knot; one knot is a constant. Used when wave is false.
  std::vector<double> times, values;
  // wave: u = mean + amplitude sin(2 pi t / period + phase), period in s, phase in rad.
  bool wave = false;
  double mean = 0.0, amplitude = 0.0, period = 1.0, phase = 0.0;
};

struct Muscle {
  std::string name;
  std::vector<Attachment> path;          // 2 to kMaxMusclePathPoints points; body -1: a world point
  double maxIsometricForce = 0.0;        // f_opt, N
  double optimalFiberLength = 0.0;       // l_opt, m
  double tendonSlackLength = 0.0;        // l_T, m
  double maxContractionVelocity = 10.0;  // v_max, optimal fibre lengths per second
  ActivationTimes activationTimes;
  Excitation excitation;                 // u(t) in [0, 1]
  double initialActivation = 0.0;        // a(0) in [0, 1]
};

}  // namespace articulab
