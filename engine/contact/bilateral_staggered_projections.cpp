#include "engine/contact/bilateral_staggered_projections.hpp"

#include <algorithm>

#include "engine/spatial/se3.hpp"

namespace articulab::contact {

BilateralStaggeredProjections::BilateralStaggeredProjections(const Model& model)
    : firstAxis_(model.joints.size(), -1), wrench_(model.bodies.size(), Vector6::Zero()) {
  for (std::size_t j = 0; j < model.joints.size(); ++j) {
    const Joint& joint = model.joints[j];
    const int count = jointFrictionAxes(joint);
    if (count == 0) continue;
    firstAxis_[j] = axes_;
    const Matrix6 AdJointToBody = se3::Ad(joint.E_jc);  // Ad(E_jc): twists from body to joint frame
    for (int k = 0; k < count; ++k) bodyAxes_.push_back(AdJointToBody.transpose() * jointFrictionDirection(joint, k));
    axes_ += count;
  }
  T_ = MatrixX::Zero(axes_, model.nq);
  W_ = MatrixX::Zero(axes_, axes_);
  c_ = minusC_ = beta_ = lower_ = upper_ = newUpper_ = VectorX::Zero(axes_);
  qp_ = BoxQp(axes_);
}

// Row of axis k of joint j: d_k^T S_j = (Ad(E_jc)^T d_k)^T (Ad_iJ S_j), the joint basis in body
// coordinates (kin.AdS) read by the body-frame direction.
void BilateralStaggeredProjections::assembleDirections(const Model& model, const TreeKinematics& kin) {
  for (std::size_t j = 0; j < model.joints.size(); ++j) {
    if (firstAxis_[j] < 0) continue;
    const Joint& joint = model.joints[j];
    const int count = jointFrictionAxes(joint);
    for (int k = 0; k < count; ++k) {
      const int axis = firstAxis_[j] + k;
      T_.row(axis).segment(joint.qIndex, joint.nq).noalias() =
          bodyAxes_[axis].transpose() * kin.bodies[j].AdS.leftCols(joint.nq);
    }
  }
}

void BilateralStaggeredProjections::prepare(const VectorX& v0, const MatrixX& KT, const BispSettings& settings) {
  W_.noalias() = T_ * KT;
  for (int i = 0; i < axes_; ++i)  // (W + W^T) / 2 in place (no temporary)
    for (int j = 0; j < i; ++j) W_(i, j) = W_(j, i) = 0.5 * (W_(i, j) + W_(j, i));
  c_.noalias() = T_ * v0;
  minusC_ = -c_;
  shift_ = axes_ > 0 ? settings.regularisation * W_.diagonal().cwiseAbs().maxCoeff() : 0.0;
}

// Bounds h b_k from each joint's reaction wrench, turned into the joint frame: Ad_iJ^T w_i
// (Ad_iJ = Ad(E_jc^-1) maps joint-frame twists into the body's, so its transpose maps the
// body-frame wrench into the joint frame, moments about the joint origin).
double BilateralStaggeredProjections::updateBounds(const Model& model, const TreeKinematics& kin, double h) {
  for (std::size_t j = 0; j < model.joints.size(); ++j) {
    if (firstAxis_[j] < 0) continue;
    const Joint& joint = model.joints[j];
    const Vector6 jointWrench = kin.joints[j].Ad_iJ.transpose() * wrench_[j];
    const double bound = h * jointFrictionBound(joint, jointWrench);
    newUpper_.segment(firstAxis_[j], jointFrictionAxes(joint)).setConstant(bound);
  }
  const double scale = axes_ > 0 ? std::max(newUpper_.cwiseAbs().maxCoeff(), upper_.cwiseAbs().maxCoeff()) : 0.0;
  const double change = scale > 0.0 ? (newUpper_ - upper_).cwiseAbs().maxCoeff() / scale : 0.0;
  upper_ = newUpper_;
  lower_ = -upper_;
  return change;
}

bool BilateralStaggeredProjections::solveFrictionQp(const BispSettings& settings) {
  BoxQpSettings qp = settings.qp;
  qp.diagonalShift = shift_;
  beta_ = beta_.cwiseMax(lower_).cwiseMin(upper_);
  return qp_.solve(W_, minusC_, lower_, upper_, beta_, qp).converged;
}

}  // namespace articulab::contact
