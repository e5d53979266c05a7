// An 8-bit RGB image, rows from the top (as PNG and video frames store them), and its resampling
// to another size (a recording at a resolution other than the view's).
#pragma once

#include <cstdint>
#include <vector>

namespace articulab::video {

struct RgbImage {
  int width = 0, height = 0;
  std::vector<std::uint8_t> pixels;  // 3 * width * height bytes, row 0 at the top

  void resize(int w, int h) {
    width = w;
    height = h;
    pixels.resize(3 * static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
  }
};

// Bilinear resampling of src to width x height (pixel centres aligned); a plain copy when the
// sizes agree.
void resampleBilinear(const RgbImage& src, int width, int height, RgbImage& out);

}  // namespace articulab::video
