#include "engine/solvers/variational_maximal/rotor_coupling.hpp"

#include <cmath>
#include <numbers>

namespace articulab::variational {

std::vector<double> rotorInertias(const Model& model) {
  std::vector<double> a(model.joints.size(), 0.0);
  for (std::size_t i = 0; i < a.size(); ++i) {
    const Joint& joint = model.joints[i];
    if (joint.nq > 0 && hasRotorCoordinate(joint)) a[i] = joint.armature;
  }
  return a;
}

double rotorIncrement(const Joint& joint, double from, double to) {
  if (joint.type != JointType::Revolute) return to - from;
  return std::remainder(to - from, 2.0 * std::numbers::pi);
}

void addRotorImpulse(const ConstraintBlock& rotor, double impulse, VectorX& f) {
  if (rotor.bodyA >= 0) f.segment<6>(6 * rotor.bodyA) += impulse * rotor.GA.row(0).transpose();
  if (rotor.bodyB >= 0) f.segment<6>(6 * rotor.bodyB) += impulse * rotor.GB.row(0).transpose();
}

void coupleRotorForces(const ConstraintBlock& at2, CouplingBlock& out) {
  out.forceA.row(out.rows) = at2.GA.row(0);
  out.forceB.row(out.rows) = at2.GB.row(0);
}

void coupleRotorRates(const ConstraintBlock& at3, const std::vector<Matrix3>& gamma, double a, CouplingBlock& out) {
  const auto rate = [&](const Matrix6& G, int body, Matrix6& R) {
    if (body < 0) return;
    R.block<1, 3>(out.rows, 0).noalias() = a * G.block<1, 3>(0, 0) * gamma[body];
    R.block<1, 3>(out.rows, 3) = a * G.block<1, 3>(0, 3);
  };
  rate(at3.GA, at3.bodyA, out.rateA);
  rate(at3.GB, at3.bodyB, out.rateB);
}

void loadRotorRow(const ConstraintBlock& rotor, double a, CouplingBlock& out) {
  out.forceA.row(out.rows) = rotor.GA.row(0);
  out.forceB.row(out.rows) = rotor.GB.row(0);
  out.rateA.row(out.rows) = a * rotor.GA.row(0);
  out.rateB.row(out.rows) = a * rotor.GB.row(0);
}

}  // namespace articulab::variational
