#include "engine/forces/force_drawing.hpp"

#include "engine/forces/element_wrenches.hpp"

namespace articulab {

void forceElementDrawings(const Model& model, const State& state, std::vector<ForceElementDrawing>& out) {
  out.clear();
  const PoseListMotion motion{state.E_0i, state.phi};
  for (const ForceElement& element : model.forces) {
    const ElementWrenches w = elementWrenches(element, attachmentMotion(motion, element.a), attachmentMotion(motion, element.b));
    ForceElementDrawing d;
    d.tension = w.law.tension;
    d.to = w.b.x;
    if (element.type == ForceElementType::PointForce) {
      d.pointForce = true;
      d.from = w.b.x;
      d.to = w.b.x + element.force.normalized();
    } else {
      d.from = w.a.x;
      d.stretch = w.law.length - (element.type == ForceElementType::SpringDamper ? element.restLength : 0.0);
    }
    out.push_back(d);
  }
}

}  // namespace articulab
