// Dense reference for the constrained solve, for tests and benchmarks: the full KKT matrix
//   [ M    G^T  J_a^T ] [ a  ]   [ F   ]
//   [ G    0    0     ] [ -l ] = [ r   ]
//   [ J_a  0    0     ] [ -m ]   [ r_a ]
// built with Eigen and solved by LU with full pivoting, O(n^3). A joint with a rotor
// (PrimaryConstraint::armature) adds its acceleration to a (mass armature) and its row
// v_r - rotorRow . (a_c - Ad_cp a_p) = rotorRhs after the auxiliary rows.
#pragma once

#include "engine/multibody/model.hpp"
#include "engine/solvers/baraff/constraint_system.hpp"

namespace articulab::baraff {

struct DenseKKTSolution {
  VectorX a;       // 6n body accelerations, body by body
  VectorX lambda;  // primary multipliers, joint by joint
  VectorX mu;      // auxiliary multipliers
  VectorX rotors;  // rotor accelerations (qddot of the joints with armature), joint by joint
};

MatrixX denseKKTMatrix(const Model& model, const ConstraintSystem& system);
DenseKKTSolution solveDenseKKT(const Model& model, const ConstraintSystem& system);

}  // namespace articulab::baraff
