// The fallback recording: one PNG per frame, DIR/frame_00000.png, frame_00001.png, ...
// (stb_image_write; no FFmpeg needed). Assemble them later with, e.g.,
// ffmpeg -framerate 30 -i DIR/frame_%05d.png -pix_fmt yuv420p out.mp4
#pragma once

#include <memory>
#include <string>

#include "app/video/frame_sink.hpp"

namespace articulab::video {

// Creates the directory (and its parents); null and an error naming the directory when it
// cannot be created or written.
std::unique_ptr<FrameSink> openPngSequence(const std::string& directory, std::string& error);

// The file of frame `index` in directory.
std::string pngFramePath(const std::string& directory, long index);

}  // namespace articulab::video
