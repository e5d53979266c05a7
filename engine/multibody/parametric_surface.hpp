// Parametric surfaces of surface-surface joints (si-guenter section 5: sphere, ellipsoid,
// torus), written once and generic in the scalar type so that jets differentiate them.
//   ellipsoid (sphere: a = b = c):  p(u, v) = (a cos u cos v, b sin u cos v, c sin v),
//                                   latitude v in (-pi/2, pi/2), poles singular
//   torus (axis z, ring in xy):     p(u, v) = ((R + r cos v) cos u, (R + r cos v) sin u, r sin v)
// The contact frame F(u, v) has origin p, x = p_u/|p_u|, z = the outward unit normal
// (p_u x p_v)/|p_u x p_v| and y = z x x. On spheres and ellipsoids p_u x p_v points outward
// because cos v > 0; on the torus it does everywhere.
#pragma once

#include <cmath>
#include <string>

#include "engine/spatial/generic_exp.hpp"
#include "engine/spatial/types.hpp"

namespace articulab {

enum class SurfaceType { Sphere, Ellipsoid, Torus };

struct ParametricSurface {
  SurfaceType type = SurfaceType::Sphere;
  Vector3 radii = Vector3::Ones();  // semi-axes a, b, c (sphere: all equal)
  double major = 0.0;               // torus: centre to tube centre, R
  double minor = 0.0;               // torus: tube radius, r < R

  static ParametricSurface sphere(double radius);
  static ParametricSurface ellipsoid(double a, double b, double c);
  static ParametricSurface torus(double majorRadius, double minorRadius);
};

// "sphere", "ellipsoid" or "torus".
const char* surfaceTypeName(SurfaceType type);

// Distance in latitude from a pole below which the ellipsoid frame counts as singular, rad.
inline constexpr double kPoleMargin = 1e-3;

// A point of a surface and its two tangents p_u, p_v.
template <class T>
struct SurfacePoint {
  generic::Vector3T<T> p, pu, pv;
};

// p, p_u and p_v in closed form.
template <class T>
SurfacePoint<T> surfacePoint(const ParametricSurface& s, const T& u, const T& v) {
  using std::cos, std::sin;
  const T cu = cos(u), su = sin(u), cv = cos(v), sv = sin(v);
  SurfacePoint<T> x;
  if (s.type == SurfaceType::Torus) {
    const T ring = s.major + s.minor * cv;  // distance from the axis
    x.p << ring * cu, ring * su, s.minor * sv;
    x.pu << -ring * su, ring * cu, T(0.0);
    x.pv << -s.minor * sv * cu, -s.minor * sv * su, s.minor * cv;
    return x;
  }
  const double a = s.radii.x(), b = s.radii.y(), c = s.radii.z();
  x.p << a * cu * cv, b * su * cv, c * sv;
  x.pu << -a * su * cv, b * cu * cv, T(0.0);
  x.pv << -a * cu * sv, -b * su * sv, c * cv;
  return x;
}

// The contact frame F(u, v): rotation R = [x y z] and origin p.
template <class T>
struct ContactFrame {
  generic::Matrix3T<T> R;
  generic::Vector3T<T> p;
};

// F(u, v) with its unit vectors in closed form (p_u/|p_u| and (p_u x p_v)/|p_u x p_v| worked
// out per surface), which costs a fraction of normalising the tangents in jets.
template <class T>
ContactFrame<T> contactFrame(const ParametricSurface& s, const T& u, const T& v) {
  using std::cos, std::sin, std::sqrt;
  const T cu = cos(u), su = sin(u), cv = cos(v), sv = sin(v);
  ContactFrame<T> F;
  if (s.type == SurfaceType::Ellipsoid) {
    const double a = s.radii.x(), b = s.radii.y(), c = s.radii.z();
    const T cucv = cu * cv, sucv = su * cv;
    const T xu = -a * su, xv = b * cu;                                  // p_u / cos v
    const T nx = (b * c) * cucv, ny = (a * c) * sucv, nz = (a * b) * sv;  // (p_u x p_v) / cos v
    const T ix = 1.0 / sqrt(xu * xu + xv * xv), in = 1.0 / sqrt(nx * nx + ny * ny + nz * nz);
    F.R.col(0) << xu * ix, xv * ix, T(0.0);
    F.R.col(2) << nx * in, ny * in, nz * in;
    F.p << a * cucv, b * sucv, c * sv;
  } else {  // sphere and torus: x = (-sin u, cos u, 0), z = (cos v cos u, cos v sin u, sin v)
    F.R.col(0) << -su, cu, T(0.0);
    F.R.col(2) << cv * cu, cv * su, sv;
    const T ring = s.type == SurfaceType::Torus ? s.major + s.minor * cv : s.radii.x() * cv;
    const double height = s.type == SurfaceType::Torus ? s.minor : s.radii.x();
    F.p << ring * cu, ring * su, height * sv;
  }
  // y = z x x, using x_z = 0.
  F.R.col(1) << -F.R(2, 2) * F.R(1, 0), F.R(2, 2) * F.R(0, 0), F.R(0, 2) * F.R(1, 0) - F.R(1, 2) * F.R(0, 0);
  return F;
}

// Empty when (u, v) gives a regular contact frame; otherwise names the coordinate (by the
// names given), its value and the valid range: NaN, or a latitude within kPoleMargin of a pole.
std::string checkSurfaceCoordinates(const ParametricSurface& s, double u, double v, const char* uName,
                                    const char* vName, const char* which);

// E.g. "sphere r = 0.3", "torus R = 0.5, r = 0.1".
std::string describeSurface(const ParametricSurface& s);

}  // namespace articulab
