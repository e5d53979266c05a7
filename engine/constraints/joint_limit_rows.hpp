// Rows of joint limits in maximal coordinates (sueda notes 1.10): for a joint of one coordinate
// with a constant twist axis s (revolute, prismatic), the coordinate's rate is a row on the
// child and parent body twists,
//   qdot = s^T Ad(E_jc) (phi_c - Ad_cp phi_p) / (s^T s),
// and the limits are the gaps q - lower >= 0 and upper - q >= 0 with rates +qdot and -qdot.
#pragma once

#include <vector>

#include "engine/constraints/constraint_row.hpp"
#include "engine/multibody/model.hpp"

namespace articulab::constraints {

// Joints whose limits have rows: revolute and prismatic joints with limits.
bool limitsEnforced(const Joint& joint);

// The rate row of joint i's coordinate and its value at the poses and twists.
struct CoordinateRate {
  Row6 jc = Row6::Zero(), jp = Row6::Zero();  // on the child twist and the parent twist (zero for the world)
  double qdot = 0.0;
};
// For a joint with limitsEnforced(); q is its coordinate (recovered from the poses).
CoordinateRate coordinateRate(const Model& model, int i, const std::vector<Matrix4>& E_0i,
                              const std::vector<Vector6>& phi, double q);

}  // namespace articulab::constraints
