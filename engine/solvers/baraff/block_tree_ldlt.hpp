// The sparse KKT matrix H of the primary constraints and its O(n) block LDL^T factor
// (Baraff 1996, sections 6-7 and appendix A):
//   H = [ M  G^T ]      one node per body (6 x 6 block M_i) and one per joint with rows
//       [ G   0  ]      (its rows x rows zero block); G links joint i to bodies i and p.
// The graph of H is the joint tree with a constraint node on every edge. Nodes are eliminated
// children first (bodies from the last to the first, joint i right after body i), so the
// factor has no fill-in. With C = Gc^T, Gp = -C^T Ad_cp and s the free directions of joint i
// (C^T s = 0), eliminating body i leaves the pivot D_i = M_i + sum over child joints j of
// Ad_cp^T Ia_j Ad_cp, and eliminating joint i leaves -(C^T D_i^-1 C), whose inverse N_i
// enters the factor only as
//   C N_i C^T = Ia_i = D_i - D_i s (s^T D_i s)^-1 s^T D_i
// (the oblique projection identity for complementary C and s; it is the articulated inertia
// of Featherstone's algorithm). So a node costs one 6 x 6 inversion, a (6 - rows)-square one
// and one congruence with Ad_cp, every block a fixed 6 x 6 matrix.
// Rotor (PrimaryConstraint::armature a on a one-free-direction joint): a leaf node of mass a
// off the joint node, whose row v_r - e^T (x_i - Ad_cp x_p) = c_r joins the joint's rows:
// C' = [C, -e] is square. Eliminating the rotor, then body i, the joint leaves
//   Ia' = C' (C'^T D^-1 C' + E E^T / a)^-1 C'^T = (D^-1 + f f^T / a)^-1 = D - D f (f^T D f + a)^-1 f^T D
// (C'^-T E = -f, f the free twist per unit qdot: C^T f = 0, e^T f = 1; Sherman-Morrison), the
// articulated inertia with the rotor's armature added to the pivot of Featherstone's
// algorithm. The solve keeps its form with C'^-T r' = embed r - c_r f for embed = the first columns
// of C'^-T, and lambda = -embed^T (C' y). Still a tree: O(n).
#pragma once

#include <string>
#include <vector>

#include "engine/multibody/model.hpp"
#include "engine/solvers/baraff/constraint_system.hpp"

namespace articulab::baraff {

class BlockTreeLDLT {
 public:
  explicit BlockTreeLDLT(const Model& model = Model{});
  // Factors H for the rows in the system; false (with failure() naming the body or joint) when
  // a pivot is not positive definite (a singular or non-finite inertia or state).
  bool factor(const Model& model, const ConstraintSystem& system);
  // Solves H [a; y] = [F; r] for accelerations a (per body) and multipliers lambda = -y
  // (per joint, when lambda is given), so that M a = F + G^T lambda and G a = r; F is bodyRhs,
  // r is system.primary[i].rhs when withRowRhs, else zero (sparsesolve).
  void solve(const ConstraintSystem& system, const std::vector<Vector6>& bodyRhs, bool withRowRhs,
             std::vector<Vector6>& a, std::vector<RowVector>* lambda);
  const std::string& failure() const { return failure_; }

 private:
  // Body i and its joint (indexed like the bodies; children have larger indices).
  struct Node {
    int parent = -1;
    bool hasRows = false;
    bool rowsMove = false;  // the rows' right inverse depends on q (universal joint)
    Matrix6 Dinv;     // D_i, then D_i^-1
    Matrix6 Ia;       // C N C^T
    Matrix6 IaAd;     // Ia Ad_cp
    // Of the factored rows: solves stay exact for that H when the rows move on (embed only when
    // it depends on q; else the system's constant one).
    Matrix6 Ad_cp, embed;
    Vector6 y, w, x;  // D^-1 b, C N b_joint, solution
  };
  std::vector<Node> nodes_;
  std::string failure_;
};

}  // namespace articulab::baraff
