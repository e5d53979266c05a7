#include "engine/io/scene_general_joints.hpp"

#include "engine/io/scene_spline_joints.hpp"
#include "engine/io/scene_surface_joints.hpp"

namespace articulab::scene_io {

const std::vector<GeneralJointKind>& generalJointKinds() {
  static const std::vector<GeneralJointKind> kinds = {
      {"spline_curve", {"control_frames"}, readSplineCurveJoint},
      {"spline_surface", {"control_values"}, readSplineSurfaceJoint},
      {"curve_point", {"control_points", "up"}, readCurvePointJoint},
      {"surface_point", {"control_points"}, readSurfacePointJoint},
      {"surface_surface", {"parent_surface", "child_surface", "twist"}, readSurfaceSurfaceJoint},
  };
  return kinds;
}

const GeneralJointKind* findGeneralJointKind(const std::string& name) {
  for (const GeneralJointKind& kind : generalJointKinds())
    if (kind.name == name) return &kind;
  return nullptr;
}

}  // namespace articulab::scene_io
