#include "render/mesh_library.hpp"

#include <cmath>
#include <numbers>

#include <glm/gtc/matrix_transform.hpp>

#include "render/obj_loader.hpp"
#include "render/shape_extents.hpp"

namespace articulab::render {

namespace {

// Generated tori kept at once; a slider sweeping the ratio should not fill GPU memory.
constexpr std::size_t kMaxGeneratedTori = 32;

long ratioKey(double minorOverMajor) { return std::lround(minorOverMajor * 1000.0); }

bool loadInto(const std::string& path, GpuMesh& mesh, std::string& error) {
  MeshData data;
  if (!loadObjMesh(path, data, error)) return false;
  mesh.upload(data);
  return true;
}

glm::mat4 scaling(const glm::vec3& s) { return glm::scale(glm::mat4(1.0f), s); }

// Each triangle with its own three vertices and face normal (STL meshes have no normals).
MeshData flatMesh(const TriangleMesh& mesh) {
  MeshData data;
  for (const auto& t : mesh.triangles) {
    const Vector3 &a = mesh.vertices[t[0]], &b = mesh.vertices[t[1]], &c = mesh.vertices[t[2]];
    const Vector3 n = (b - a).cross(c - a).normalized();
    for (const Vector3* p : {&a, &b, &c}) {
      data.indices.push_back(static_cast<std::uint32_t>(data.positions.size() / 3));
      for (int k = 0; k < 3; ++k) {
        data.positions.push_back(static_cast<float>((*p)[k]));
        data.normals.push_back(std::isfinite(n[k]) ? static_cast<float>(n[k]) : 0.0f);
      }
    }
  }
  return data;
}
}  // namespace

bool MeshLibrary::load(const std::string& assetDir, std::string& error) {
  release();
  const std::string dir = assetDir + "/";
  if (!loadInto(dir + "box.obj", box_, error) || !loadInto(dir + "sphere.obj", sphere_, error) ||
      !loadInto(dir + "hemisphere.obj", hemisphere_, error) || !loadInto(dir + "cylinder.obj", cylinder_, error))
    return false;
  for (double ratio : kStoredTorusRatios)
    if (!loadInto(dir + torusFileName(ratio), stored_tori_[ratioKey(ratio)], error)) return false;
  return true;
}

const GpuMesh* MeshLibrary::torus(double minorOverMajor) {
  const long key = ratioKey(minorOverMajor);
  if (const auto found = stored_tori_.find(key); found != stored_tori_.end()) return &found->second;
  if (const auto found = generated_tori_.find(key); found != generated_tori_.end()) return &found->second;
  GpuMesh& mesh = generated_tori_[key];
  mesh.upload(makeTorus(static_cast<double>(key) / 1000.0));
  return &mesh;
}

// 24 x 8 segments instead of 48 x 16: a quarter of the triangles.
const GpuMesh* MeshLibrary::coarseTorus(double minorOverMajor) {
  const long key = ratioKey(minorOverMajor);
  if (const auto found = coarse_tori_.find(key); found != coarse_tori_.end()) return &found->second;
  GpuMesh& mesh = coarse_tori_[key];
  mesh.upload(makeTorus(static_cast<double>(key) / 1000.0, 24, 8));
  return &mesh;
}

const GpuMesh* MeshLibrary::fileMesh(const std::shared_ptr<const TriangleMesh>& mesh) {
  UploadedMesh& entry = file_meshes_[mesh.get()];
  if (entry.source.lock() != mesh) {
    entry.gpu.release();
    entry.gpu.upload(flatMesh(*mesh));
    entry.source = mesh;
  }
  return &entry.gpu;
}

void MeshLibrary::trimGenerated() {
  for (auto it = file_meshes_.begin(); it != file_meshes_.end();)
    if (it->second.source.expired()) {
      it->second.gpu.release();
      it = file_meshes_.erase(it);
    } else {
      ++it;
    }
  for (auto* tori : {&generated_tori_, &coarse_tori_}) {
    if (tori->size() <= kMaxGeneratedTori) continue;
    for (auto& entry : *tori) entry.second.release();
    tori->clear();
  }
}

void MeshLibrary::appendParts(const ShapeDims& shape, std::vector<MeshPart>& parts) {
  if (!shapeIsDrawable(shape)) return;
  const glm::vec3 s(shape.size.x(), shape.size.y(), shape.size.z());
  switch (shape.type) {
    case ShapeType::Box: parts.push_back({&box_, scaling(s)}); return;
    case ShapeType::Sphere: parts.push_back({&sphere_, scaling(glm::vec3(s.x))}); return;
    case ShapeType::Ellipsoid: parts.push_back({&sphere_, scaling(s)}); return;
    case ShapeType::Cylinder: parts.push_back({&cylinder_, scaling({s.x, s.x, s.y})}); return;
    case ShapeType::Capsule: {
      const glm::mat4 cap = scaling(glm::vec3(s.x));
      const glm::mat4 flip = glm::rotate(glm::mat4(1.0f), std::numbers::pi_v<float>, glm::vec3(1.0f, 0.0f, 0.0f));
      if (s.y > 0.0f) parts.push_back({&cylinder_, scaling({s.x, s.x, s.y})});
      parts.push_back({&hemisphere_, glm::translate(glm::mat4(1.0f), {0.0f, 0.0f, 0.5f * s.y}) * cap});
      parts.push_back({&hemisphere_, glm::translate(glm::mat4(1.0f), {0.0f, 0.0f, -0.5f * s.y}) * flip * cap});
      return;
    }
    case ShapeType::Torus:
      parts.push_back({torus(shape.size.y() / shape.size.x()), scaling(glm::vec3(s.x)),
                       coarseTorus(shape.size.y() / shape.size.x())});
      return;
    case ShapeType::Mesh: parts.push_back({fileMesh(shape.mesh), scaling(s)}); return;
  }
}

void MeshLibrary::release() {
  for (GpuMesh* mesh : {&box_, &sphere_, &hemisphere_, &cylinder_}) mesh->release();
  for (auto* tori : {&stored_tori_, &generated_tori_, &coarse_tori_}) {
    for (auto& entry : *tori) entry.second.release();
    tori->clear();
  }
  for (auto& entry : file_meshes_) entry.second.gpu.release();
  file_meshes_.clear();
}

}  // namespace articulab::render
