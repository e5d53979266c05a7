// Position residual of a tree joint in maximal coordinates (sueda notes 1.10, eq 1.69). With
//   T = E_pj^-1 E_0p^-1 E_0c E_jc^-1,
// the pose of the child's joint frame in the parent's (T = Q(q) when the joint holds; it is
// measuredJointTransform of E_pc = E_0p^-1 E_0c, joint_coordinates), each
// joint type keeps the rows of g(T) that its motion does not free, in the order of the columns
// of P in joint_rows (so that at T = Q(q) the Jacobian on the child is exactly P^T Ad(E_jc)):
//   rotation lock     1/2 vee(R - R^T)                    fixed, prismatic, planar, translational
//   axis alignment    (w . R^T a, -u . R^T a), u, w = P's  revolute (a = axis), free2d (a = z)
//   universal         -R(0, 1): parent x stays normal to child y
//   child offset      R^T p: joint origins coincide       fixed, revolute, universal, spherical
//   parent offset     n . p across the free translations  prismatic (u, w), planar and free2d (z)
// Moving the child by xi_c and the parent by xi_p moves T by exp([eta]) on the right with
//   eta = Ad(E_jc) (xi_c - Ad_cp xi_p),
// the relative twist of the velocity rows, so J_c = D Ad(E_jc) and J_p = -J_c Ad_cp with D the
// derivative of g(T exp([eta])) at eta = 0.
#pragma once

#include "engine/constraints/pose_residual.hpp"
#include "engine/multibody/joint.hpp"

namespace articulab::constraints {

// g, J_c (as JA, bodyA = the child) and J_p (as JB, bodyB = the parent) of the joint at the poses.
// Joints without a fixed constraint form (composite, general) get no rows and false.
bool jointResidual(const Joint& joint, const Matrix4& E_0p, const Matrix4& E_0c, PoseResidual& out);

}  // namespace articulab::constraints
