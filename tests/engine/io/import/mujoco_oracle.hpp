// MuJoCo 2.2.2 (Debian libmujoco-dev) as the oracle of the importers' tests: it compiles the same
// URDF or MJCF file with its own parser and computes masses, inertias, body poses and joint
// accelerations with its own algorithms (CRB, RNE). Only the tests link it.
#pragma once

#include <mujoco/mujoco.h>

#include <memory>
#include <string>

#include "engine/multibody/model.hpp"

namespace articulab::test {

struct MujocoModel {
  mjModel* m = nullptr;
  mjData* d = nullptr;
  std::string error;
  explicit MujocoModel(const std::string& path);
  ~MujocoModel();
  MujocoModel(const MujocoModel&) = delete;
  MujocoModel& operator=(const MujocoModel&) = delete;
};

// MuJoCo 2.2.2 diagonalizes a full inertia tensor (fullinertia, URDF products of inertia) with
// an iterative eigen-solver that stops near 1e-7 relative; before comparing dynamics to 1e-9 the
// tests give MuJoCo's bodies our mass properties (same mass and centre, our central inertia
// diagonalized by Eigen; no body taken as simple), after comparing both with the file.
void useOurInertias(const Model& model, const MujocoModel& mj);
// MuJoCo's (qpos, qvel) of our (q, qd): hinges and slides as they are; a ball's rotation vector
// w as the quaternion of exp(w) and its rate as the angular velocity J_r(w) wdot; a free joint's
// (w, p) as (p, quaternion) and (wdot, pdot) as (pdot, J_r(w) wdot). Joints in the same order.
void toMujocoState(const Model& model, const VectorX& q, const VectorX& qd, const MujocoModel& mj);
// Our accelerations qdd in MuJoCo's qacc space: a ball's and a free joint's angular
// acceleration J_r wdd + Jdot_r wdot.
VectorX toMujocoAcceleration(const Model& model, const VectorX& q, const VectorX& qd, const VectorX& qdd,
                             const MujocoModel& mj);

}  // namespace articulab::test
