// K = -df_r/dq and D = -df_r/dqdot of the generalized force f_r(q, qdot), the matrices of the
// linearly implicit Euler step (sueda eq 2.75-2.79, with every force linearised, not only the
// joint springs). Columns come from central differences of the O(n) recursive force, so the
// cost is O(n^2). f_r is quadratic in qdot, so D is exact up to rounding; K has O(eps^2) error.
#pragma once

#include "engine/algorithm/inverse_dynamics.hpp"
#include "engine/algorithm/symmetric_eigen.hpp"

namespace articulab {

struct ForceJacobianWorkspace {
  TreeKinematics kin;  // at the perturbed (q, qdot)
  InverseDynamicsWorkspace id;
  VectorX qPerturbed, qdPerturbed, fPlus, fMinus;
  SymmetricEigen eigen;
  MatrixX scaledVectors;
  explicit ForceJacobianWorkspace(const Model& model = Model{});
};

void forceJacobians(const Model& model, const VectorX& q, const VectorX& qd, const ForceInputs& inputs,
                    ForceJacobianWorkspace& ws, MatrixX& K, MatrixX& D);
// Only K, the same columns.
void stiffnessByDifferences(const Model& model, const VectorX& q, const VectorX& qd, const ForceInputs& inputs,
                            ForceJacobianWorkspace& ws, MatrixX& K);

// Replaces K by the nearest symmetric positive semidefinite matrix (negative eigenvalues of its
// symmetric part set to zero), the definiteness fix of implicit integrators (Teran et al. 2005).
// Gravity makes K indefinite wherever links sit above their joints; there h^2 K can cancel the
// tiny inertia of a chain's tip in M + h D + h^2 K and the linearised step explodes.
void projectToPositiveSemidefinite(MatrixX& K, ForceJacobianWorkspace& ws);

}  // namespace articulab
