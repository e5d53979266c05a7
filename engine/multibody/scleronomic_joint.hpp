// General scleronomic joints: a joint defined only by its transform Q(q), written once and
// generic in the scalar type (si-guenter section 4). S and Sdot come from forward-mode
// automatic differentiation of Q:
//   S_j    = (Q^-1 dQ/dq_j)^v                                  (si-guenter eq 9, sueda eq 2.10)
//   Sdot_j = d/dt S_j = sum_k dS_j/dq_k qdot_k                 (si-guenter eq 12)
// One evaluation of Q in SecondOrderJet<nq> scalars gives Q, every dQ/dq_j and their time
// derivatives; no symbolic preprocessing, no hand derivation, no finite differences.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/multibody/joint.hpp"
#include "engine/spatial/generic_exp.hpp"

namespace articulab {

class ScleronomicJoint {
 public:
  virtual ~ScleronomicJoint() = default;
  // Number of coordinates (at most 6).
  virtual int dof() const = 0;
  // The scene-format type name, e.g. "surface_surface".
  virtual const char* typeName() const = 0;
  // One line per coordinate: its meaning and valid range, e.g. "u_parent: [0, 2 pi) periodic".
  virtual std::string coordinateHelp() const = 0;
  // Q(q), S(q) and Sdot(q, qdot) by automatic differentiation.
  virtual void evaluate(const double* q, const double* qdot, JointKinematics& out) const = 0;
  // Q(q) alone.
  virtual Matrix4 transform(const double* q) const = 0;
  // Empty when q lies where Q is defined; otherwise names the coordinate, its value and the
  // valid range (a point walking off a finite spline patch, a surface frame at a pole).
  virtual std::string checkCoordinates(const double* q) const = 0;
  // Polylines in the joint's parent frame (E_pj) that show what the joint slides on (a
  // spline curve, a patch's grid lines); drawn as an overlay. None by default.
  virtual std::vector<std::vector<Vector3>> guideLines() const { return {}; }
};

namespace scleronomic_detail {

using Inner = Jet<double, 1>;  // value and time derivative

// Angular part of (R^T dR)^v, averaging the two entries of each skew pair.
inline Eigen::Matrix<Inner, 3, 1> veeOfRtdR(const Eigen::Matrix<Inner, 3, 3>& R, const Eigen::Matrix<Inner, 3, 3>& dR) {
  Eigen::Matrix<Inner, 3, 1> w;
  w.x() = 0.5 * (R.col(2).dot(dR.col(1)) - R.col(1).dot(dR.col(2)));
  w.y() = 0.5 * (R.col(0).dot(dR.col(2)) - R.col(2).dot(dR.col(0)));
  w.z() = 0.5 * (R.col(1).dot(dR.col(0)) - R.col(0).dot(dR.col(1)));
  return w;
}

// Q, S and Sdot at (q, qdot) from one jet evaluation of the transform G (a generic callable
// taking const Scalar* q).
template <int N, class Transform>
void evaluateByJets(const Transform& G, const double* q, const double* qd, JointKinematics& out) {
  using Outer = SecondOrderJet<N>;
  std::array<Outer, N> x;
  for (int k = 0; k < N; ++k) {
    Inner value;
    value.a = q[k];
    value.v[0] = qd[k];  // d/dt q_k
    x[k] = Outer::variable(value, k);
  }
  const generic::Matrix4T<Outer> Q = G(x.data());
  Eigen::Matrix<Inner, 3, 3> R, dR;
  Eigen::Matrix<Inner, 3, 1> dp;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) R(r, c) = Q(r, c).a;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) out.Q(r, c) = Q(r, c).a.a;
  out.S.resize(6, N);
  out.Sdot.resize(6, N);
  for (int j = 0; j < N; ++j) {
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 3; ++c) dR(r, c) = Q(r, c).v[j];
      dp(r) = Q(r, 3).v[j];
    }
    const Eigen::Matrix<Inner, 3, 1> w = veeOfRtdR(R, dR);
    const Eigen::Matrix<Inner, 3, 1> v = R.transpose() * dp;  // linear part of Q^-1 dQ/dq_j
    for (int r = 0; r < 3; ++r) {
      out.S(r, j) = w(r).a;
      out.Sdot(r, j) = w(r).v[0];
      out.S(r + 3, j) = v(r).a;
      out.Sdot(r + 3, j) = v(r).v[0];
    }
  }
}

}  // namespace scleronomic_detail

// Implements the virtual interface for a Definition with a member template
//   template <class Scalar> generic::Matrix4T<Scalar> G(const Scalar* q) const;
// and kDof coordinates.
template <class Definition, int kDof>
class ScleronomicJointOf : public ScleronomicJoint {
  static_assert(kDof >= 1 && kDof <= 6, "a joint has one to six coordinates");

 public:
  int dof() const final { return kDof; }
  void evaluate(const double* q, const double* qd, JointKinematics& out) const final {
    const Definition& self = static_cast<const Definition&>(*this);
    scleronomic_detail::evaluateByJets<kDof>([&self](const auto* x) { return self.G(x); }, q, qd, out);
  }
  Matrix4 transform(const double* q) const final {
    return static_cast<const Definition&>(*this).template G<double>(q);
  }
};

}  // namespace articulab

namespace articulab {

// Makes `joint` a General joint with this definition (type, parts and nq follow from it).
inline void setGeneralDefinition(Joint& joint, std::shared_ptr<const ScleronomicJoint> definition) {
  joint.type = JointType::General;
  joint.parts = {JointPart{JointType::General, Vector3::UnitZ(), definition->dof()}};
  joint.nq = definition->dof();
  joint.general = std::move(definition);
}

}  // namespace articulab
