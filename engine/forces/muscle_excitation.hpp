// Excitation u(t) of a muscle given in a scene: a piecewise linear function of time or a sine wave.
#pragma once

#include <vector>

namespace articulab {

struct Excitation {
  // Piecewise linear through (times[i], values[i]); times strictly increasing, constant before the
  // first and after the last knot; one knot is a constant. Used when wave is false.
  std::vector<double> times, values;
  // wave: u = mean + amplitude sin(2 pi t / period + phase), period in s, phase in rad.
  bool wave = false;
  double mean = 0.0, amplitude = 0.0, period = 1.0, phase = 0.0;
};

// u at time t (s); no heap allocation. Not clamped to [0, 1]. No knots gives 0.
double excitationAt(const Excitation& e, double t);

Excitation constantExcitation(double u);

}  // namespace articulab
