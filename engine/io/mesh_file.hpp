// Triangle meshes read from files (STL, OBJ, DAE and the other formats Assimp reads): the
// geometry of "mesh" shapes in scenes and of URDF and MJCF meshes. A file is read once while
// any shape holds it (a cache keyed by the resolved path, its size and modification time).
#pragma once

#include <memory>
#include <string>

#include "engine/spatial/triangle_mesh.hpp"

namespace articulab {

// The mesh of the file at `path` (all its meshes and nodes merged, in the file's frame,
// triangulated, identical vertices joined), or null with `error` set (missing file, unreadable
// format, no triangles).
std::shared_ptr<const TriangleMesh> readMeshFile(const std::string& path, std::string& error);

}  // namespace articulab
