// The oracle of the Newton matrix tests of variational-maximal: df/ds by central differences of
// the solver's residual (the step begun with beginStep).
#pragma once

#include <gtest/gtest.h>

#include "engine/solvers/variational_maximal/variational_maximal_solver.hpp"

namespace articulab::test {

inline MatrixX newtonJacobianByCentralDifferences(const Model& model, VariationalMaximalSolver& solver,
                                                  const VectorX& s, double eps = 1e-6) {
  const int N = static_cast<int>(s.size());
  MatrixX Ffd(N, N);
  VectorX fp(N), fm(N);
  int body = -1;
  for (int j = 0; j < N; ++j) {
    VectorX sp = s, sm = s;
    sp[j] += eps;
    sm[j] -= eps;
    EXPECT_TRUE(solver.residual(model, sp, fp, body));
    EXPECT_TRUE(solver.residual(model, sm, fm, body));
    Ffd.col(j) = (fp - fm) / (2 * eps);
  }
  return Ffd;
}

}  // namespace articulab::test
