// Excitation u(t) of a muscle (Excitation, engine/multibody/muscle.hpp): a piecewise linear
// function of time or a sine wave.
#pragma once

#include "engine/multibody/muscle.hpp"

namespace articulab {

// u at time t (s); no heap allocation. Not clamped to [0, 1]. No knots gives 0.
double excitationAt(const Excitation& e, double t);

Excitation constantExcitation(double u);

}  // namespace articulab
