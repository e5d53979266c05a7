// The elements a linearly implicit step treats implicitly (sueda eq 2.77-2.79): the model's force
// elements and the mouse spring, each with its symmetrised, positive semidefinite K and D
// (implicitElementJacobians; the mouse spring as perturbationJacobians). Back-ends map the 12 x 12 blocks to their coordinates.
#pragma once

#include "engine/forces/applied_forces.hpp"
#include "engine/forces/element_jacobians.hpp"

namespace articulab {

// The mouse spring as sueda eq 2.77 writes it: K_m = k Gamma^T Gamma, D_m = c Gamma^T Gamma on
// its body (block b), without the geometric term of its exact K; its target moves anyway.
void perturbationJacobians(const Perturbation& pert, ElementJacobians& out);

// visit(bodyA, bodyB, jacobians) for each element; a body is -1 for the world (its blocks are
// zero). The rows and columns of jacobians are (body a; body b), 6 each.
template <class Motion, class Visit>
void forEachImplicitElement(const Model& model, const Motion& motion, const Perturbation& pert,
                            ElementJacobians& jacobians, Visit&& visit) {
  for (const ForceElement& element : model.forces) {
    implicitElementJacobians(element, attachmentMotion(motion, element.a), attachmentMotion(motion, element.b), jacobians);
    visit(isTwoPointElement(element) ? element.a.body : -1, element.b.body, jacobians);
  }
  if (pert.body < 0) return;
  perturbationJacobians(pert, jacobians);
  visit(-1, pert.body, jacobians);
}

}  // namespace articulab
