// Reads pixels of the current OpenGL context's back buffer (after the frame is drawn, before the
// swap) into an RgbImage, flipped so that row 0 is the top (OpenGL's row 0 is the bottom).
#pragma once

#include <string>

#include "app/video/rgb_image.hpp"

namespace articulab::video {

// The rectangle whose bottom-left corner is (x, y) in framebuffer pixels; false with the GL
// error. out keeps its storage between calls (no allocation once the size is steady).
bool grabBackBuffer(int x, int y, int width, int height, RgbImage& out, std::string& error);

// Flips the rows of image in place (top to bottom).
void flipRows(RgbImage& image);

}  // namespace articulab::video
