#include "engine/algorithm/force_jacobians.hpp"

namespace articulab {

namespace {
constexpr double kStiffnessStep = 1e-6;  // rad or m: balances truncation (eps^2) against rounding

void forceAt(const Model& model, const VectorX& q, const VectorX& qd, const ForceInputs& inputs,
             ForceJacobianWorkspace& ws, VectorX& f) {
  computeKinematics(model, q, qd, ws.kin);
  generalizedForce(model, ws.kin, q, qd, inputs, ws.id, f);
}
}  // namespace

ForceJacobianWorkspace::ForceJacobianWorkspace(const Model& model)
    : kin(model),
      id(model),
      qPerturbed(model.nq),
      qdPerturbed(model.nq),
      fPlus(model.nq),
      fMinus(model.nq),
      eigen(model.nq),
      scaledVectors(model.nq, model.nq) {}

void stiffnessByDifferences(const Model& model, const VectorX& q, const VectorX& qd, const ForceInputs& inputs,
                            ForceJacobianWorkspace& ws, MatrixX& K) {
  ws.qPerturbed = q;
  for (int k = 0; k < model.nq; ++k) {
    ws.qPerturbed[k] = q[k] + kStiffnessStep;
    forceAt(model, ws.qPerturbed, qd, inputs, ws, ws.fPlus);
    ws.qPerturbed[k] = q[k] - kStiffnessStep;
    forceAt(model, ws.qPerturbed, qd, inputs, ws, ws.fMinus);
    ws.qPerturbed[k] = q[k];
    K.col(k) = (ws.fMinus - ws.fPlus) / (2.0 * kStiffnessStep);
  }
}

void forceJacobians(const Model& model, const VectorX& q, const VectorX& qd, const ForceInputs& inputs,
                    ForceJacobianWorkspace& ws, MatrixX& K, MatrixX& D) {
  constexpr double kStepQd = 1.0;  // any step is exact for a quadratic function
  stiffnessByDifferences(model, q, qd, inputs, ws, K);
  ws.qdPerturbed = qd;
  for (int k = 0; k < model.nq; ++k) {
    ws.qdPerturbed[k] = qd[k] + kStepQd;
    forceAt(model, q, ws.qdPerturbed, inputs, ws, ws.fPlus);
    ws.qdPerturbed[k] = qd[k] - kStepQd;
    forceAt(model, q, ws.qdPerturbed, inputs, ws, ws.fMinus);
    ws.qdPerturbed[k] = qd[k];
    D.col(k) = (ws.fMinus - ws.fPlus) / (2.0 * kStepQd);
  }
}

void projectToPositiveSemidefinite(MatrixX& K, ForceJacobianWorkspace& ws) {
  for (Eigen::Index j = 0; j < K.cols(); ++j)
    for (Eigen::Index i = j + 1; i < K.rows(); ++i) K(i, j) = K(j, i) = 0.5 * (K(i, j) + K(j, i));
  ws.eigen.compute(K);
  const auto& V = ws.eigen.eigenvectors();
  ws.scaledVectors.noalias() = V * ws.eigen.eigenvalues().cwiseMax(0.0).asDiagonal();
  K.noalias() = ws.scaledVectors * V.transpose();
}

}  // namespace articulab
