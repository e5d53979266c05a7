// Test helper: decodes a video file with libavformat/libavcodec (no ffprobe needed) and keeps
// chosen frames as RGB, for the video tests (video_recorder_test.cpp, video_probe.cpp).
#pragma once

#include <string>
#include <vector>

#include "app/video/rgb_image.hpp"

namespace articulab::video {

struct DecodedVideo {
  std::string codec;     // e.g. "h264"
  int width = 0, height = 0;
  double fps = 0.0;      // the stream's average frame rate
  long frames = 0;       // frames decoded
  std::vector<RgbImage> kept;  // the frames asked for, in the order asked (empty if past the end)
};

// Decodes every frame of the first video stream; false with the reason.
bool decodeVideo(const std::string& path, const std::vector<long>& keep, DecodedVideo& out, std::string& error);

}  // namespace articulab::video
