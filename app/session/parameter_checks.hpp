// Validation of values typed by the user (panels and scripts). Each check returns an empty
// string for an acceptable value, otherwise the reason, naming the quantity, the expected
// range and the value given. Values are never clamped.
#pragma once

#include <string>

namespace articulab::session {

std::string checkMass(double kg);
std::string checkStiffness(double value);  // N m/rad or N/m
std::string checkDamping(double value);    // N m s/rad or N s/m
std::string checkFriction(double mu);      // Coulomb coefficient (0: frictionless)
std::string checkStepSize(double seconds);
std::string checkSpeed(double multiplier);
std::string checkFinite(const std::string& quantity, double value);
std::string checkPlotWindow(double seconds);
std::string checkExcitation(double u);  // a muscle excitation, in [0, 1]

}  // namespace articulab::session
