#include "app/video/frame_overlay.hpp"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#include <stb/stb_easy_font.h>
#pragma GCC diagnostic pop

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace articulab::video {

namespace {

constexpr int kLineHeight = 12;  // font units per line (stb_easy_font's glyphs are 7 units tall)
constexpr int kPadding = 4;      // font units around the text, inside the box
constexpr int kMargin = 6;       // font units from the frame's corner to the box

struct Box {
  int x0, y0, x1, y1;  // pixels, x1 and y1 excluded
};

// The rows and columns of the box within the image.
Box clipped(const RgbImage& image, Box box) {
  return {std::clamp(box.x0, 0, image.width), std::clamp(box.y0, 0, image.height),
          std::clamp(box.x1, 0, image.width), std::clamp(box.y1, 0, image.height)};
}

// Multiplies the box's pixels by keep (0..1).
void darken(RgbImage& image, Box box, double keep) {
  box = clipped(image, box);
  for (int y = box.y0; y < box.y1; ++y)
    for (int x = box.x0; x < box.x1; ++x)
      for (int c = 0; c < 3; ++c) {
        std::uint8_t& p = image.pixels[3 * (static_cast<std::size_t>(y) * image.width + x) + c];
        p = static_cast<std::uint8_t>(p * keep);
      }
}

void fill(RgbImage& image, Box box, std::uint8_t value) {
  box = clipped(image, box);
  for (int y = box.y0; y < box.y1; ++y)
    std::memset(&image.pixels[3 * (static_cast<std::size_t>(y) * image.width + box.x0)], value,
                3 * static_cast<std::size_t>(std::max(0, box.x1 - box.x0)));
}

std::string printable(const std::string& line) {
  std::string out = line;
  for (char& c : out)
    if (c < 32 || c > 126) c = '?';
  return out;
}

// The glyph rectangles of one line at (x, y) font units, scaled and drawn into the image.
void drawLine(RgbImage& image, std::string text, int x, int y, int scale) {
  std::vector<char> quads(280 * (text.size() + 1));  // stb_easy_font: about 270 bytes per character
  const int count =
      stb_easy_font_print(static_cast<float>(x), static_cast<float>(y), text.data(), nullptr, quads.data(),
                          static_cast<int>(quads.size()));
  constexpr int kVertexBytes = 16;  // x, y, z (float) and a colour (4 bytes)
  for (int q = 0; q < count; ++q) {
    float corner[4][2];
    for (int v = 0; v < 4; ++v) std::memcpy(corner[v], &quads[(4 * q + v) * kVertexBytes], 2 * sizeof(float));
    const float x0 = std::min({corner[0][0], corner[1][0], corner[2][0], corner[3][0]});
    const float x1 = std::max({corner[0][0], corner[1][0], corner[2][0], corner[3][0]});
    const float y0 = std::min({corner[0][1], corner[1][1], corner[2][1], corner[3][1]});
    const float y1 = std::max({corner[0][1], corner[1][1], corner[2][1], corner[3][1]});
    fill(image,
         {static_cast<int>(x0 * scale), static_cast<int>(y0 * scale), static_cast<int>(x1 * scale),
          static_cast<int>(y1 * scale)},
         235);
  }
}

}  // namespace

std::string overlayTimeText(double t) {
  char text[64];
  std::snprintf(text, sizeof text, "t = %.3f s", t);
  return text;
}

void drawOverlay(RgbImage& image, const std::vector<std::string>& lines) {
  if (lines.empty() || image.width <= 0 || image.height <= 0) return;
  const int scale = std::max(1, image.height / 360);
  std::vector<std::string> texts;
  int width = 0;
  for (const std::string& line : lines) {
    texts.push_back(printable(line));
    width = std::max(width, stb_easy_font_width(texts.back().data()));
  }
  const int height = kLineHeight * static_cast<int>(texts.size());
  darken(image,
         {kMargin * scale, kMargin * scale, (kMargin + 2 * kPadding + width) * scale,
          (kMargin + 2 * kPadding + height) * scale},
         0.35);
  for (std::size_t k = 0; k < texts.size(); ++k)
    drawLine(image, texts[k], kMargin + kPadding, kMargin + kPadding + kLineHeight * static_cast<int>(k), scale);
}

}  // namespace articulab::video
