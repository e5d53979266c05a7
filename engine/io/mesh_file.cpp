#include "engine/io/mesh_file.hpp"

#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <assimp/Importer.hpp>
#include <filesystem>
#include <map>
#include <mutex>
#include <tuple>

namespace articulab {

namespace {

namespace fs = std::filesystem;

using CacheKey = std::tuple<std::string, std::uintmax_t, fs::file_time_type>;

// Appends the triangles of a node's meshes and of its children, in the file's frame.
void appendNode(const aiScene& scene, const aiNode& node, const aiMatrix4x4& parent, TriangleMesh& out) {
  const aiMatrix4x4 transform = parent * node.mTransformation;
  for (unsigned m = 0; m < node.mNumMeshes; ++m) {
    const aiMesh& mesh = *scene.mMeshes[node.mMeshes[m]];
    const int base = static_cast<int>(out.vertices.size());
    for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
      const aiVector3D p = transform * mesh.mVertices[v];
      out.vertices.emplace_back(p.x, p.y, p.z);
    }
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
      const aiFace& face = mesh.mFaces[f];
      if (face.mNumIndices != 3) continue;  // points and lines left by triangulation
      out.triangles.push_back({base + static_cast<int>(face.mIndices[0]), base + static_cast<int>(face.mIndices[1]),
                               base + static_cast<int>(face.mIndices[2])});
    }
  }
  for (unsigned c = 0; c < node.mNumChildren; ++c) appendNode(scene, *node.mChildren[c], transform, out);
}

std::shared_ptr<const TriangleMesh> readWithAssimp(const std::string& path, std::string& error) {
  Assimp::Importer importer;
  // Collada files are Y-up by default; keep the file's own coordinates as URDF and MJCF read them.
  importer.SetPropertyBool(AI_CONFIG_IMPORT_COLLADA_IGNORE_UP_DIRECTION, true);
  const aiScene* scene = importer.ReadFile(path, aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
                                                     aiProcess_SortByPType);
  if (!scene || !scene->mRootNode) {
    error = "cannot read the mesh " + path + ": " + importer.GetErrorString();
    return nullptr;
  }
  auto mesh = std::make_shared<TriangleMesh>();
  mesh->file = path;
  appendNode(*scene, *scene->mRootNode, aiMatrix4x4(), *mesh);
  if (mesh->triangles.empty()) {
    error = "the mesh " + path + " has no triangles";
    return nullptr;
  }
  findMeshCorners(*mesh);
  return mesh;
}

}  // namespace

std::shared_ptr<const TriangleMesh> readMeshFile(const std::string& path, std::string& error) {
  std::error_code code;
  const fs::path resolved = fs::weakly_canonical(fs::path(path), code);
  if (code || !fs::is_regular_file(resolved, code)) {
    error = "mesh file " + path + " not found";
    return nullptr;
  }
  const CacheKey key{resolved.string(), fs::file_size(resolved, code), fs::last_write_time(resolved, code)};
  static std::mutex mutex;
  static std::map<CacheKey, std::weak_ptr<const TriangleMesh>> cache;
  {
    std::lock_guard lock(mutex);
    if (auto held = cache[key].lock()) return held;
  }
  auto mesh = readWithAssimp(resolved.string(), error);
  if (!mesh) return nullptr;
  std::lock_guard lock(mutex);
  cache[key] = mesh;
  return mesh;
}

}  // namespace articulab
