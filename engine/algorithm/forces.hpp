// Forces on bodies and joints: gravity, Coriolis, the mouse perturbation, joint springs/dampers.
#pragma once

#include "engine/multibody/state.hpp"

namespace articulab {

// Coriolis plus gravity wrench on body i in body coordinates: ad(phi)^T M phi + f_body
// (eq 1.21-1.22), with gravity acting at the centre of mass.
Vector6 bodyWrench(const Model& model, int i, const Matrix4& E_0i, const Vector6& phi);
// Wrench of the perturbation spring on its body, in body coordinates (eq 1.12-1.13).
Vector6 perturbationWrench(const Perturbation& pert, const Matrix4& E_0i, const Vector6& phi);
// Adds joint spring -K (q - rest) and damper -D qdot forces into f (eq 2.72, 2.74).
void addJointForces(const Model& model, const VectorX& q, const VectorX& qd, VectorX& f);

}  // namespace articulab
