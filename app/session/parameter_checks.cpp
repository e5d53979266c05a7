#include "app/session/parameter_checks.hpp"

#include <cmath>

#include "engine/io/number_text.hpp"
#include "engine/run/step_size.hpp"

namespace articulab::session {

namespace {

using scene_io::shortNumber;

std::string positive(const std::string& quantity, const std::string& unit, double value) {
  if (!std::isfinite(value)) return quantity + " must be a finite number (got " + shortNumber(value) + ")";
  if (value <= 0.0)
    return quantity + " must be > 0" + (unit.empty() ? "" : " " + unit) + " (got " + shortNumber(value) + ")";
  return "";
}

std::string nonNegative(const std::string& quantity, double value) {
  if (!std::isfinite(value)) return quantity + " must be a finite number (got " + shortNumber(value) + ")";
  if (value < 0.0) return quantity + " must be >= 0 (got " + shortNumber(value) + ")";
  return "";
}

}  // namespace

std::string checkMass(double kg) { return positive("mass", "kg", kg); }
std::string checkStiffness(double value) { return nonNegative("stiffness", value); }
std::string checkDamping(double value) { return nonNegative("damping", value); }
std::string checkFriction(double mu) { return nonNegative("friction coefficient", mu); }
std::string checkSpeed(double multiplier) { return positive("speed multiplier", "", multiplier); }
std::string checkPlotWindow(double seconds) { return positive("plot window", "s", seconds); }

std::string checkStepSize(double seconds) { return stepSizeProblem(seconds); }

std::string checkFinite(const std::string& quantity, double value) {
  return std::isfinite(value) ? "" : quantity + " must be a finite number (got " + shortNumber(value) + ")";
}

std::string checkExcitation(double u) {
  if (u >= 0.0 && u <= 1.0) return "";
  return "excitation must be in [0, 1] (got " + shortNumber(u) + ")";
}

}  // namespace articulab::session
