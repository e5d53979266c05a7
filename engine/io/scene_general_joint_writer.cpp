#include "engine/io/scene_general_joint_writer.hpp"

#include "engine/io/scene_values_out.hpp"
#include "engine/multibody/bezier_curve_point_joint.hpp"
#include "engine/multibody/bezier_surface_point_joint.hpp"
#include "engine/multibody/spline_curve_joint.hpp"
#include "engine/multibody/spline_surface_joint.hpp"
#include "engine/multibody/surface_surface_joint.hpp"

namespace articulab::scene_io {

namespace {

OrderedJson surfaceJson(const ParametricSurface& s) {
  switch (s.type) {
    case SurfaceType::Sphere: return {{"type", "sphere"}, {"radius", s.radii.x()}};
    case SurfaceType::Ellipsoid: return {{"type", "ellipsoid"}, {"radii", vector3(s.radii)}};
    case SurfaceType::Torus: return {{"type", "torus"}, {"major", s.major}, {"minor", s.minor}};
  }
  return {{"type", surfaceTypeName(s.type)}};  // not reached: every type is listed above
}

OrderedJson matrixRows(const Matrix4& C) {
  OrderedJson rows = OrderedJson::array();
  for (int r = 0; r < 4; ++r) rows.push_back(numbers(C.row(r).transpose()));
  return rows;
}

OrderedJson pointList(const Vector3* points, int count) {
  OrderedJson list = OrderedJson::array();
  for (int i = 0; i < count; ++i) list.push_back(vector3(points[i]));
  return list;
}

}  // namespace

std::string putGeneralJointDefinition(OrderedJson& out, const ScleronomicJoint& joint) {
  const ScleronomicJoint* general = &joint;
  if (const auto* curve = dynamic_cast<const SplineCurveJoint*>(general)) {
    OrderedJson frames = OrderedJson::array();
    for (const Matrix4& C : curve->controlFrames()) {
      OrderedJson frame = OrderedJson::object();
      putPose(frame, C, "position", "rotation");
      frames.push_back(frame);
    }
    out["control_frames"] = frames;
  } else if (const auto* patch = dynamic_cast<const SplineSurfaceJoint*>(general)) {
    const char* bases[] = {"x", "y", "z", "rx", "ry", "rz"};
    OrderedJson values = OrderedJson::object();
    for (int k = 0; k < 6; ++k)
      if (!patch->controlValues()[k].isZero(0.0)) values[bases[k]] = matrixRows(patch->controlValues()[k]);
    out["control_values"] = values;
  } else if (const auto* bezierCurve = dynamic_cast<const CurvePointJoint*>(general)) {
    const auto& points = bezierCurve->controlPoints();
    out["control_points"] = pointList(points.data(), static_cast<int>(points.size()));
    out["up"] = vector3(bezierCurve->up());
  } else if (const auto* surface = dynamic_cast<const SurfacePointJoint*>(general)) {
    OrderedJson rows = OrderedJson::array();
    for (int i = 0; i < surface->rows(); ++i)
      rows.push_back(pointList(surface->controlPoints().data() + i * surface->cols(), surface->cols()));
    out["control_points"] = rows;
  } else if (const auto* contact = dynamic_cast<const SurfaceSurfaceJoint*>(general)) {
    out["parent_surface"] = surfaceJson(contact->parentSurface());
    out["child_surface"] = surfaceJson(contact->childSurface());
    out["twist"] = contact->twist();
  } else {
    return std::string("the scene format has no type for its general joint '") + general->typeName() + "'";
  }
  return "";
}


}  // namespace articulab::scene_io
