#include "app/study/power_fit.hpp"

#include <cmath>
#include <cstddef>

namespace articulab::study {

PowerFit fitPower(const std::vector<double>& x, const std::vector<double>& y) {
  double sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0;
  int n = 0;
  for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
    if (!(x[i] > 0.0) || !(y[i] > 0.0) || !std::isfinite(x[i]) || !std::isfinite(y[i])) continue;
    const double lx = std::log(x[i]), ly = std::log(y[i]);
    sx += lx;
    sy += ly;
    sxx += lx * lx;
    sxy += lx * ly;
    ++n;
  }
  PowerFit fit;
  fit.points = n;
  const double denominator = n * sxx - sx * sx;
  if (n < 2 || denominator <= 0.0) {
    fit.points = n < 2 ? n : 1;
    return fit;
  }
  fit.exponent = (n * sxy - sx * sy) / denominator;
  fit.factor = std::exp((sy - fit.exponent * sx) / n);
  return fit;
}

}  // namespace articulab::study
