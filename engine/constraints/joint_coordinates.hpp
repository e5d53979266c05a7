// Joint coordinates recovered from maximal coordinates: q from the relative pose of child and
// parent, qdot from their relative twist. They keep State::q/qd meaningful for plots and for
// the drift diagnostic, and give the S, Sdot that the universal joint's rows need.
#pragma once

#include "engine/multibody/joint.hpp"

namespace articulab::constraints {

// Q measured from the poses: E_pj^-1 E_pc E_jc^-1 (inverse of eq 2.6).
Matrix4 measuredJointTransform(const Joint& joint, const Matrix4& E_pc);
// The angle equal to `angle` modulo 2 pi that is closest to `previous`.
double unwrapAngle(double angle, double previous);
// Coordinates whose Q(q) best matches the measured Q; q holds the previous coordinates on
// entry and angles are unwrapped towards them so that q stays continuous in time.
// Composite joints keep q unchanged.
void coordinatesFromTransform(const Joint& joint, const Matrix4& Q, double* q);
// Least-squares qdot with S qdot = delta (delta: relative twist in the joint frame).
void velocitiesFromTwist(const JointMatrix& S, const Vector6& delta, double* qd);

}  // namespace articulab::constraints
