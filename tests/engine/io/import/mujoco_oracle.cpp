#include "tests/engine/io/import/mujoco_oracle.hpp"

#include <Eigen/Eigenvalues>

#include "engine/spatial/so3.hpp"

namespace articulab::test {

MujocoModel::MujocoModel(const std::string& path) {
  char text[1000] = "";
  m = mj_loadXML(path.c_str(), nullptr, text, sizeof text);
  if (!m) {
    error = text;
    return;
  }
  d = mj_makeData(m);
}

MujocoModel::~MujocoModel() {
  if (d) mj_deleteData(d);
  if (m) mj_deleteModel(m);
}

namespace {

// J_r(w) and its time derivative at (w, wdot): the angular block of a spherical_exp joint.
void rightJacobian(const double* w, const double* wd, Matrix3& J, Matrix3& Jdot) {
  Joint ball;
  ball.type = JointType::SphericalExp;
  ball.parts = defaultParts(JointType::SphericalExp, Vector3::UnitZ());
  ball.nq = 3;
  JointKinematics k;
  evaluateJoint(ball, w, wd, k);
  J = k.S.topLeftCorner<3, 3>();
  Jdot = k.Sdot.topLeftCorner<3, 3>();
}

void put(const Vector3& v, double* out) { out[0] = v[0], out[1] = v[1], out[2] = v[2]; }

void putQuaternion(const Vector3& w, double* out) {
  const Eigen::Quaterniond quat(so3::exp(w));
  out[0] = quat.w(), out[1] = quat.x(), out[2] = quat.y(), out[3] = quat.z();
}

}  // namespace

void useOurInertias(const Model& model, const MujocoModel& mj) {
  for (const Body& body : model.bodies) {
    const int b = mj_name2id(mj.m, mjOBJ_BODY, body.name.c_str());
    if (b <= 0) continue;  // welded to the world: MuJoCo fuses it into the world
    const Vector3& c = body.com;
    const Matrix3 I = body.M.topLeftCorner<3, 3>() - body.mass * (c.squaredNorm() * Matrix3::Identity() - c * c.transpose());
    const Eigen::SelfAdjointEigenSolver<Matrix3> eigen(I);
    Matrix3 R = eigen.eigenvectors();
    if (R.determinant() < 0.0) R.col(2) = -R.col(2);
    const Eigen::Quaterniond quat(R);
    mj.m->body_mass[b] = body.mass;
    put(c, mj.m->body_ipos + 3 * b);
    put(eigen.eigenvalues(), mj.m->body_inertia + 3 * b);
    double* q = mj.m->body_iquat + 4 * b;
    q[0] = quat.w(), q[1] = quat.x(), q[2] = quat.y(), q[3] = quat.z();
  }
  // MuJoCo's shortcuts for bodies whose inertial frame is their own frame and whose mass matrix
  // block is diagonal, found at compile time
  for (int b = 0; b < mj.m->nbody; ++b) mj.m->body_sameframe[b] = mj.m->body_simple[b] = 0;
  for (int v = 0; v < mj.m->nv; ++v) mj.m->dof_simplenum[v] = 0;
}

void toMujocoState(const Model&, const VectorX& q, const VectorX& qd, const MujocoModel& mj) {
  const mjModel* m = mj.m;
  int k = 0;
  for (int j = 0; j < m->njnt; ++j) {
    double* qpos = mj.d->qpos + m->jnt_qposadr[j];
    double* qvel = mj.d->qvel + m->jnt_dofadr[j];
    Matrix3 J, Jdot;
    switch (m->jnt_type[j]) {
      case mjJNT_HINGE:
      case mjJNT_SLIDE:
        qpos[0] = q[k], qvel[0] = qd[k];
        k += 1;
        break;
      case mjJNT_BALL:
        putQuaternion(q.segment<3>(k), qpos);
        rightJacobian(q.data() + k, qd.data() + k, J, Jdot);
        put(J * qd.segment<3>(k), qvel);
        k += 3;
        break;
      case mjJNT_FREE:
        put(q.segment<3>(k + 3), qpos);
        putQuaternion(q.segment<3>(k), qpos + 3);
        rightJacobian(q.data() + k, qd.data() + k, J, Jdot);
        put(qd.segment<3>(k + 3), qvel);
        put(J * qd.segment<3>(k), qvel + 3);
        k += 6;
        break;
    }
  }
}

VectorX toMujocoAcceleration(const Model&, const VectorX& q, const VectorX& qd, const VectorX& qdd, const MujocoModel& mj) {
  const mjModel* m = mj.m;
  VectorX out(m->nv);
  int k = 0;
  for (int j = 0; j < m->njnt; ++j) {
    const int v = m->jnt_dofadr[j];
    Matrix3 J, Jdot;
    switch (m->jnt_type[j]) {
      case mjJNT_HINGE:
      case mjJNT_SLIDE:
        out[v] = qdd[k];
        k += 1;
        break;
      case mjJNT_BALL:
        rightJacobian(q.data() + k, qd.data() + k, J, Jdot);
        out.segment<3>(v) = J * qdd.segment<3>(k) + Jdot * qd.segment<3>(k);
        k += 3;
        break;
      case mjJNT_FREE:
        rightJacobian(q.data() + k, qd.data() + k, J, Jdot);
        out.segment<3>(v) = qdd.segment<3>(k + 3);
        out.segment<3>(v + 3) = J * qdd.segment<3>(k) + Jdot * qd.segment<3>(k);
        k += 6;
        break;
    }
  }
  return out;
}

}  // namespace articulab::test
