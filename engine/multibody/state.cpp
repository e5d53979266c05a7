#include "engine/multibody/state.hpp"

namespace articulab {

ForceInputs passiveInputs() {
  static const Perturbation kNoPerturbation;
  static const VectorX kNoActivations;
  return {kNoPerturbation, kNoActivations};
}

}  // namespace articulab
