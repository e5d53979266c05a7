// Coloured line segments streamed to the GPU each frame and drawn as GL_LINES.
#pragma once

#include <vector>

#include <glad/gl.h>

#include "render/overlay_geometry.hpp"

namespace articulab::render {

class LineBatch {
 public:
  void create();
  // Uploads and draws the lines with the currently bound program (attribute 0: position,
  // attribute 1: colour).
  void draw(const std::vector<ColoredLine>& lines);
  void release();

 private:
  GLuint vao_ = 0, vbo_ = 0;
  std::vector<float> vertices_;
};

}  // namespace articulab::render
