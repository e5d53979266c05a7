#include "engine/solvers/baraff/dense_kkt.hpp"

#include <Eigen/LU>

namespace articulab::baraff {

namespace {
int primaryRowCount(const ConstraintSystem& system) {
  int rows = 0;
  for (const PrimaryConstraint& c : system.primary) rows += c.rows;
  return rows;
}
}  // namespace

MatrixX denseKKTMatrix(const Model& model, const ConstraintSystem& system) {
  const int n = 6 * model.bodyCount(), m = primaryRowCount(system), k = system.auxiliaryCount();
  MatrixX H = MatrixX::Zero(n + m + k, n + m + k);
  for (int i = 0; i < model.bodyCount(); ++i) H.block<6, 6>(6 * i, 6 * i) = model.bodies[i].M;
  int row = n;
  for (int i = 0; i < model.bodyCount(); ++i) {
    const PrimaryConstraint& c = system.primary[i];
    if (c.rows == 0) continue;
    H.block(row, 6 * i, c.rows, 6) = childRows(c);
    const int p = model.joints[i].parent;
    if (p >= 0) H.block(row, 6 * p, c.rows, 6) = parentRows(c);
    row += c.rows;
  }
  for (const ConstraintRow& r : system.auxiliary) {
    if (r.bodyA >= 0) H.block<1, 6>(row, 6 * r.bodyA) += r.jA;
    if (r.bodyB >= 0) H.block<1, 6>(row, 6 * r.bodyB) += r.jB;
    ++row;
  }
  H.topRightCorner(n, m + k) = H.bottomLeftCorner(m + k, n).transpose();
  return H;
}

DenseKKTSolution solveDenseKKT(const Model& model, const ConstraintSystem& system) {
  const int n = 6 * model.bodyCount(), m = primaryRowCount(system), k = system.auxiliaryCount();
  VectorX rhs(n + m + k);
  for (int i = 0; i < model.bodyCount(); ++i) rhs.segment<6>(6 * i) = system.force[i];
  int row = n;
  for (const PrimaryConstraint& c : system.primary) {
    rhs.segment(row, c.rows) = c.rhs.head(c.rows);
    row += c.rows;
  }
  for (const ConstraintRow& r : system.auxiliary) rhs[row++] = r.rhs;
  const VectorX x = denseKKTMatrix(model, system).fullPivLu().solve(rhs);
  return {x.head(n), -x.segment(n, m), -x.tail(k)};
}

}  // namespace articulab::baraff
