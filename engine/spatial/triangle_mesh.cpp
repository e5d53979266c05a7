#include "engine/spatial/triangle_mesh.hpp"

#include <limits>

namespace articulab {

namespace {

// Eberly's subexpressions of the polynomial integrals over one triangle, for one coordinate.
struct Sub {
  double f1, f2, f3, g0, g1, g2;
};

Sub subexpressions(double w0, double w1, double w2) {
  Sub s;
  const double temp0 = w0 + w1, temp1 = w0 * w0, temp2 = temp1 + w1 * temp0;
  s.f1 = temp0 + w2;
  s.f2 = temp2 + w2 * s.f1;
  s.f3 = w0 * temp1 + w1 * temp2 + w2 * s.f2;
  s.g0 = s.f2 + w0 * (s.f1 + w0);
  s.g1 = s.f2 + w1 * (s.f1 + w1);
  s.g2 = s.f2 + w2 * (s.f1 + w2);
  return s;
}

}  // namespace

MeshVolume meshVolume(const TriangleMesh& mesh, const Vector3& scale) {
  // integral of 1, x, y, z, x^2, y^2, z^2, xy, yz, zx over the solid (Eberly 2002, section 3)
  double intg[10] = {};
  for (const auto& t : mesh.triangles) {
    const Vector3 p0 = mesh.vertices[t[0]].cwiseProduct(scale), p1 = mesh.vertices[t[1]].cwiseProduct(scale),
                  p2 = mesh.vertices[t[2]].cwiseProduct(scale);
    const Vector3 d = (p1 - p0).cross(p2 - p0);
    const Sub x = subexpressions(p0.x(), p1.x(), p2.x()), y = subexpressions(p0.y(), p1.y(), p2.y()),
              z = subexpressions(p0.z(), p1.z(), p2.z());
    intg[0] += d.x() * x.f1;
    intg[1] += d.x() * x.f2;
    intg[2] += d.y() * y.f2;
    intg[3] += d.z() * z.f2;
    intg[4] += d.x() * x.f3;
    intg[5] += d.y() * y.f3;
    intg[6] += d.z() * z.f3;
    intg[7] += d.x() * (p0.y() * x.g0 + p1.y() * x.g1 + p2.y() * x.g2);
    intg[8] += d.y() * (p0.z() * y.g0 + p1.z() * y.g1 + p2.z() * y.g2);
    intg[9] += d.z() * (p0.x() * z.g0 + p1.x() * z.g1 + p2.x() * z.g2);
  }
  const double mult[10] = {1.0 / 6, 1.0 / 24, 1.0 / 24, 1.0 / 24, 1.0 / 60, 1.0 / 60, 1.0 / 60, 1.0 / 120, 1.0 / 120, 1.0 / 120};
  for (int i = 0; i < 10; ++i) intg[i] *= mult[i];
  MeshVolume out;
  out.volume = intg[0];
  if (out.volume == 0.0) return out;
  const Vector3 c = Vector3(intg[1], intg[2], intg[3]) / out.volume;
  out.centroid = c;
  const double V = out.volume;
  Matrix3& I = out.inertiaAboutCentroid;
  I(0, 0) = intg[5] + intg[6] - V * (c.y() * c.y() + c.z() * c.z());
  I(1, 1) = intg[4] + intg[6] - V * (c.z() * c.z() + c.x() * c.x());
  I(2, 2) = intg[4] + intg[5] - V * (c.x() * c.x() + c.y() * c.y());
  I(0, 1) = I(1, 0) = -(intg[7] - V * c.x() * c.y());
  I(1, 2) = I(2, 1) = -(intg[8] - V * c.y() * c.z());
  I(0, 2) = I(2, 0) = -(intg[9] - V * c.z() * c.x());
  return out;
}

Vector3 meshSupportVertex(const TriangleMesh& mesh, const Vector3& scale, const Vector3& d) {
  Vector3 best = Vector3::Zero();
  double most = -std::numeric_limits<double>::infinity();
  for (const Vector3& v : mesh.vertices) {
    const Vector3 p = v.cwiseProduct(scale);
    if (const double h = p.dot(d); h > most) {
      most = h;
      best = p;
    }
  }
  return best;
}

void findMeshCorners(TriangleMesh& mesh) {
  for (int j = 0; j < 8; ++j) {
    const Vector3 d((j & 1) ? 1.0 : -1.0, (j & 2) ? 1.0 : -1.0, (j & 4) ? 1.0 : -1.0);
    double most = -std::numeric_limits<double>::infinity();
    for (std::size_t v = 0; v < mesh.vertices.size(); ++v)
      if (const double h = mesh.vertices[v].dot(d); h > most) {
        most = h;
        mesh.corners[j] = static_cast<int>(v);
      }
  }
}

void meshBounds(const TriangleMesh& mesh, const Vector3& scale, Vector3& lo, Vector3& hi) {
  lo = Vector3::Constant(std::numeric_limits<double>::infinity());
  hi = -lo;
  for (const Vector3& v : mesh.vertices) {
    const Vector3 p = v.cwiseProduct(scale);
    lo = lo.cwiseMin(p);
    hi = hi.cwiseMax(p);
  }
  if (mesh.vertices.empty()) lo = hi = Vector3::Zero();
}

}  // namespace articulab
