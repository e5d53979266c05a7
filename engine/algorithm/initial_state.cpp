#include "engine/algorithm/initial_state.hpp"

#include "engine/algorithm/kinematics.hpp"

namespace articulab {

State makeInitialState(const Model& model) {
  TreeKinematics kin(model);
  computeKinematics(model, model.q0, model.qd0, kin);
  return makeInitialState(model, kin);
}

State makeInitialState(const Model& model, const TreeKinematics& initial) {
  State state;
  state.q = model.q0;
  state.qd = model.qd0;
  state.qdd = VectorX::Zero(model.nq);
  state.E_0i.resize(model.bodies.size());
  state.phi.resize(model.bodies.size());
  copyWorldMotion(initial, state.E_0i, state.phi);
  state.activations.resize(static_cast<Eigen::Index>(model.muscles.size()));
  for (std::size_t m = 0; m < model.muscles.size(); ++m) state.activations[m] = model.muscles[m].initialActivation;
  return state;
}

}  // namespace articulab
