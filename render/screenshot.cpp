#include "render/screenshot.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include <glad/gl.h>
#include <stb/stb_image_write.h>

namespace articulab::render {

bool writeBackBufferPng(const std::string& pngPath, int width, int height, std::string& error) {
  if (width <= 0 || height <= 0) {
    error = pngPath + ": screenshot size must be positive, got " + std::to_string(width) + "x" + std::to_string(height);
    return false;
  }
  const std::size_t rowBytes = 3 * static_cast<std::size_t>(width);
  std::vector<std::uint8_t> pixels(rowBytes * static_cast<std::size_t>(height));
  while (glGetError() != GL_NO_ERROR) {
  }
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  if (const GLenum glError = glGetError(); glError != GL_NO_ERROR) {
    error = pngPath + ": reading the back buffer failed (GL error " + std::to_string(glError) + ")";
    return false;
  }
  // OpenGL rows start at the bottom, PNG rows at the top.
  for (int row = 0; row < height / 2; ++row)
    std::swap_ranges(pixels.begin() + row * rowBytes, pixels.begin() + (row + 1) * rowBytes,
                     pixels.begin() + (height - 1 - row) * rowBytes);
  if (stbi_write_png(pngPath.c_str(), width, height, 3, pixels.data(), static_cast<int>(rowBytes)) == 0) {
    error = pngPath + ": cannot write PNG (directory missing or not writable?)";
    return false;
  }
  return true;
}

}  // namespace articulab::render
