#include "engine/forces/element_wrenches.hpp"

#include "engine/spatial/se3.hpp"

namespace articulab {

AttachmentPoint attachmentPoint(const Attachment& attachment, const RigidMotion& motion) {
  return {motion.R * attachment.point + motion.p, motion.R * (se3::Gamma(attachment.point) * motion.phi)};
}

ElementWrenches elementWrenches(const ForceElement& element, const RigidMotion& a, const RigidMotion& b) {
  ElementWrenches out;
  out.a = attachmentPoint(element.a, a);
  out.b = attachmentPoint(element.b, b);
  out.law = evaluateForceLaw(element, out.a.x, out.b.x, out.b.xdot - out.a.xdot);
  if (element.b.body >= 0) out.onB = se3::Gamma(element.b.point).transpose() * (b.R.transpose() * out.law.force);
  if (isTwoPointElement(element) && element.a.body >= 0)
    out.onA = -(se3::Gamma(element.a.point).transpose() * (a.R.transpose() * out.law.force));
  return out;
}

void addElementWrenches(const ForceElement& element, const RigidMotion& a, const RigidMotion& b,
                        std::vector<Vector6>& wrench) {
  const ElementWrenches w = elementWrenches(element, a, b);
  if (element.b.body >= 0) wrench[element.b.body] += w.onB;
  if (isTwoPointElement(element) && element.a.body >= 0) wrench[element.a.body] += w.onA;
}

}  // namespace articulab
