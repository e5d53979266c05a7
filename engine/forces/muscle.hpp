// A Hill-type musculotendon actuator (sueda notes 1.9.4-1.9.5, Millard et al. 2013): rigid
// tendon, zero pennation, a path of points fixed on bodies (origin, via points, insertion).
//
// Muscles are a list of their own in the Model beside the two-point force elements: a path has a
// variable number of points on up to kMaxMusclePathPoints bodies and its force depends on an
// activation that evolves in the State. They enter the same homes as the elements: the applied
// forces of every back-end (applied_forces.hpp), the implicit K and D (implicit_elements.hpp),
// the energy bookkeeping (force_energy.hpp) and the drawing (force_drawing.hpp).
#pragma once

#include <string>
#include <vector>

#include "engine/forces/force_element.hpp"
#include "engine/forces/muscle_activation.hpp"
#include "engine/forces/muscle_excitation.hpp"

namespace articulab {

// Fixed bound of a path, so that a step evaluates muscles in fixed-size storage.
constexpr int kMaxMusclePathPoints = 8;

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
