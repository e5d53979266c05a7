#include "engine/forces/muscle_jacobians.hpp"

#include "engine/forces/muscle_tension.hpp"
#include "engine/forces/positive_semidefinite.hpp"
#include "engine/spatial/se3.hpp"
#include "engine/spatial/so3.hpp"

namespace articulab {

namespace {

using MuscleRow = Eigen::Matrix<double, 1, Eigen::Dynamic, Eigen::RowMajor, 1, kMaxMuscleCoordinates>;
using Muscle3xN = Eigen::Matrix<double, 3, Eigen::Dynamic, 0, 3, kMaxMuscleCoordinates>;

// Derivatives of the ends of segment k: d(x_k+1 - x_k) and d(xdot_k+1 - xdot_k) by delta, placed
// in the columns of the points' bodies.
struct SegmentDerivatives {
  Muscle3xN dd, dddot;
};

void addPointDerivatives(const Vector3& r, const RigidMotion& motion, int slot, double sign, SegmentDerivatives& s) {
  if (slot < 0) return;
  s.dd.middleCols<6>(6 * slot) += sign * (motion.R * se3::Gamma(r));
  s.dddot.middleCols<3>(6 * slot) -= sign * (motion.R * so3::skew(se3::Gamma(r) * motion.phi));
}

SegmentDerivatives segmentDerivatives(const Muscle& muscle, const MusclePath& path, int k, int columns,
                                      const std::array<int, kMaxMusclePathPoints>& slot) {
  SegmentDerivatives s{Muscle3xN::Zero(3, columns), Muscle3xN::Zero(3, columns)};
  addPointDerivatives(muscle.path[k + 1].point, path.points[k + 1].motion, slot[k + 1], 1.0, s);
  addPointDerivatives(muscle.path[k].point, path.points[k].motion, slot[k], -1.0, s);
  return s;
}

// Rows of -dw/d(.) of one point's body for its force G = sign F.
void addPointRows(const Vector3& r, const RigidMotion& motion, int slot, double sign, const Vector3& F,
                  const Muscle3xN& dF_delta, const Muscle3xN& dF_phi, MuscleJacobians& out) {
  if (slot < 0) return;
  const Matrix3x6 GammaT_rows = se3::Gamma(r);
  Muscle3xN rotated = motion.R.transpose() * dF_delta;
  rotated.middleCols<3>(6 * slot) += so3::skew(motion.R.transpose() * F);
  out.K.middleRows<6>(6 * slot) -= sign * (GammaT_rows.transpose() * rotated);
  out.D.middleRows<6>(6 * slot) -= sign * (GammaT_rows.transpose() * (motion.R.transpose() * dF_phi));
}

}  // namespace

void muscleBodies(const Muscle& muscle, MuscleJacobians& out, std::array<int, kMaxMusclePathPoints>& slot) {
  out.bodyCount = 0;
  for (std::size_t k = 0; k < muscle.path.size(); ++k) {
    const int body = muscle.path[k].body;
    slot[k] = -1;
    if (body < 0) continue;
    for (int b = 0; b < out.bodyCount && slot[k] < 0; ++b)
      if (out.bodies[b] == body) slot[k] = b;
    if (slot[k] < 0) {
      out.bodies[out.bodyCount] = body;
      slot[k] = out.bodyCount++;
    }
  }
}

void muscleJacobians(const Muscle& muscle, const MusclePath& path, double activation, MuscleJacobians& out) {
  std::array<int, kMaxMusclePathPoints> slot{};
  muscleBodies(muscle, out, slot);
  const int columns = 6 * out.bodyCount;
  out.K.setZero(columns, columns);
  out.D.setZero(columns, columns);
  const MuscleTension tension = muscleTension(muscle, path.length, path.lengthRate, activation);
  // df/d(delta) and df/d(phi), summed over the segments.
  MuscleRow dLength = MuscleRow::Zero(columns), dRate = MuscleRow::Zero(columns);
  for (int k = 0; k + 1 < path.count; ++k) {
    const Vector3 d = path.points[k + 1].x - path.points[k].x, ddot = path.points[k + 1].xdot - path.points[k].xdot;
    const double l = d.norm();
    if (l <= 0.0) continue;
    const Vector3 n = d / l;
    const SegmentDerivatives s = segmentDerivatives(muscle, path, k, columns, slot);
    const Matrix3 P = Matrix3::Identity() - n * n.transpose();
    dLength += n.transpose() * s.dd;
    dRate += (ddot.transpose() * P / l) * s.dd + n.transpose() * s.dddot;
  }
  const MuscleRow df_delta = tension.dForce_dLength * dLength + tension.dForce_dRate * dRate;
  const MuscleRow df_phi = tension.dForce_dRate * dLength;
  for (int k = 0; k + 1 < path.count; ++k) {
    const Vector3 d = path.points[k + 1].x - path.points[k].x;
    const double l = d.norm();
    if (l <= 0.0 || muscle.path[k].body == muscle.path[k + 1].body) continue;
    const Vector3 n = d / l;
    const SegmentDerivatives s = segmentDerivatives(muscle, path, k, columns, slot);
    const Matrix3 P = Matrix3::Identity() - n * n.transpose();
    const Vector3 F = -tension.force * n;  // on point k + 1
    const Muscle3xN dF_delta = -n * df_delta - (tension.force / l) * (P * s.dd);
    const Muscle3xN dF_phi = -n * df_phi;
    addPointRows(muscle.path[k + 1].point, path.points[k + 1].motion, slot[k + 1], 1.0, F, dF_delta, dF_phi, out);
    addPointRows(muscle.path[k].point, path.points[k].motion, slot[k], -1.0, F, dF_delta, dF_phi, out);
  }
}

void implicitMuscleJacobians(const Muscle& muscle, const MusclePath& path, double activation, MuscleJacobians& out) {
  muscleJacobians(muscle, path, activation, out);
  projectToPositiveSemidefinite(out.K);
  out.D = 0.5 * (out.D + out.D.transpose());
}

}  // namespace articulab
