#include "engine/solvers/variational_minimal/group_chart.hpp"

#include <Eigen/LU>

#include "engine/spatial/se3.hpp"
#include "engine/spatial/so3.hpp"

namespace articulab::variational_minimal {

namespace {

const double kGroupChartZeros[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};

// S(q) of joint i (6 x n_i) into chart.scratch; Q(q) into chart.scratch.Q.
const JointKinematics& jointAt(const Joint& joint, const double* q, GroupChart& chart) {
  evaluateJoint(joint, q, kGroupChartZeros, chart.scratch);
  return chart.scratch;
}

// The engine coordinates of a group joint's transform Q: w = log R (|w| <= pi), free3d's p the
// translation of Q = T(p) Rot(w).
void groupCoordinates(const Joint& joint, const Matrix4& Q, double* q) {
  Eigen::Map<Vector3> rotation(q);
  rotation = so3::log(Q.topLeftCorner<3, 3>());
  if (joint.type == JointType::Free3D) {
    Eigen::Map<Vector3> translation(q + 3);
    translation = Q.topRightCorner<3, 1>();
  }
}

// J = dq/da = S(q)^-1 S(a) at the chart point a of joint `joint` (k-th group joint).
Matrix6 coordinateJacobian(const Joint& joint, int k, const double* a, GroupChart& chart, double* q) {
  const int n = joint.nq;
  evaluateJoint(joint, a, kGroupChartZeros, chart.scratch2);
  groupCoordinates(joint, chart.centre[k] * chart.scratch2.Q, q);
  const JointKinematics& atQ = jointAt(joint, q, chart);
  Matrix6 J = Matrix6::Identity();
  J.topLeftCorner(n, n) = atQ.S.topRows(n).partialPivLu().solve(chart.scratch2.S.topRows(n));
  return J;
}

}  // namespace

bool isGroupJoint(const Joint& joint) {
  return joint.type == JointType::SphericalExp || joint.type == JointType::Free3D;
}

GroupChart::GroupChart(const Model& source) : model(source) {
  for (int i = 0; i < source.bodyCount(); ++i) {
    if (!isGroupJoint(source.joints[i])) continue;
    joints.push_back(i);
    centre.push_back(Matrix4::Identity());
    model.joints[i].stiffness = 0.0;  // applied in the chart by addGroupJointForces
    model.joints[i].damping = 0.0;
  }
  scratch.S = scratch.Sdot = scratch2.S = scratch2.Sdot = JointMatrix::Zero(6, 6);
}

void centreChart(const Model& model, const VectorX& q, GroupChart& chart, VectorX& a) {
  a = q;
  for (std::size_t k = 0; k < chart.joints.size(); ++k) {
    const Joint& joint = model.joints[chart.joints[k]];
    chart.centre[k] = jointAt(joint, q.data() + joint.qIndex, chart).Q;
    chart.model.joints[chart.joints[k]].E_pj = joint.E_pj * chart.centre[k];
    a.segment(joint.qIndex, joint.nq).setZero();
  }
}

void chartVelocity(const Model& model, const VectorX& q, const VectorX& qd, GroupChart& chart, VectorX& v) {
  v = qd;
  for (int i : chart.joints) {
    const Joint& joint = model.joints[i];
    const JointKinematics& k = jointAt(joint, q.data() + joint.qIndex, chart);
    v.segment(joint.qIndex, joint.nq) = k.S.topRows(joint.nq) * qd.segment(joint.qIndex, joint.nq);
  }
}

void coordinateVelocity(const Model& model, const VectorX& q, const VectorX& v, GroupChart& chart, VectorX& qd) {
  qd = v;
  for (int i : chart.joints) {
    const Joint& joint = model.joints[i];
    const JointKinematics& k = jointAt(joint, q.data() + joint.qIndex, chart);
    qd.segment(joint.qIndex, joint.nq) = k.S.topRows(joint.nq).partialPivLu().solve(v.segment(joint.qIndex, joint.nq));
  }
}

void groupUpdate(const Model& model, const VectorX& aNext, GroupChart& chart, VectorX& qNext) {
  qNext = aNext;
  for (std::size_t k = 0; k < chart.joints.size(); ++k) {
    const Joint& joint = model.joints[chart.joints[k]];
    evaluateJoint(joint, aNext.data() + joint.qIndex, kGroupChartZeros, chart.scratch);
    groupCoordinates(joint, chart.centre[k] * chart.scratch.Q, qNext.data() + joint.qIndex);
  }
}

void recentreMomentum(const Model& model, const VectorX& aNext, GroupChart& chart, VectorX& p) {
  for (int i : chart.joints) {
    const Joint& joint = model.joints[i];
    const JointKinematics& k = jointAt(joint, aNext.data() + joint.qIndex, chart);
    const int n = joint.nq;
    p.segment(joint.qIndex, n) = k.S.topRows(n).transpose().partialPivLu().solve(p.segment(joint.qIndex, n));
  }
}

void addGroupJointForces(const Model& model, const VectorX& a, const VectorX& adot, double h, GroupChart& chart,
                         VectorX& g) {
  for (std::size_t k = 0; k < chart.joints.size(); ++k) {
    const Joint& joint = model.joints[chart.joints[k]];
    if (joint.stiffness == 0.0 && joint.damping == 0.0) continue;
    const int n = joint.nq, r = joint.qIndex;
    double q[6];
    const Matrix6 J = coordinateJacobian(joint, static_cast<int>(k), a.data() + r, chart, q);
    const Eigen::Map<const JointVector> qi(q, n);
    JointVector tau = -joint.damping * (J.topLeftCorner(n, n) * adot.segment(r, n));
    if (joint.stiffness != 0.0) tau -= joint.stiffness * (qi - joint.rest);
    g.segment(r, n).noalias() += (0.5 * h) * (J.topLeftCorner(n, n).transpose() * tau);
  }
}

}  // namespace articulab::variational_minimal

