// Stiffness and damping matrices of a muscle in maximal coordinates (sueda eq 1.61-1.64),
// K = -dw/d(delta), D = -dw/d(phi), over the stacked coordinates of the distinct bodies of its
// path (world points have none), with the conventions of element_jacobians.hpp.
//
// Derivation (tension f(l_MT, v) shared by the segments, eq 1.59). Point p on body j: x_p = R r + p,
// dx_p/d(delta_j) = X_p = R Gamma(r), dxdot_p/d(delta_j) = -R [Gamma(r) phi] on the angular columns,
// dxdot_p/d(phi_j) = X_p. Segment k from point k to k+1: d = x_k+1 - x_k, l_k = |d|, n = d / l_k,
// P = I - n n^T, dd/d(.) = X_k+1 - X_k, v_k = n . (xdot_k+1 - xdot_k). Then
//   dl_k = n^T dd,   dv_k/d(delta) = (ddot^T P / l_k) dd/d(delta) + n^T d(ddot)/d(delta),   dv_k/d(phi) = dl_k,
//   df = f_l dl_MT + f_v dv   (f_l = df/dl_MT, f_v = df/dv; muscle_tension.hpp),
//   F_k = -f n on point k+1 and +f n on point k,   dF_k/d(delta) = -n df/d(delta) - f P dd/d(delta) / l_k,
// and a body's wrench Gamma^T R^T F varies as Gamma^T (R^T dF + [R^T F] delta_w). The notes'
// two-term split (eq 1.61) is this with the velocity's pose dependence left out of K.
#pragma once

#include "engine/forces/muscle_path.hpp"

namespace articulab {

constexpr int kMaxMuscleCoordinates = 6 * kMaxMusclePathPoints;
using MuscleMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kMaxMuscleCoordinates, kMaxMuscleCoordinates>;

struct MuscleJacobians {
  int bodyCount = 0;                              // distinct bodies of the path
  std::array<int, kMaxMusclePathPoints> bodies{};  // their model indices, in path order
  MuscleMatrix K, D;                              // 6 bodyCount square
};

// The distinct bodies of the path (world points left out) and slot[k], the block of point k (-1: world).
void muscleBodies(const Muscle& muscle, MuscleJacobians& out, std::array<int, kMaxMusclePathPoints>& slot);

// The exact derivatives (not symmetric in general), checked against finite differences.
void muscleJacobians(const Muscle& muscle, const MusclePath& path, double activation, MuscleJacobians& out);

// What the linearly implicit integrators use: K symmetrised and projected to positive
// semidefinite, D symmetrised (as implicitElementJacobians does for the force elements).
void implicitMuscleJacobians(const Muscle& muscle, const MusclePath& path, double activation, MuscleJacobians& out);

}  // namespace articulab
