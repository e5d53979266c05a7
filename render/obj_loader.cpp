#include "render/obj_loader.hpp"

#include <map>
#include <utility>

#include <tiny_obj_loader.h>

namespace articulab::render {

namespace {

// Copies one face corner, sharing vertices that reuse the same (position, normal) pair.
std::uint32_t addCorner(const tinyobj::attrib_t& attrib, const tinyobj::index_t& corner, MeshData& mesh,
                        std::map<std::pair<int, int>, std::uint32_t>& seen) {
  const auto key = std::make_pair(corner.vertex_index, corner.normal_index);
  const auto found = seen.find(key);
  if (found != seen.end()) return found->second;
  const auto index = static_cast<std::uint32_t>(mesh.vertexCount());
  for (int k = 0; k < 3; ++k) {
    mesh.positions.push_back(attrib.vertices[3 * corner.vertex_index + k]);
    mesh.normals.push_back(attrib.normals[3 * corner.normal_index + k]);
  }
  seen.emplace(key, index);
  return index;
}

}  // namespace

bool loadObjMesh(const std::string& path, MeshData& mesh, std::string& error) {
  tinyobj::ObjReaderConfig config;
  config.triangulate = true;
  tinyobj::ObjReader reader;
  if (!reader.ParseFromFile(path, config)) {
    error = path + ": cannot read OBJ mesh: " + (reader.Error().empty() ? "file missing or empty" : reader.Error());
    return false;
  }
  mesh = MeshData{};
  std::map<std::pair<int, int>, std::uint32_t> seen;
  for (const tinyobj::shape_t& shape : reader.GetShapes())
    for (const tinyobj::index_t& corner : shape.mesh.indices) {
      if (corner.normal_index < 0) {
        error = path + ": face corner without a normal; expected faces of the form 'f v//vn'";
        return false;
      }
      mesh.indices.push_back(addCorner(reader.GetAttrib(), corner, mesh, seen));
    }
  if (mesh.triangleCount() == 0) {
    error = path + ": OBJ mesh has no triangles";
    return false;
  }
  return true;
}

}  // namespace articulab::render