namespace articulab::variational_minimal {

namespace {

// The n x n blocks of a group joint at the chart point alpha, padded to 6 x 6 with the identity
// (spherical_exp: n = 3, its twists are angular): S(alpha), Ad(tau(alpha)^-1), and
// E = [dS/dalpha_c v]_c (the directional derivatives of S applied to v).
struct ChartJacobians {
  Matrix6 S = Matrix6::Identity(), AdInv = Matrix6::Identity(), E = Matrix6::Zero();
};

ChartJacobians chartJacobians(const Joint& joint, const double* alpha, const Vector6& v, bool withE, GroupChart& chart) {
  const int n = joint.nq;
  ChartJacobians out;
  evaluateJoint(joint, alpha, kGroupChartZeros, chart.scratch2);
  out.S.topLeftCorner(n, n) = chart.scratch2.S.topRows(n);
  out.AdInv.topLeftCorner(n, n) = se3::AdInverse(chart.scratch2.Q).topLeftCorner(n, n);
  if (!withE) return out;
  double unit[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  for (int c = 0; c < n; ++c) {
    unit[c] = 1.0;
    evaluateJoint(joint, alpha, unit, chart.scratch2);
    unit[c] = 0.0;
    out.E.col(c).head(n) = chart.scratch2.Sdot.topRows(n) * v.head(n);
  }
  return out;
}

}  // namespace

void chartBackwardMomentum(const Model& model, const VectorX& pPlus, const VectorX& v, double h, const VectorX& p,
                           const VectorX& g, GroupChart& chart, VectorX& f) {
  for (int i : chart.joints) {
    const Joint& joint = model.joints[i];
    const int n = joint.nq, r = joint.qIndex;
    Vector6 vi = Vector6::Zero(), pi = Vector6::Zero(), gi = Vector6::Zero(), a = Vector6::Zero();
    vi.head(n) = v.segment(r, n);
    pi.head(n) = p.segment(r, n);
    gi.head(n) = g.segment(r, n);
    a = h * vi;
    const Vector6 half = 0.5 * a;
    const ChartJacobians end = chartJacobians(joint, a.data(), vi, false, chart);
    const ChartJacobians mid = chartJacobians(joint, half.data(), vi, true, chart);
    // mu^- = -Ad(tau(a)^-1)^T S(a)^-T (p + g) + Ad(tau(a/2)^-1)^T S(a/2)^-T (2 g - h E^T S(a/2)^-T p)
    const Vector6 muEnd = end.S.transpose().partialPivLu().solve(pi + gi);
    const auto midLu = mid.S.transpose().partialPivLu();
    const Vector6 y = midLu.solve(pi);
    const Vector6 muMid = midLu.solve(2.0 * gi - h * (mid.E.transpose() * y));
    const Vector6 muMinus = mid.AdInv.transpose() * muMid - end.AdInv.transpose() * muEnd;
    f.segment(r, n) = pPlus.segment(r, n) + muMinus.head(n);
  }
}

}  // namespace articulab::variational_minimal
