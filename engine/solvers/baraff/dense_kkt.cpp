#include "engine/solvers/baraff/dense_kkt.hpp"

#include <Eigen/LU>

namespace articulab::baraff {

namespace {
int primaryRowCount(const ConstraintSystem& system) {
  int rows = 0;
  for (const PrimaryConstraint& c : system.primary) rows += c.rows;
  return rows;
}

int rotorCount(const ConstraintSystem& system) {
  int rotors = 0;
  for (const PrimaryConstraint& c : system.primary) rotors += c.armature != 0.0 ? 1 : 0;
  return rotors;
}
}  // namespace

MatrixX denseKKTMatrix(const Model& model, const ConstraintSystem& system) {
  const int n = 6 * model.bodyCount(), r = rotorCount(system), m = primaryRowCount(system),
            k = system.auxiliaryCount();
  const int unknowns = n + r, rows = m + k + r;
  MatrixX H = MatrixX::Zero(unknowns + rows, unknowns + rows);
  for (int i = 0; i < model.bodyCount(); ++i) H.block<6, 6>(6 * i, 6 * i) = model.bodies[i].M;
  int row = unknowns;
  for (int i = 0; i < model.bodyCount(); ++i) {
    const PrimaryConstraint& c = system.primary[i];
    if (c.rows == 0) continue;
    H.block(row, 6 * i, c.rows, 6) = childRows(c);
    const int p = model.joints[i].parent;
    if (p >= 0) H.block(row, 6 * p, c.rows, 6) = parentRows(c);
    row += c.rows;
  }
  for (const ConstraintRow& a : system.auxiliary) {
    if (a.bodyA >= 0) H.block<1, 6>(row, 6 * a.bodyA) += a.jA;
    if (a.bodyB >= 0) H.block<1, 6>(row, 6 * a.bodyB) += a.jB;
    ++row;
  }
  int rotor = n;
  for (int i = 0; i < model.bodyCount(); ++i) {  // v_r - e^T (a_c - Ad_cp a_p) = rotorRhs, mass armature
    const PrimaryConstraint& c = system.primary[i];
    if (c.armature == 0.0) continue;
    H(rotor, rotor) = c.armature;
    H(row, rotor) = 1.0;
    H.block<1, 6>(row, 6 * i) = -c.rotorRow.transpose();
    const int p = model.joints[i].parent;
    if (p >= 0) H.block<1, 6>(row, 6 * p) = c.rotorRow.transpose() * c.Ad_cp;
    ++rotor;
    ++row;
  }
  H.topRightCorner(unknowns, rows) = H.bottomLeftCorner(rows, unknowns).transpose();
  return H;
}

DenseKKTSolution solveDenseKKT(const Model& model, const ConstraintSystem& system) {
  const int n = 6 * model.bodyCount(), r = rotorCount(system), m = primaryRowCount(system),
            k = system.auxiliaryCount();
  VectorX rhs = VectorX::Zero(n + r + m + k + r);
  for (int i = 0; i < model.bodyCount(); ++i) rhs.segment<6>(6 * i) = system.force[i];
  int row = n + r;
  for (const PrimaryConstraint& c : system.primary) {
    rhs.segment(row, c.rows) = c.rhs.head(c.rows);
    row += c.rows;
  }
  for (const ConstraintRow& a : system.auxiliary) rhs[row++] = a.rhs;
  for (const PrimaryConstraint& c : system.primary)
    if (c.armature != 0.0) rhs[row++] = c.rotorRhs;
  const VectorX x = denseKKTMatrix(model, system).fullPivLu().solve(rhs);
  return {x.head(n), -x.segment(n + r, m), -x.segment(n + r + m, k), x.segment(n, r)};
}

}  // namespace articulab::baraff
