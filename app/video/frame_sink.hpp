// Where recorded frames go: an MP4 file (video_encoder.hpp) or a PNG sequence (png_sequence.hpp).
#pragma once

#include <string>

#include "app/video/rgb_image.hpp"

namespace articulab::video {

class FrameSink {
 public:
  virtual ~FrameSink() = default;
  // Appends one frame of the size the sink was opened with; false with the reason.
  virtual bool write(const RgbImage& frame, std::string& error) = 0;
  // Flushes and closes the output; false with the reason. Called once.
  virtual bool finish(std::string& error) = 0;
  // What the frames are written as, e.g. "H.264 (libx264)" or "PNG sequence".
  virtual std::string format() const = 0;
};

}  // namespace articulab::video
