// Stiffness and damping matrices of one force element in maximal coordinates (sueda 1.9):
// K = -dw/d(delta), D = -dw/d(phi) over the stacked coordinates (body a; body b), where a body's
// pose varies as E exp([delta]) (delta a body-frame twist, eq 1.34) and w stacks the element's
// wrenches on a and b. Blocks of a world attachment are zero.
#pragma once

#include "engine/forces/element_wrenches.hpp"

namespace articulab {

using Matrix12 = Eigen::Matrix<double, 12, 12>;

struct ElementJacobians {
  Matrix12 K = Matrix12::Zero();  // N m per rad and N/m blocks
  Matrix12 D = Matrix12::Zero();
};

// The exact derivatives (not symmetric in general), checked against finite differences.
void elementJacobians(const ForceElement& element, const RigidMotion& a, const RigidMotion& b, ElementJacobians& out);

// What the linearly implicit integrators use: K symmetrised (Baraff and Witkin 1998, as sueda
// 1.9.2 does) and projected to positive semidefinite, D symmetrised, so that M + h D + h^2 K
// stays positive definite (Teran et al. 2005, as engine/algorithm/force_jacobians does for K_r).
void implicitElementJacobians(const ForceElement& element, const RigidMotion& a, const RigidMotion& b,
                              ElementJacobians& out);

}  // namespace articulab
