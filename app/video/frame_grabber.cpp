#include "app/video/frame_grabber.hpp"

#include <glad/gl.h>

#include <algorithm>

namespace articulab::video {

void flipRows(RgbImage& image) {
  const std::size_t rowBytes = 3 * static_cast<std::size_t>(image.width);
  auto row = [&](int r) { return image.pixels.begin() + static_cast<std::ptrdiff_t>(r * rowBytes); };
  for (int r = 0; r < image.height / 2; ++r) std::swap_ranges(row(r), row(r) + rowBytes, row(image.height - 1 - r));
}

bool grabBackBuffer(int x, int y, int width, int height, RgbImage& out, std::string& error) {
  if (width <= 0 || height <= 0) {
    error = "nothing to record: the captured region is " + std::to_string(width) + "x" + std::to_string(height);
    return false;
  }
  out.resize(width, height);
  while (glGetError() != GL_NO_ERROR) {
  }
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(x, y, width, height, GL_RGB, GL_UNSIGNED_BYTE, out.pixels.data());
  if (const GLenum glError = glGetError(); glError != GL_NO_ERROR) {
    error = "reading the frame from OpenGL failed (GL error " + std::to_string(glError) + ")";
    return false;
  }
  flipRows(out);
  return true;
}

}  // namespace articulab::video
