// How a URDF or MJCF file is read (engine/io/model_loader.hpp), and where its meshes are found.
#pragma once

#include <string>
#include <vector>

namespace articulab {

// The choices of an import.
struct ImportOptions {
  // Folders searched for package://NAME/... and relative mesh paths, before ROS_PACKAGE_PATH
  // (colon-separated folders, as ROS uses it) and the model file's own folder.
  std::vector<std::string> packagePaths;
  // A URDF root link joins the world by a free joint (free3d) instead of being welded to it.
  bool floatingRoot = false;
};

// The mesh file a URDF or MJCF names: package://PACKAGE/PATH through the search paths (each
// folder either holds PACKAGE or is it), file://PATH, an absolute path, or a relative one
// against `base` (the model file's folder or MJCF's meshdir) and then the search paths. Empty
// when no file exists.
std::string resolveMeshPath(const std::string& name, const std::string& base, const ImportOptions& options);

}  // namespace articulab
