#include "render/gpu_mesh.hpp"

#include <utility>
#include <vector>

namespace articulab::render {

GpuMesh::GpuMesh(GpuMesh&& other) noexcept
    : vao_(std::exchange(other.vao_, 0)),
      vbo_(std::exchange(other.vbo_, 0)),
      ebo_(std::exchange(other.ebo_, 0)),
      indexCount_(std::exchange(other.indexCount_, 0)) {}

GpuMesh& GpuMesh::operator=(GpuMesh&& other) noexcept {
  if (this == &other) return *this;
  release();
  vao_ = std::exchange(other.vao_, 0);
  vbo_ = std::exchange(other.vbo_, 0);
  ebo_ = std::exchange(other.ebo_, 0);
  indexCount_ = std::exchange(other.indexCount_, 0);
  return *this;
}

void GpuMesh::upload(const MeshData& mesh) {
  release();
  std::vector<float> interleaved;
  interleaved.reserve(mesh.positions.size() * 2);
  for (std::size_t v = 0; v < mesh.vertexCount(); ++v) {
    interleaved.insert(interleaved.end(), mesh.positions.begin() + 3 * v, mesh.positions.begin() + 3 * v + 3);
    interleaved.insert(interleaved.end(), mesh.normals.begin() + 3 * v, mesh.normals.begin() + 3 * v + 3);
  }
  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vbo_);
  glGenBuffers(1, &ebo_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(interleaved.size() * sizeof(float)), interleaved.data(),
               GL_STATIC_DRAW);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo_);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh.indices.size() * sizeof(std::uint32_t)),
               mesh.indices.data(), GL_STATIC_DRAW);
  const GLsizei stride = 6 * sizeof(float);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, nullptr);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(3 * sizeof(float)));
  glBindVertexArray(0);
  indexCount_ = static_cast<GLsizei>(mesh.indices.size());
}

void GpuMesh::draw() const {
  if (vao_ == 0) return;
  glBindVertexArray(vao_);
  glDrawElements(GL_TRIANGLES, indexCount_, GL_UNSIGNED_INT, nullptr);
}

void GpuMesh::release() {
  if (vao_ != 0) glDeleteVertexArrays(1, &vao_);
  if (vbo_ != 0) glDeleteBuffers(1, &vbo_);
  if (ebo_ != 0) glDeleteBuffers(1, &ebo_);
  vao_ = vbo_ = ebo_ = 0;
  indexCount_ = 0;
}

}  // namespace articulab::render
