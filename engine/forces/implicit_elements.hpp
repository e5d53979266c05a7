// The elements a linearly implicit step treats implicitly (sueda eq 2.77-2.79): the model's force
// elements, the muscles and the mouse spring, each with its symmetrised, positive semidefinite K
// and D (implicitElementJacobians, implicitMuscleJacobians; the mouse spring as
// perturbationJacobians). Back-ends map the 12 x 12 blocks to their coordinates. A muscle over
// B bodies is visited as its B diagonal blocks (one body each) and its B (B - 1) / 2 off-diagonal
// pairs (zero diagonal blocks), which sum to its whole matrix.
#pragma once

#include "engine/forces/applied_forces.hpp"
#include "engine/forces/element_jacobians.hpp"
#include "engine/forces/muscle_jacobians.hpp"

namespace articulab {

// The mouse spring as sueda eq 2.77 writes it: K_m = k Gamma^T Gamma, D_m = c Gamma^T Gamma on
// its body (block b), without the geometric term of its exact K; its target moves anyway.
void perturbationJacobians(const Perturbation& pert, ElementJacobians& out);

// Whether a force element joins two bodies (not the world): it couples them in K and D.
bool couplesTwoBodies(const ForceElement& element);

// The (body a, body b) pairs that forEachImplicitElement visits with both bodies >= 0, in its
// order: the two-body force elements, then each muscle's pairs of distinct path bodies.
std::vector<std::pair<int, int>> coupledBodyPairs(const Model& model);

// Visits a muscle's symmetrised K and D as one-body diagonal blocks and two-body pairs.
template <class Visit>
void visitMuscleBlocks(const MuscleJacobians& muscle, ElementJacobians& jacobians, Visit&& visit) {
  for (int i = 0; i < muscle.bodyCount; ++i) {
    jacobians.K.setZero();
    jacobians.D.setZero();
    jacobians.K.bottomRightCorner<6, 6>() = muscle.K.block<6, 6>(6 * i, 6 * i);
    jacobians.D.bottomRightCorner<6, 6>() = muscle.D.block<6, 6>(6 * i, 6 * i);
    visit(-1, muscle.bodies[i], jacobians);
  }
  for (int i = 0; i < muscle.bodyCount; ++i)
    for (int j = i + 1; j < muscle.bodyCount; ++j) {
      jacobians.K.setZero();
      jacobians.D.setZero();
      jacobians.K.topRightCorner<6, 6>() = muscle.K.block<6, 6>(6 * i, 6 * j);
      jacobians.K.bottomLeftCorner<6, 6>() = muscle.K.block<6, 6>(6 * j, 6 * i);
      jacobians.D.topRightCorner<6, 6>() = muscle.D.block<6, 6>(6 * i, 6 * j);
      jacobians.D.bottomLeftCorner<6, 6>() = muscle.D.block<6, 6>(6 * j, 6 * i);
      visit(muscle.bodies[i], muscle.bodies[j], jacobians);
    }
}

// visit(bodyA, bodyB, jacobians) for each element; a body is -1 for the world (its blocks are
// zero). The rows and columns of jacobians are (body a; body b), 6 each.
template <class Motion, class Visit>
void forEachImplicitElement(const Model& model, const Motion& motion, const ForceInputs& inputs,
                            ElementJacobians& jacobians, Visit&& visit) {
  for (const ForceElement& element : model.forces) {
    implicitElementJacobians(element, attachmentMotion(motion, element.a), attachmentMotion(motion, element.b), jacobians);
    visit(isTwoPointElement(element) ? element.a.body : -1, element.b.body, jacobians);
  }
  MusclePath path;
  MuscleJacobians muscleJacobians;
  for (std::size_t m = 0; m < model.muscles.size(); ++m) {
    musclePath(model.muscles[m], motion, path);
    implicitMuscleJacobians(model.muscles[m], path, activationOf(inputs.activations, m), muscleJacobians);
    visitMuscleBlocks(muscleJacobians, jacobians, visit);
  }
  if (inputs.perturbation.body < 0) return;
  perturbationJacobians(inputs.perturbation, jacobians);
  visit(-1, inputs.perturbation.body, jacobians);
}

}  // namespace articulab
