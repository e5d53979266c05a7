// Validity of general joints' coordinates along a simulation: a point walking off a finite
// spline patch or a transform that turns NaN is reported, never silently wrapped.
#pragma once

#include <string>

#include "engine/multibody/model.hpp"

namespace articulab {

// Empty when every general joint's q lies in its valid range and gives a finite Q(q);
// otherwise names the joint, the coordinate, its value and the valid range.
std::string checkGeneralJointCoordinates(const Model& model, const VectorX& q);

}  // namespace articulab
