// The forcing terms F_2, tau_2 of the discrete Euler-Lagrange equations (bruedigam-manchester
// eq 22, 28) at the configuration a step starts from: gravity at the centre of mass, the force
// elements and the mouse spring (engine/forces/, body wrenches without the Coriolis term, which
// the discrete equations carry themselves), and the joint springs and dampers (sueda eq 2.72,
// 2.74) as an equal and opposite wrench pair on child and parent. Velocity-dependent terms
// (dampers) read the state's twists, the discrete velocity of the previous step. A body wrench
// (n; f) at the frame origin does the virtual work of tau = n - c x f about the centre of mass
// and of the world force R f.
#pragma once

#include <vector>

#include "engine/multibody/state.hpp"
#include "engine/solvers/variational_maximal/discrete_euler_lagrange.hpp"

namespace articulab::variational {

// wrench: per-body work space (body coordinates), out: per-body forcing.
void computeForcing(const Model& model, const State& state, std::vector<Vector6>& wrench,
                    std::vector<BodyForcing>& out);

}  // namespace articulab::variational
