#include "engine/constraints/loop_closing.hpp"

#include <Eigen/QR>
#include <cmath>
#include <cstdio>

#include "engine/algorithm/kinematics.hpp"
#include "engine/constraints/loop_residual.hpp"
#include "engine/constraints/loop_rows.hpp"

namespace articulab::constraints {

namespace {

constexpr int kIterations = 50;
constexpr double kDifference = 1e-7;  // central-difference step of a coordinate (rad or m)

int residualRows(const Model& model) {
  int rows = 0;
  for (const LoopConstraint& loop : model.loops) rows += loopRowCount(loop);
  return rows;
}

// g(q) of every loop, stacked in model order; `worst` is the loop with the largest |g|.
VectorX residual(const Model& model, const VectorX& q, TreeKinematics& kin, int* worst = nullptr) {
  computeKinematics(model, q, VectorX::Zero(q.size()), kin);
  VectorX g(residualRows(model));
  int row = 0;
  double largest = -1.0;
  for (std::size_t l = 0; l < model.loops.size(); ++l) {
    const LoopConstraint& loop = model.loops[l];
    const Matrix4 E_0A = loop.bodyA < 0 ? Matrix4(Matrix4::Identity()) : kin.bodies[loop.bodyA].worldPose();
    const Matrix4 E_0B = loop.bodyB < 0 ? Matrix4(Matrix4::Identity()) : kin.bodies[loop.bodyB].worldPose();
    PoseResidual r;
    loopResidual(loop, E_0A, E_0B, r);
    g.segment(row, r.rows) = r.g.head(r.rows);
    if (r.g.head(r.rows).cwiseAbs().maxCoeff() > largest) {
      largest = r.g.head(r.rows).cwiseAbs().maxCoeff();
      if (worst) *worst = static_cast<int>(l);
    }
    row += r.rows;
  }
  return g;
}

double largestOf(const VectorX& g) { return g.size() == 0 ? 0.0 : g.cwiseAbs().maxCoeff(); }

}  // namespace

double loopGap(const Model& model, const VectorX& q) {
  TreeKinematics kin(model);
  return largestOf(residual(model, q, kin));
}

bool closeLoops(const Model& model, const std::vector<bool>& held, double tolerance, VectorX& q, std::string& reason) {
  TreeKinematics kin(model);
  std::vector<int> free;
  for (int i = 0; i < q.size(); ++i)
    if (i >= static_cast<int>(held.size()) || !held[i]) free.push_back(i);
  VectorX x = q;
  VectorX g = residual(model, x, kin);
  for (int iteration = 0; iteration < kIterations && largestOf(g) > tolerance && !free.empty(); ++iteration) {
    MatrixX G(g.size(), free.size());
    for (std::size_t c = 0; c < free.size(); ++c) {
      VectorX plus = x, minus = x;
      plus(free[c]) += kDifference;
      minus(free[c]) -= kDifference;
      G.col(c) = (residual(model, plus, kin) - residual(model, minus, kin)) / (2.0 * kDifference);
    }
    const VectorX step = G.completeOrthogonalDecomposition().solve(-g);
    for (std::size_t c = 0; c < free.size(); ++c) x(free[c]) += step(c);
    g = residual(model, x, kin);
    if (!g.allFinite()) break;
  }
  int worst = 0;
  g = residual(model, x, kin, &worst);
  if (g.allFinite() && largestOf(g) <= tolerance) {
    q = x;
    return true;
  }
  char gap[64];
  std::snprintf(gap, sizeof gap, "%.3g", largestOf(g));
  reason = "loop '" + (model.loops.empty() ? std::string() : model.loops[worst].name) + "' cannot close there (gap " +
           gap + " after " + std::to_string(kIterations) + " iterations)";
  return false;
}

}  // namespace articulab::constraints
