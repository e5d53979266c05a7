// Bezier curves and tensor-product surfaces by de Casteljau's algorithm, generic in the scalar
// type so that joints built on them are differentiated by jets. Work arrays have a fixed
// capacity: no heap allocation inside a time step.
#pragma once

#include <array>
#include <vector>

#include "engine/spatial/generic_exp.hpp"
#include "engine/spatial/types.hpp"

namespace articulab::bezier {

// Control points per curve, and per row and column of a surface.
constexpr int kMaxControlPoints = 16;

template <class T>
using Points = std::array<generic::Vector3T<T>, kMaxControlPoints>;

template <class T>
struct CurvePoint {
  generic::Vector3T<T> x;   // the point at t
  generic::Vector3T<T> dx;  // dx/dt
};

// The point at t of the curve with control points work[0..count) (count >= 2) and its
// derivative (count - 1) (b - a) from the last level's two points a, b; overwrites work.
template <class T>
CurvePoint<T> deCasteljau(Points<T>& work, int count, const T& t) {
  for (int level = count - 1; level > 1; --level)
    for (int i = 0; i < level; ++i) work[i] = (work[i] + (work[i + 1] - work[i]) * t).eval();
  const generic::Vector3T<T> a = work[0], b = work[1];
  return {a + (b - a) * t, (b - a) * static_cast<double>(count - 1)};
}

// The same for control points given as doubles.
template <class T>
CurvePoint<T> curvePoint(const Vector3* points, int count, const T& t) {
  Points<T> work;
  for (int i = 0; i < count; ++i) work[i] = points[i].template cast<T>();
  return deCasteljau<T>(work, count, t);
}

template <class T>
struct SurfacePoint {
  generic::Vector3T<T> x;       // the point at (u, v)
  generic::Vector3T<T> du, dv;  // partial derivatives
};

// The surface sum_ij B_i(u) B_j(v) P_ij of rows x cols control points stored row by row (row
// i goes with u): each row's curve in v, then the curve in u through the rows' points (for x
// and dx/du) and through the rows' tangents (for dx/dv).
template <class T>
SurfacePoint<T> surfacePoint(const Vector3* points, int rows, int cols, const T& u, const T& v) {
  Points<T> rowPoints, rowTangents;
  for (int i = 0; i < rows; ++i) {
    const CurvePoint<T> row = curvePoint<T>(points + i * cols, cols, v);
    rowPoints[i] = row.x;
    rowTangents[i] = row.dx;
  }
  const CurvePoint<T> alongU = deCasteljau<T>(rowPoints, rows, u);
  const CurvePoint<T> tangentV = deCasteljau<T>(rowTangents, rows, u);
  return {alongU.x, alongU.dx, tangentV.x};
}

}  // namespace articulab::bezier
