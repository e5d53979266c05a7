// A power law y = c x^p fitted to points by least squares on log y against log x: the order of
// convergence (error against dt) and the exponent of scaling (time per step against n).
#pragma once

#include <vector>

namespace articulab::study {

struct PowerFit {
  double exponent = 0.0;  // p
  double factor = 0.0;    // c
  int points = 0;         // the points with x > 0 and y > 0 that were used
  bool valid() const { return points >= 2; }
};

// Points whose x or y is not positive and finite are left out.
PowerFit fitPower(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace articulab::study
