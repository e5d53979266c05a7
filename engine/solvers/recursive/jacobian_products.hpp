// Products with the Jacobian J_mr and its derivative in O(n), without forming them (sueda
// notes 2.10, Alg 5-6), and the reduced mass matrix product M_r x = J^T M_m J x (eq 2.18).
// Body blocks of maximal vectors sit at rows 6i..6i+5, as in fillJacobians.
#pragma once

#include <vector>

#include "engine/algorithm/kinematics.hpp"

namespace articulab {

// One 6-vector per body, reused between calls.
using BodyVectors = std::vector<Vector6>;

// y = J x and z = Jdot x (Alg 5): y_i = Ad_ip y_p + Ad_iJ S x_i,
// z_i = Ad_ip z_p + d/dt(Ad_ip) y_p + Ad_iJ Sdot x_i with d/dt(Ad_ip) = -ad(Ad_iJ S qdot) Ad_ip
// (eq 2.17), so d/dt(Ad_ip) y_p = ad(Ad_ip y_p) Ad_iJ S qdot.
void jacobianProducts(const Model& model, const TreeKinematics& kin, const VectorX& x, VectorX& y, VectorX& z);

// x = J^T y (Alg 6): alpha_i = y_i + sum_c Ad_ci^T alpha_c, x_i = (Ad_iJ S)^T alpha_i.
void jacobianTransposeProduct(const Model& model, const TreeKinematics& kin, const VectorX& y, BodyVectors& alpha,
                              VectorX& x);

// out = M_r x = J^T M_m J x + diag(armature) x: Alg 5 for the body twists, M_i per body, Alg 6 back
// (x must not alias out).
void massMatrixProduct(const Model& model, const TreeKinematics& kin, const VectorX& x, BodyVectors& twist,
                       BodyVectors& wrench, VectorX& out);

}  // namespace articulab
