// Depth texture rendered from a directional light, sampled with depth comparison (PCF).
#pragma once

#include <string>

#include <glad/gl.h>
#include <glm/glm.hpp>

namespace articulab::render {

class ShadowMap {
 public:
  bool create(int size, std::string& error);
  // Binds the shadow framebuffer and viewport and clears the depth.
  void beginDepthPass() const;
  void bindTexture(int unit) const;
  int size() const { return size_; }
  void release();

 private:
  GLuint framebuffer_ = 0, depthTexture_ = 0;
  int size_ = 0;
};

// Orthographic light view-projection looking along -towardLight that holds the box lo..hi and
// the shadow of that box on the floor plane z = floorZ.
glm::mat4 lightViewProjection(const glm::vec3& towardLight, const glm::vec3& lo, const glm::vec3& hi,
                              float floorZ = 0.0f);

}  // namespace articulab::render
