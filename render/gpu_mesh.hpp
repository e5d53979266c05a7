// A triangle mesh uploaded to the GPU: interleaved position and normal, indexed.
#pragma once

#include <glad/gl.h>

#include "render/primitive_meshes.hpp"

namespace articulab::render {

// GL objects are freed by release() only (the destructor may run after the context is gone).
class GpuMesh {
 public:
  GpuMesh() = default;
  GpuMesh(const GpuMesh&) = delete;
  GpuMesh& operator=(const GpuMesh&) = delete;
  GpuMesh(GpuMesh&& other) noexcept;
  GpuMesh& operator=(GpuMesh&& other) noexcept;

  // Attribute 0: position, attribute 1: normal.
  void upload(const MeshData& mesh);
  void draw() const;
  // Deletes the GL objects; needs the context that created them to be current.
  void release();

 private:
  GLuint vao_ = 0, vbo_ = 0, ebo_ = 0;
  GLsizei indexCount_ = 0;
};

}  // namespace articulab::render
