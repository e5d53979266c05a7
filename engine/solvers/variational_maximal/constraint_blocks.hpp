// Position-level constraints g(x, q) of the tree joints and loop closures (bruedigam-manchester
// eq 17, 34), from the shared residuals of engine/constraints/ (joint_residual, loop_residual),
// with their Jacobians taken with respect to the body coordinates of this back-end: a
// variation (dtheta in body axes, dx of the centre of mass in world axes) moves the body frame
// by the body twist xi = (dtheta; R^T dx + [c] dtheta), so a residual Jacobian J = [J_w J_v]
// on xi becomes
//   G = [J_w + J_v [c],  J_v R^T]      (columns: dtheta, dx).
#pragma once

#include <vector>

#include "engine/constraints/pose_residual.hpp"
#include "engine/multibody/model.hpp"

namespace articulab::variational {

// One joint or loop closure: rows <= 6 (entries past rows are zero), bodies -1 for the world.
struct ConstraintBlock {
  int rows = 0;
  int bodyA = -1, bodyB = -1;
  Vector6 g = Vector6::Zero();
  Matrix6 GA = Matrix6::Zero(), GB = Matrix6::Zero();
};

// G = [J_w + J_v [c], J_v R^T] (the header's change of variables) for a body at pose E.
Matrix6 toCentreCoordinates(const Matrix6& J, const Matrix4& E, const Vector3& c);

// The residual of joint i (bodyA = child, bodyB = parent) at the poses E; false for joints
// without a fixed constraint form.
bool jointBlock(const Model& model, int i, const std::vector<Matrix4>& E, ConstraintBlock& out);
// The residual of loop closure k at the poses E.
void loopBlock(const Model& model, int k, const std::vector<Matrix4>& E, ConstraintBlock& out);

// Whether rotorBlock covers the joint: revolute and prismatic (one coordinate each).
bool hasRotorCoordinate(const Joint& joint);
// The coordinate of joint i's rotor (Joint::armature) as a one-row block at the poses E: g(0) = Q
// and GA, GB its gradient on the child's and the parent's (dtheta; dx). Q is a smooth function of
// the poses, the joint coordinate where the joint holds: for a revolute joint the angle
// atan2(a . (u x R u), u . R u) of T's rotation R about the axis a (u normal to a; not unwrapped),
// whose derivative under R exp([omega]) (d(R u) = -R [u] omega) is
//   dQ/domega = -((x (a x u) - y u)^T R [u]) / (x^2 + y^2),   x = u . R u,  y = a . (u x R u),
// equal to a^T on the joint; for a prismatic joint the displacement a . p, dQ/dv = a^T R. The
// twist of T is eta = Ad(E_jc)(xi_c - Ad_cp xi_p), as for the joint's rows (joint_residual.hpp).
void rotorBlock(const Model& model, int i, const std::vector<Matrix4>& E, ConstraintBlock& out);

}  // namespace articulab::variational
