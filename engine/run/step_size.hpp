// The one rule for the step sizes a run takes: the CLI's --dt, a scene's dt (resolveRun) and
// the app's step size field (session::checkStepSize).
#pragma once

#include <cmath>
#include <sstream>
#include <string>

namespace articulab {

// The largest step size a run takes, in seconds.
inline constexpr double kLargestStep = 1.0;

// Why a step size cannot be run ("step size must be <= 1 s (got 2)"); "" when it can: a finite
// number above 0 and at most kLargestStep.
inline std::string stepSizeProblem(double seconds) {
  std::ostringstream text;
  if (!std::isfinite(seconds)) text << "step size must be a finite number (got " << seconds << ")";
  else if (seconds <= 0.0) text << "step size must be > 0 s (got " << seconds << ")";
  else if (seconds > kLargestStep) text << "step size must be <= " << kLargestStep << " s (got " << seconds << ")";
  return text.str();
}

}  // namespace articulab
