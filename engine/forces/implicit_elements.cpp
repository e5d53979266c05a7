#include "engine/forces/implicit_elements.hpp"

#include "engine/spatial/se3.hpp"

namespace articulab {

void perturbationJacobians(const Perturbation& pert, ElementJacobians& out) {
  const Matrix3x6 Gamma = se3::Gamma(pert.pointLocal);
  const Matrix6 GammaTGamma = Gamma.transpose() * Gamma;
  out.K.setZero();
  out.D.setZero();
  out.K.bottomRightCorner<6, 6>() = pert.stiffness * GammaTGamma;
  out.D.bottomRightCorner<6, 6>() = pert.damping * GammaTGamma;
}

}  // namespace articulab
