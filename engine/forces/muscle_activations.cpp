#include "engine/forces/muscle_activations.hpp"

#include "engine/forces/muscle_activation.hpp"
#include "engine/forces/muscle_excitation.hpp"

namespace articulab {

void advanceActivations(const Model& model, double t, double h, VectorX& activations) {
  for (std::size_t m = 0; m < model.muscles.size(); ++m) {
    const Muscle& muscle = model.muscles[m];
    double& a = activations[static_cast<Eigen::Index>(m)];
    a = advanceActivation(a, excitationAt(muscle.excitation, t), h, muscle.activationTimes);
  }
}

}  // namespace articulab
