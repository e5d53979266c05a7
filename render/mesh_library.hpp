// The unit meshes of assets/ and how each ShapeDims is drawn with them (scaled, placed).
//   box: box.obj scaled by the side lengths; sphere, ellipsoid: sphere.obj scaled;
//   cylinder: cylinder.obj scaled (r, r, L); capsule: cylinder plus two hemisphere.obj caps;
//   torus: torus_ratio_*.obj when a stored file has the shape's minor/major ratio, otherwise a
//   torus generated at load time by the same generator (render/primitive_meshes), cached by
//   ratio in thousandths; scaled by the major radius. The shadow pass draws tori with a coarse
//   generated torus (a shadow needs no smooth normals).
//   mesh: its triangles uploaded once per mesh (flat normals), scaled.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "engine/spatial/inertia.hpp"
#include "render/gpu_mesh.hpp"

namespace articulab::render {

// One mesh and its transform in the shape frame.
struct MeshPart {
  const GpuMesh* mesh = nullptr;
  glm::mat4 transform{1.0f};
  const GpuMesh* shadowMesh = nullptr;  // coarser stand-in for the shadow pass (tori); null: mesh
};

class MeshLibrary {
 public:
  // Loads every stored mesh from assetDir; false and an error naming the file on failure.
  bool load(const std::string& assetDir, std::string& error);
  // Frees the generated tori when too many ratios were seen; call before collecting parts
  // (parts collected earlier may point at them).
  void trimGenerated();
  // Appends the parts that draw the shape (none for a shape with unusable sizes).
  void appendParts(const ShapeDims& shape, std::vector<MeshPart>& parts);
  const GpuMesh& sphere() const { return sphere_; }
  const GpuMesh& cylinder() const { return cylinder_; }  // radius 1, length 1 along z, centred
  void release();

 private:
  const GpuMesh* torus(double minorOverMajor);
  const GpuMesh* coarseTorus(double minorOverMajor);
  const GpuMesh* fileMesh(const std::shared_ptr<const TriangleMesh>& mesh);

  struct UploadedMesh {
    std::weak_ptr<const TriangleMesh> source;  // expired: the address may be another mesh's
    GpuMesh gpu;
  };
  std::map<const TriangleMesh*, UploadedMesh> file_meshes_;

  GpuMesh box_, sphere_, hemisphere_, cylinder_;
  std::map<long, GpuMesh> stored_tori_, generated_tori_, coarse_tori_;  // key: ratio in thousandths
};

}  // namespace articulab::render
