#include "engine/multibody/parametric_surface.hpp"

#include <cmath>
#include <numbers>

#include "engine/multibody/parameter_range.hpp"

namespace articulab {

ParametricSurface ParametricSurface::sphere(double radius) {
  return {SurfaceType::Sphere, Vector3::Constant(radius), 0.0, 0.0};
}

ParametricSurface ParametricSurface::ellipsoid(double a, double b, double c) {
  return {SurfaceType::Ellipsoid, Vector3(a, b, c), 0.0, 0.0};
}

ParametricSurface ParametricSurface::torus(double majorRadius, double minorRadius) {
  return {SurfaceType::Torus, Vector3::Zero(), majorRadius, minorRadius};
}

const char* surfaceTypeName(SurfaceType type) {
  switch (type) {
    case SurfaceType::Sphere: return "sphere";
    case SurfaceType::Ellipsoid: return "ellipsoid";
    case SurfaceType::Torus: return "torus";
  }
  return "surface";
}

std::string checkSurfaceCoordinates(const ParametricSurface& s, double u, double v, const char* uName,
                                    const char* vName, const char* which) {
  // Messages are built only on failure: a valid check allocates nothing (it runs every step).
  auto surface = [&] { return std::string(which) + " " + surfaceTypeName(s.type); };
  const auto notFinite = [&](const char* name, double x) {
    return std::string(name) + " = " + formatParameter(x) + " is not finite (" + surface() + ")";
  };
  if (!std::isfinite(u)) return notFinite(uName, u);
  if (!std::isfinite(v)) return notFinite(vName, v);
  const double limit = std::numbers::pi / 2 - kPoleMargin;
  if (s.type == SurfaceType::Torus || std::abs(v) <= limit) return {};
  return std::string(vName) + " = " + formatParameter(v) + " reaches the " + (v > 0 ? "north" : "south") +
         " pole of the " + surface() + ", where its contact frame is singular; expected |" + vName + "| <= pi/2 - " +
         formatParameter(kPoleMargin) + " = " + formatParameter(limit);
}

std::string describeSurface(const ParametricSurface& s) {
  switch (s.type) {
    case SurfaceType::Sphere: return "sphere r = " + formatParameter(s.radii.x());
    case SurfaceType::Ellipsoid:
      return "ellipsoid a = " + formatParameter(s.radii.x()) + ", b = " + formatParameter(s.radii.y()) +
             ", c = " + formatParameter(s.radii.z());
    case SurfaceType::Torus: return "torus R = " + formatParameter(s.major) + ", r = " + formatParameter(s.minor);
  }
  return {};
}

}  // namespace articulab
