#include "render/shadow_map.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/gtc/matrix_transform.hpp>

namespace articulab::render {

bool ShadowMap::create(int size, std::string& error) {
  release();
  size_ = size;
  glGenTextures(1, &depthTexture_);
  glBindTexture(GL_TEXTURE_2D, depthTexture_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, size, size, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
  const float farDepth[4] = {1.0f, 1.0f, 1.0f, 1.0f};
  glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, farDepth);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
  glGenFramebuffers(1, &framebuffer_);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, depthTexture_, 0);
  glDrawBuffer(GL_NONE);
  glReadBuffer(GL_NONE);
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    error = "shadow map framebuffer incomplete (status " + std::to_string(status) + ")";
    release();
    return false;
  }
  return true;
}

void ShadowMap::beginDepthPass() const {
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glViewport(0, 0, size_, size_);
  glClear(GL_DEPTH_BUFFER_BIT);
}

void ShadowMap::bindTexture(int unit) const {
  glActiveTexture(GL_TEXTURE0 + unit);
  glBindTexture(GL_TEXTURE_2D, depthTexture_);
}

void ShadowMap::release() {
  if (framebuffer_ != 0) glDeleteFramebuffers(1, &framebuffer_);
  if (depthTexture_ != 0) glDeleteTextures(1, &depthTexture_);
  framebuffer_ = depthTexture_ = 0;
  size_ = 0;
}

glm::mat4 lightViewProjection(const glm::vec3& towardLight, const glm::vec3& lo, const glm::vec3& hi, float floorZ) {
  const glm::vec3 L = glm::normalize(towardLight);
  const glm::vec3 centre = 0.5f * (lo + hi);
  const glm::vec3 up = std::abs(L.z) > 0.99f ? glm::vec3(0.0f, 1.0f, 0.0f) : glm::vec3(0.0f, 0.0f, 1.0f);
  const glm::mat4 view = glm::lookAt(centre + L, centre, up);
  glm::vec3 a(std::numeric_limits<float>::max()), b(-std::numeric_limits<float>::max());
  for (int corner = 0; corner < 8; ++corner) {
    const glm::vec3 p(corner & 1 ? hi.x : lo.x, corner & 2 ? hi.y : lo.y, corner & 4 ? hi.z : lo.z);
    // The point and its shadow on the floor (along -L) share light x, y; only depth differs.
    const glm::vec3 onGround = L.z > 1e-3f ? p - L * ((p.z - floorZ) / L.z) : p;
    for (const glm::vec3& q : {p, onGround}) {
      const glm::vec3 v = glm::vec3(view * glm::vec4(q, 1.0f));
      a = glm::min(a, v);
      b = glm::max(b, v);
    }
  }
  const float margin = 0.02f * glm::length(b - a) + 1e-3f;
  a -= margin;
  b += margin;
  // View space looks down -z: near and far are the negated z bounds.
  return glm::ortho(a.x, b.x, a.y, b.y, -b.z, -a.z) * view;
}

}  // namespace articulab::render
