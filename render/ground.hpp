// The ground's vertex buffer (render/ground_geometry.hpp), rebuilt only when the camera moves
// or the fog distances change by more than 9%.
#pragma once

#include <glad/gl.h>
#include <glm/glm.hpp>

#include "render/ground_geometry.hpp"
#include "render/shader_program.hpp"

namespace articulab::render {

class Ground {
 public:
  void create();
  // Draws the fill, the grid lines and the axes with program (shaders/ground.*, already in use
  // with its other uniforms set). ndcPerPixel is the size of one pixel in normalised device
  // coordinates: the axes are drawn again one pixel to the right and one up, so they are at
  // least two pixels wide whatever their direction on screen.
  void draw(const GroundView& view, ShaderProgram& program, const glm::vec2& ndcPerPixel);
  void release();

 private:
  void upload(const GroundView& key);

  GLuint vao_ = 0, vbo_ = 0;
  GroundGeometry geometry_;
  GroundView uploaded_;  // geometryKey of the view the buffer holds
  bool valid_ = false;
};

}  // namespace articulab::render
