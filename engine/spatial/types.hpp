// Fixed-size Eigen types shared by the whole engine.
//
// Notation (defined once, used everywhere; sueda notes 1.1-1.5):
//   E_ab    4x4 rigid transform: pose of frame b expressed in frame a (^a_b E).
//           E_0i is body i in world, E_pi body i in its parent p.
//   Ad_ab   6x6 adjoint of E_ab: maps a twist in b coordinates to a coordinates (eq 1.14).
//   phi_i   body twist of body i, (angular; linear), in body coordinates (eq 1.5).
//   M_i     6x6 spatial inertia of body i about its frame origin, body coordinates.
//   S, Sdot joint Jacobian and its time derivative in joint coordinates (eq 2.10, 2.15).
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace articulab {

using Vector3 = Eigen::Vector3d;
using Vector4 = Eigen::Vector4d;
using Vector6 = Eigen::Matrix<double, 6, 1>;
using Matrix3 = Eigen::Matrix3d;
using Matrix4 = Eigen::Matrix4d;
using Matrix6 = Eigen::Matrix<double, 6, 6>;
using Matrix3x6 = Eigen::Matrix<double, 3, 6>;
using VectorX = Eigen::VectorXd;
using MatrixX = Eigen::MatrixXd;

// A joint has at most 6 degrees of freedom: S is 6 x nq with nq <= 6, stored without heap.
using JointMatrix = Eigen::Matrix<double, 6, Eigen::Dynamic, Eigen::ColMajor, 6, 6>;
using JointVector = Eigen::Matrix<double, Eigen::Dynamic, 1, Eigen::ColMajor, 6, 1>;

}  // namespace articulab
