// The scalar musculotendon force of sueda eq 1.38 with the normalised length and velocity of
// eq 1.47-1.49 (rigid tendon, zero pennation), and its derivatives in l_MT and v for K and D.
// The notes' eq 1.56 writes a f_L' f_V' for df/dv; the derivative of eq 1.38 is a f_L f_V'.
#pragma once

#include "engine/multibody/muscle.hpp"

namespace articulab {

struct MuscleTension {
  double force = 0.0;               // f = f_opt (a f_L f_V + f_P), N (>= 0: a muscle only pulls)
  double active = 0.0;              // f_opt a f_L f_V, N
  double passive = 0.0;             // f_opt f_P, N
  double lengthNormalized = 0.0;    // l~ = (l_MT - l_T) / l_opt
  double velocityNormalized = 0.0;  // v~ = v / (l_opt v_max)
  double dForce_dLength = 0.0;      // df/dl_MT = f_opt (a f_L' f_V + f_P') / l_opt, N/m
  double dForce_dRate = 0.0;        // df/dv = f_opt a f_L f_V' / (l_opt v_max), N s/m
};

MuscleTension muscleTension(const Muscle& muscle, double length, double lengthRate, double activation);

// The activation of muscle m in a vector of activations; an empty vector means passive (0).
inline double activationOf(const VectorX& activations, std::size_t m) {
  return static_cast<Eigen::Index>(m) < activations.size() ? activations[static_cast<Eigen::Index>(m)] : 0.0;
}

}  // namespace articulab
