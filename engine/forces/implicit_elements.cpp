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

bool couplesTwoBodies(const ForceElement& element) {
  return isTwoPointElement(element) && element.a.body >= 0 && element.b.body >= 0;
}

std::vector<std::pair<int, int>> coupledBodyPairs(const Model& model) {
  std::vector<std::pair<int, int>> pairs;
  for (const ForceElement& element : model.forces)
    if (couplesTwoBodies(element)) pairs.emplace_back(element.a.body, element.b.body);
  for (const Muscle& muscle : model.muscles) {
    MuscleJacobians bodies;
    std::array<int, kMaxMusclePathPoints> slot{};
    muscleBodies(muscle, bodies, slot);
    for (int i = 0; i < bodies.bodyCount; ++i)
      for (int j = i + 1; j < bodies.bodyCount; ++j) pairs.emplace_back(bodies.bodies[i], bodies.bodies[j]);
  }
  return pairs;
}

}  // namespace articulab
