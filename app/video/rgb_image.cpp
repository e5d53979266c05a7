#include "app/video/rgb_image.hpp"

#include <algorithm>
#include <cmath>

namespace articulab::video {

namespace {

// Source coordinate of destination pixel centre i when n source pixels map onto m: the centres
// (i + 1/2) m^-1 = (x + 1/2) n^-1, clamped to the first and last centre.
void videoSourceCoordinate(int i, int n, int m, int& lo, int& hi, float& frac) {
  const float x = std::clamp((static_cast<float>(i) + 0.5f) * static_cast<float>(n) / static_cast<float>(m) - 0.5f,
                             0.0f, static_cast<float>(n - 1));
  lo = static_cast<int>(std::floor(x));
  hi = std::min(lo + 1, n - 1);
  frac = x - static_cast<float>(lo);
}

}  // namespace

void resampleBilinear(const RgbImage& src, int width, int height, RgbImage& out) {
  out.resize(width, height);
  if (src.width == width && src.height == height) {
    out.pixels = src.pixels;
    return;
  }
  const auto at = [&src](int x, int y, int c) { return static_cast<float>(src.pixels[3 * (y * src.width + x) + c]); };
  for (int y = 0; y < height; ++y) {
    int y0, y1;
    float fy;
    videoSourceCoordinate(y, src.height, height, y0, y1, fy);
    for (int x = 0; x < width; ++x) {
      int x0, x1;
      float fx;
      videoSourceCoordinate(x, src.width, width, x0, x1, fx);
      for (int c = 0; c < 3; ++c) {
        const float top = at(x0, y0, c) + fx * (at(x1, y0, c) - at(x0, y0, c));
        const float bottom = at(x0, y1, c) + fx * (at(x1, y1, c) - at(x0, y1, c));
        out.pixels[3 * (static_cast<std::size_t>(y) * width + x) + c] =
            static_cast<std::uint8_t>(std::lround(top + fy * (bottom - top)));
      }
    }
  }
}

}  // namespace articulab::video
