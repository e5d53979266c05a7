// SO(3): cross-product matrix, exponential (Rodrigues) and logarithm (sueda notes 1.3).
#pragma once

#include "engine/spatial/types.hpp"

namespace articulab::so3 {

// [a], the cross-product matrix of a (eq 1.7).
Matrix3 skew(const Vector3& a);
// Inverse of skew: the vector of the skew-symmetric part of W.
Vector3 unskew(const Matrix3& W);
// R = exp([w]) by Rodrigues' formula, with Taylor series near w = 0.
Matrix3 exp(const Vector3& w);
// w with [w] = log(R), |w| in [0, pi]; robust near 0 and near pi.
Vector3 log(const Matrix3& R);

}  // namespace articulab::so3
