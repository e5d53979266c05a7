#include "render/ground.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace articulab::render {

namespace {

// The geometry has to reach as far as the fog and be cut finely enough for it, nothing more:
// fog distances rounded up to steps of 2^(1/8) (9%) spare a moving scene, whose bounds and so
// fog change every frame, a rebuild per frame. The shader gets the exact distances.
GroundView geometryKey(GroundView view) {
  auto roundUp = [](float x) { return std::exp2(std::ceil(8.0f * std::log2(std::max(x, 1e-6f))) / 8.0f); };
  view.fogStart = roundUp(view.fogStart);
  view.fogEnd = roundUp(view.fogEnd);
  return view;
}

}  // namespace

void Ground::create() {
  release();
  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vbo_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  const GLsizei stride = sizeof(GroundVertex);
  auto attribute = [stride](GLuint index, GLint size, std::size_t offset) {
    glEnableVertexAttribArray(index);
    glVertexAttribPointer(index, size, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(offset));
  };
  attribute(0, 3, offsetof(GroundVertex, position));
  attribute(1, 3, offsetof(GroundVertex, color));
  attribute(2, 1, offsetof(GroundVertex, spacing));
  glBindVertexArray(0);
}

void Ground::upload(const GroundView& key) {
  buildGroundGeometry(key, geometry_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(geometry_.vertices.size() * sizeof(GroundVertex)),
               geometry_.vertices.data(), GL_DYNAMIC_DRAW);
  uploaded_ = key;
  valid_ = true;
}

void Ground::draw(const GroundView& view, ShaderProgram& program, const glm::vec2& ndcPerPixel) {
  if (vao_ == 0) return;
  glBindVertexArray(vao_);
  const GroundView key = geometryKey(view);
  if (!valid_ || key != uploaded_) upload(key);
  const GLint gridStart = geometry_.fillCount, axisStart = gridStart + geometry_.gridCount;
  program.set("uPixelShift", glm::vec2(0.0f));
  glDrawArrays(GL_TRIANGLES, 0, geometry_.fillCount);
  glDrawArrays(GL_LINES, gridStart, geometry_.gridCount);
  for (const glm::vec2 shift : {glm::vec2(0.0f), glm::vec2(ndcPerPixel.x, 0.0f), glm::vec2(0.0f, ndcPerPixel.y)}) {
    program.set("uPixelShift", shift);
    glDrawArrays(GL_LINES, axisStart, geometry_.axisCount);
  }
}

void Ground::release() {
  if (vao_ != 0) glDeleteVertexArrays(1, &vao_);
  if (vbo_ != 0) glDeleteBuffers(1, &vbo_);
  vao_ = vbo_ = 0;
  valid_ = false;
}

}  // namespace articulab::render
