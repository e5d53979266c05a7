#include "render/line_batch.hpp"

namespace articulab::render {

void LineBatch::create() {
  release();
  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vbo_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  const GLsizei stride = 6 * sizeof(float);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, nullptr);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(3 * sizeof(float)));
  glBindVertexArray(0);
}

void LineBatch::draw(const std::vector<ColoredLine>& lines) {
  if (vao_ == 0 || lines.empty()) return;
  vertices_.clear();
  for (const ColoredLine& line : lines)
    for (const glm::vec3& p : {line.a, line.b})
      vertices_.insert(vertices_.end(), {p.x, p.y, p.z, line.color.r, line.color.g, line.color.b});
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices_.size() * sizeof(float)), vertices_.data(),
               GL_STREAM_DRAW);
  glDrawArrays(GL_LINES, 0, static_cast<GLsizei>(2 * lines.size()));
}

void LineBatch::release() {
  if (vao_ != 0) glDeleteVertexArrays(1, &vao_);
  if (vbo_ != 0) glDeleteBuffers(1, &vbo_);
  vao_ = vbo_ = 0;
}

}  // namespace articulab::render
