// Load-dependent joint friction: the implicit contact geometry of each joint type and the joint
// reaction forces it is bounded by (sueda notes 2.11, BISP; eq 2.115-2.118).
//
// Each joint with friction (Joint::friction, mu > 0) is a pair of surfaces in bilateral contact
// at pre-determined places; the joint's constraint wrench (force F and moment M about the joint
// origin, in the joint frame, a the joint axis) is carried by normal forces there, and each
// normal force n allows a tangential friction force up to mu |n| (bilateral: the sign of n does
// not matter). Every contact point of a type slides in the same direction relative to the
// joint's motion, with the same lever, so the friction QP over the points' friction forces
// (2.114) equals one over their resultant along the joint's motion with the summed bound
// (a sum of intervals [-mu |n_p|, mu |n_p|] is [-mu sum |n_p|, mu sum |n_p|]). The bounds:
//
//  revolute (pin of radius r and length l in a hole, contact points on both rims z = +-l/2 and
//   a thrust face at radius r): the radial force F_perp = F - a (a.F) and the bending moment
//   M_perp = M - a (a.M) are carried by the two rims with forces R+- (perpendicular to a):
//     R+ + R- = F_perp,  (l/2) a x (R+ - R-) = M_perp   =>   R+- = F_perp / 2 +- (M_perp x a) / l
//   (check: (l/2) a x (2/l)(M_perp x a) = a x (M_perp x a) = M_perp). A pin in a clearance hole
//   touches each rim at the one point along its load, so each rim's normal force is |R+-|; the
//   axial force a.F is carried by the thrust face at radius r. Friction torque about a:
//     |tau| <= mu r (|R+| + |R-| + |a.F|).
//   The moment about a is the joint's own torque (springs, friction), not a load.
//  spherical (ball of radius r in a socket): the ball touches the socket at the point along the
//   force, normal force |F|; the friction torque on each of the three joint-frame axes (a box,
//   as the four-sided cone of eq 2.114):  |tau_k| <= mu r |F|.
//  prismatic (box slider of length l along a and half-width r, faces normal to the joint-frame
//   directions u, v perpendicular to a): the transverse force F_perp and the moment M_perp are
//   carried by the two ends a = +-l/2 as for the revolute pin, R+- = F_perp/2 +- (M_perp x a)/l,
//   each pressing on the u and v faces with |R.u| + |R.v|; the torsion a.M by a couple of faces
//   at +-r, total normal force |a.M| / r. Friction force along a:
//     |f| <= mu (|R+|_uv + |R-|_uv + |a.M| / r),  |R|_uv = |R.u| + |R.v|.
//   The force along a is the joint's own (springs, friction), not a load.
// Other joint types have no friction geometry (the loader refuses friction on them).
// A load-independent part, Joint::friction.loss (URDF <dynamics friction>, MJCF frictionloss),
// adds to each axis's bound: |tau| <= loss + the bound above.
#pragma once

#include <vector>

#include "engine/algorithm/kinematics.hpp"
#include "engine/multibody/model.hpp"

namespace articulab::contact {

// Whether a joint type has a friction geometry (revolute, prismatic, both sphericals).
bool jointFrictionGeometry(JointType type);
// Friction axes of a joint: 1 (revolute, prismatic), 3 (spherical), 0 without friction.
int jointFrictionAxes(const Joint& joint);
// Whether any joint of the model has friction.
bool hasJointFriction(const Model& model);
// The first joint with friction (mu > 0 on a type with a geometry), or nullptr.
const Joint* firstJointWithFriction(const Model& model);

// Direction k of a joint's friction in the joint frame, a unit wrench (n; f) and twist axis:
// revolute (a; 0), prismatic (0; a), spherical (e_k; 0).
Vector6 jointFrictionDirection(const Joint& joint, int k);

// The bound on each friction axis (N m for rotations, N for translations) from the joint's
// constraint wrench w = (M; F) in the joint frame (formulas above), plus friction.loss.
double jointFrictionBound(const Joint& joint, const Vector6& wrench);

// Joint reaction wrenches by a backward traversal (sueda Alg 8 lines 11-13): with the body
// accelerations a_i of qddot at the kinematics kin (a_i = Ad_ip a_p + eta_i + Ad_iJ S qddot_i,
// eq 2.17), body i's net wrench M_i a_i - f_i (f_i: applied body forces with the Coriolis term,
// and any external constraint forces) is what its joint and its children's joints exert on it;
// visiting children before parents and adding each child's wrench to its parent (Ad_ip^T) leaves
// in wrench[i] the wrench joint i exerts on body i, in body i coordinates. This is eq 2.116-2.117,
// f_alpha = M (qdot_con - qdot_unc) / h, with the body velocity change written as
// h (J qddot + Jdot qdot): the notes' difference J (qdot' - qdot) omits Jdot qdot, the
// centripetal part, which eta_i holds.
void jointReactionWrenches(const Model& model, const TreeKinematics& kin, const VectorX& qdd,
                           const std::vector<Vector6>& bodyForce, std::vector<Vector6>& accel,
                           std::vector<Vector6>& wrench);

}  // namespace articulab::contact
