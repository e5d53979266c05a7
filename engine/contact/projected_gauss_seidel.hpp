// The mixed linear complementarity problem of contact and limit multipliers (Baraff 1996,
// section 8.3), solved by projected Gauss-Seidel:
//   A mu - b = w,   mu_i free and w_i = 0 on the first `equalities` rows,
//                   mu_i >= 0, w_i >= 0, mu_i w_i = 0 on the others.
// Each sweep sets mu_i to make w_i = 0, clamped at 0 on an inequality row. For a symmetric
// positive semidefinite A (a Delassus matrix J M^-1 J^T) the sweeps converge; rows whose pivot
// is negligible against the largest have no effect and keep mu_i = 0.
#pragma once

#include "engine/spatial/types.hpp"

namespace articulab::contact {

struct GaussSeidelSettings {
  int sweeps = 500;                // most sweeps
  double tolerance = 1e-12;        // stop when the largest change of mu is below this, relative
  double negligiblePivot = 1e-12;  // A_ii / max A_jj below this: a row with no effect
};

// Solves over the leading size x size block of A and the first `size` entries of b, starting
// from mu = 0; mu (at least size entries) receives the multipliers in its first size entries.
// Returns the sweeps done. Allocates nothing.
int solveMixedComplementarity(const MatrixX& A, const VectorX& b, int size, int equalities, VectorX& mu,
                              const GaussSeidelSettings& settings = {});

}  // namespace articulab::contact
