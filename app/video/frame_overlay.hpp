// The overlay `articulab record --overlay` draws into each video frame: the frame's simulated
// time and the run's label, light text on a darkened box in the top-left corner. The glyphs are
// stb_easy_font's (each a few rectangles), scaled with the frame: 2 pixels per font unit at 720
// rows. Drawn on the CPU into the grabbed image, so a frame's time stamp is exact however many
// video frames one drawn frame becomes.
#pragma once

#include <string>
#include <vector>

#include "app/video/rgb_image.hpp"

namespace articulab::video {

// "t = 1.250 s".
std::string overlayTimeText(double t);
// Draws the lines, one below the other, into the image's top-left corner; lines of characters
// outside printable ASCII draw those as '?'.
void drawOverlay(RgbImage& image, const std::vector<std::string>& lines);

}  // namespace articulab::video
