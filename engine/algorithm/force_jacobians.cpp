#include "engine/algorithm/force_jacobians.hpp"

namespace articulab {

ForceJacobianWorkspace::ForceJacobianWorkspace(const Model& model)
    : id(model),
      qPerturbed(model.nq),
      qdPerturbed(model.nq),
      fPlus(model.nq),
      fMinus(model.nq),
      eigen(model.nq),
      scaledVectors(model.nq, model.nq) {}

void forceJacobians(const Model& model, const VectorX& q, const VectorX& qd, const Perturbation& pert,
                    ForceJacobianWorkspace& ws, MatrixX& K, MatrixX& D) {
  constexpr double kStepQ = 1e-6;   // rad or m: balances truncation (eps^2) against rounding
  constexpr double kStepQd = 1.0;   // any step is exact for a quadratic function
  ws.qPerturbed = q;
  ws.qdPerturbed = qd;
  for (int k = 0; k < model.nq; ++k) {
    ws.qPerturbed[k] = q[k] + kStepQ;
    generalizedForce(model, ws.qPerturbed, qd, pert, ws.id, ws.fPlus);
    ws.qPerturbed[k] = q[k] - kStepQ;
    generalizedForce(model, ws.qPerturbed, qd, pert, ws.id, ws.fMinus);
    ws.qPerturbed[k] = q[k];
    K.col(k) = (ws.fMinus - ws.fPlus) / (2.0 * kStepQ);

    ws.qdPerturbed[k] = qd[k] + kStepQd;
    generalizedForce(model, q, ws.qdPerturbed, pert, ws.id, ws.fPlus);
    ws.qdPerturbed[k] = qd[k] - kStepQd;
    generalizedForce(model, q, ws.qdPerturbed, pert, ws.id, ws.fMinus);
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
