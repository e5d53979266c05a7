#include "engine/multibody/joint.hpp"

#include <Eigen/LU>
#include <cmath>
#include <numbers>

#include "engine/multibody/scleronomic_joint.hpp"
#include "engine/spatial/se3.hpp"
#include "engine/spatial/so3.hpp"

namespace articulab {

namespace {

using so3::skew;

// Coefficients of the SO(3) right Jacobian J_r(q) = I - b [q] + c [q]^2 as functions of
// x = |q|^2, with their x-derivatives; Taylor series for small x keep full precision.
struct RightJacobianCoefficients {
  double b, c, db, dc;
};

RightJacobianCoefficients rightJacobianCoefficients(double x) {
  if (x < 1e-2) {
    return {0.5 - x / 24.0 + x * x / 720.0 - x * x * x / 40320.0 + x * x * x * x / 3628800.0,
            1.0 / 6.0 - x / 120.0 + x * x / 5040.0 - x * x * x / 362880.0,
            -1.0 / 24.0 + 2.0 * x / 720.0 - 3.0 * x * x / 40320.0 + 4.0 * x * x * x / 3628800.0,
            -1.0 / 120.0 + 2.0 * x / 5040.0 - 3.0 * x * x / 362880.0 + 4.0 * x * x * x / 39916800.0};
  }
  const double t = std::sqrt(x), s = std::sin(t), c = std::cos(t);
  return {(1.0 - c) / x, (t - s) / (x * t), (t * s - 2.0 * (1.0 - c)) / (2.0 * x * x),
          ((1.0 - c) * t - 3.0 * (t - s)) / (2.0 * x * x * t)};
}

// Exponential coordinates (2.4.8): [S] = R^T dR/dq (eq 2.44) is the right Jacobian of SO(3);
// Sdot is its time derivative, equivalent to eq 2.47 but free of the 1/|q|^2 limit case.
void evaluateSphericalExp(const double* q, const double* qd, Matrix4& Q, JointMatrix& S,
                          JointMatrix& Sdot) {
  const Vector3 w(q[0], q[1], q[2]), wd(qd[0], qd[1], qd[2]);
  const RightJacobianCoefficients k = rightJacobianCoefficients(w.squaredNorm());
  const double xdot = 2.0 * w.dot(wd);
  const Matrix3 W = skew(w), Wd = skew(wd);
  Q.topLeftCorner<3, 3>() = so3::exp(w);
  S.topLeftCorner<3, 3>() = Matrix3::Identity() - k.b * W + k.c * W * W;
  Sdot.topLeftCorner<3, 3>() = -k.db * xdot * W - k.b * Wd + k.dc * xdot * W * W + k.c * (Wd * W + W * Wd);
}

// Free body (2.4.11) with the translation in the joint frame's axes: Q = T(p) Rot(w), so that
// p moves the origin along pdot whatever the rotation. The twist is (J_r(w) wdot, R^T pdot):
// S = diag(J_r, R^T) and Sdot = diag(dJ_r/dt, -[omega] R^T) with omega = J_r wdot
// (d(R^T)/dt = (R [omega])^T). q = (w, p): the rotation first, as spherical_exp.
void evaluateFree3D(const double* q, const double* qd, Matrix4& Q, JointMatrix& S, JointMatrix& Sdot) {
  evaluateSphericalExp(q, qd, Q, S, Sdot);  // the rotation block
  const Matrix3 Rt = Q.topLeftCorner<3, 3>().transpose();
  const Vector3 omega = S.topLeftCorner<3, 3>() * Vector3(qd[0], qd[1], qd[2]);
  Q.topRightCorner<3, 1>() = Vector3(q[3], q[4], q[5]);
  S.bottomRightCorner<3, 3>() = Rt;
  Sdot.bottomRightCorner<3, 3>() = -skew(omega) * Rt;
}

void evaluatePart(const JointPart& part, const double* q, const double* qd, Matrix4& Q,
                  JointMatrix& S, JointMatrix& Sdot) {
  Q.setIdentity();
  S.setZero(6, part.nq);
  Sdot.setZero(6, part.nq);
  switch (part.type) {
    case JointType::Fixed: break;
    case JointType::Revolute:  // eq 2.41, about any axis
      Q.topLeftCorner<3, 3>() = so3::exp(part.axis * q[0]);
      S.col(0).head<3>() = part.axis;
      break;
    case JointType::Prismatic:  // eq 2.23-2.24
      Q.topRightCorner<3, 1>() = part.axis * q[0];
      S.col(0).tail<3>() = part.axis;
      break;
    case JointType::Planar:  // eq 2.25-2.26
      Q(0, 3) = q[0];
      Q(1, 3) = q[1];
      S(3, 0) = 1.0;
      S(4, 1) = 1.0;
      break;
    case JointType::Translational:  // eq 2.27-2.28
      Q.topRightCorner<3, 1>() = Vector3(q[0], q[1], q[2]);
      S.bottomRows<3>().setIdentity();
      break;
    case JointType::Universal: {  // eq 2.37-2.40
      const double c1 = std::cos(q[0]), s1 = std::sin(q[0]), c2 = std::cos(q[1]), s2 = std::sin(q[1]);
      Q.topLeftCorner<3, 3>() << c2, 0.0, s2, s1 * s2, c1, -s1 * c2, -c1 * s2, s1, c1 * c2;
      S(0, 0) = c2;
      S(2, 0) = s2;
      S(1, 1) = 1.0;
      Sdot(0, 0) = -s2 * qd[1];
      Sdot(2, 0) = c2 * qd[1];
      break;
    }
    case JointType::SphericalXZX: {  // eq 2.31-2.35
      const double c1 = std::cos(q[0]), s1 = std::sin(q[0]), c2 = std::cos(q[1]), s2 = std::sin(q[1]);
      const double c3 = std::cos(q[2]), s3 = std::sin(q[2]);
      Q.topLeftCorner<3, 3>() << c2, -s2 * c3, s2 * s3,                    //
          c1 * s2, c1 * c2 * c3 - s1 * s3, -s1 * c3 - c1 * c2 * s3,  //
          s1 * s2, c1 * s3 + s1 * c2 * c3, c1 * c3 - s1 * c2 * s3;
      S.topRows<3>() << c2, 0.0, 1.0, -c3 * s2, s3, 0.0, s2 * s3, c3, 0.0;
      Sdot.topRows<3>() << -s2 * qd[1], 0.0, 0.0,                        //
          s3 * s2 * qd[2] - c3 * c2 * qd[1], c3 * qd[2], 0.0,  //
          c2 * s3 * qd[1] + s2 * c3 * qd[2], -s3 * qd[2], 0.0;
      break;
    }
    case JointType::SphericalExp: evaluateSphericalExp(q, qd, Q, S, Sdot); break;
    case JointType::Free3D: evaluateFree3D(q, qd, Q, S, Sdot); break;
    case JointType::Composite:
    case JointType::Free2D:  // never a part: expanded by defaultParts
    case JointType::General: break;  // evaluated by its definition
  }
}

}  // namespace

int primitiveDof(JointType type) {
  switch (type) {
    case JointType::Fixed: return 0;
    case JointType::Revolute:
    case JointType::Prismatic: return 1;
    case JointType::Planar:
    case JointType::Universal: return 2;
    case JointType::Translational:
    case JointType::SphericalXZX:
    case JointType::SphericalExp: return 3;
    case JointType::Free2D: return 3;
    case JointType::Free3D: return 6;
    case JointType::Composite:
    case JointType::General: return 0;  // given by the parts or the definition
  }
  return 0;
}

std::vector<JointPart> defaultParts(JointType type, const Vector3& axis) {
  switch (type) {
    case JointType::Free2D:
      return {{JointType::Planar, Vector3::UnitZ(), 2}, {JointType::Revolute, Vector3::UnitZ(), 1}};
    case JointType::Free3D:
      return {{JointType::Free3D, Vector3::UnitZ(), 6}};
    case JointType::Composite: return {};
    default: return {{type, axis.normalized(), primitiveDof(type)}};
  }
}

// Composite joint Q = Q1 Q2 ... Qk (eq 2.48-2.52), for any number of parts. Walking from the
// last part back, P is the product of the parts after part i, and column block i of S is
// Ad(P^-1) S_i; its derivative uses d/dt Ad(P^-1) = -ad(phi_P) Ad(P^-1) (eq 2.50).
void evaluateJoint(const Joint& joint, const double* q, const double* qd, JointKinematics& out) {
  if (joint.general) {
    joint.general->evaluate(q, qd, out);
    return;
  }
  if (joint.parts.size() == 1) {
    evaluatePart(joint.parts[0], q, qd, out.Q, out.S, out.Sdot);
    return;
  }
  out.S.setZero(6, joint.nq);
  out.Sdot.setZero(6, joint.nq);
  Matrix4 P = Matrix4::Identity();
  Matrix6 AdPinv = Matrix6::Identity();
  Vector6 phiP = Vector6::Zero();  // body twist of P
  Matrix4 Qi;
  JointMatrix Si, Sdoti;
  int col = joint.nq;
  for (auto part = joint.parts.rbegin(); part != joint.parts.rend(); ++part) {
    col -= part->nq;
    evaluatePart(*part, q + col, qd + col, Qi, Si, Sdoti);
    const JointMatrix AdSi = AdPinv * Si;
    out.S.middleCols(col, part->nq) = AdSi;
    out.Sdot.middleCols(col, part->nq) = -se3::ad(phiP) * AdSi + AdPinv * Sdoti;
    phiP += AdSi * Eigen::Map<const JointVector>(qd + col, part->nq);
    AdPinv = AdPinv * se3::AdInverse(Qi);
    P = Qi * P;
  }
  out.Q = P;
}

bool reparameterizeJoint(const Joint& joint, double* q, double* qd) {
  bool changed = false;
  int col = 0;
  for (const JointPart& part : joint.parts) {
    if (part.type == JointType::SphericalExp || part.type == JointType::Free3D) {  // w first; p and R^T pdot kept
      Eigen::Map<Vector3> w(q + col), wd(qd + col);
      const double theta = w.norm();
      if (theta > std::numbers::pi) {
        // Same rotation with |q'| = 2 pi - |q|; qdot' keeps the body angular velocity S qdot.
        Matrix4 Q;
        JointMatrix S = JointMatrix::Zero(6, 3), Sdot = JointMatrix::Zero(6, 3);
        evaluateSphericalExp(q + col, qd + col, Q, S, Sdot);
        const Vector3 omega = S.topLeftCorner<3, 3>() * wd;
        w *= 1.0 - 2.0 * std::numbers::pi / theta;
        evaluateSphericalExp(q + col, qd + col, Q, S, Sdot);
        const Matrix3 Snew = S.topLeftCorner<3, 3>();
        wd = Snew.partialPivLu().solve(omega);
        changed = true;
      }
    }
    col += part.nq;
  }
  return changed;
}

bool isTranslationCoordinate(const JointPart& part, int c) {
  switch (part.type) {
    case JointType::Prismatic:
    case JointType::Planar:
    case JointType::Translational: return true;
    case JointType::Free3D: return c >= 3;
    default: return false;
  }
}

const char* jointTypeName(JointType type) {
  switch (type) {
    case JointType::Fixed: return "fixed";
    case JointType::Revolute: return "revolute";
    case JointType::Prismatic: return "prismatic";
    case JointType::Planar: return "planar";
    case JointType::Translational: return "translational";
    case JointType::Universal: return "universal";
    case JointType::SphericalXZX: return "spherical_xzx";
    case JointType::SphericalExp: return "spherical_exp";
    case JointType::Composite: return "composite";
    case JointType::Free2D: return "free2d";
    case JointType::Free3D: return "free3d";
    case JointType::General: return "general";
  }
  return "?";
}

const char* jointTypeName(const Joint& joint) {
  return joint.general ? joint.general->typeName() : jointTypeName(joint.type);
}

}  // namespace articulab
