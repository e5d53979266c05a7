// Wrenches of one force element on the bodies it touches (sueda eq 1.31, 1.35, 1.65): the
// world force F on b acts at x_b as Gamma(r_b)^T R_b^T F, -F on a likewise (eq 1.12-1.13).
#pragma once

#include <vector>

#include "engine/forces/force_law.hpp"
#include "engine/forces/rigid_motion.hpp"

namespace articulab {

// World position and velocity of an attachment point (eq 1.12).
struct AttachmentPoint {
  Vector3 x = Vector3::Zero();
  Vector3 xdot = Vector3::Zero();
};

AttachmentPoint attachmentPoint(const Attachment& attachment, const RigidMotion& motion);

struct ElementWrenches {
  Vector6 onA = Vector6::Zero(), onB = Vector6::Zero();  // body coordinates; zero on the world
  ForceLawValue law;
  AttachmentPoint a, b;
};

ElementWrenches elementWrenches(const ForceElement& element, const RigidMotion& a, const RigidMotion& b);

// Adds the element's wrenches to the per-body wrenches (body coordinates).
void addElementWrenches(const ForceElement& element, const RigidMotion& a, const RigidMotion& b,
                        std::vector<Vector6>& wrench);

}  // namespace articulab
