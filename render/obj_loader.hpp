// Reads a triangle mesh with normals from a Wavefront OBJ file (tinyobjloader).
#pragma once

#include <string>

#include "render/primitive_meshes.hpp"

namespace articulab::render {

// Fills mesh from the file; every face corner must reference a normal (vn). On failure
// returns false and sets error to the path and what is wrong.
bool loadObjMesh(const std::string& path, MeshData& mesh, std::string& error);

}  // namespace articulab::render
