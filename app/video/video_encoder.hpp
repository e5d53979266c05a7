// MP4 output through FFmpeg's libraries (libavcodec, libavformat, libswscale): H.264 with
// libx264 (Debian's libavcodec59 has it), another H.264 encoder if libavcodec offers one, else
// MPEG-4 part 2; RGB frames are converted to YUV 4:2:0, so width and height must be even.
// The container follows the file name (.mp4, .mkv, .mov; an unknown one gets MP4).
#pragma once

#include <memory>
#include <string>

#include "app/video/frame_sink.hpp"

namespace articulab::video {

enum class EncoderProblem {
  None,
  NoEncoder,    // this FFmpeg (or this build, without FFmpeg) has no H.264 or MPEG-4 encoder
  BadSettings,  // size or frame rate refused
  Output        // the file cannot be written, or the encoder failed on it
};

struct EncoderResult {
  std::unique_ptr<FrameSink> sink;  // null on failure
  EncoderProblem problem = EncoderProblem::None;
  std::string error;                // names the path and FFmpeg's reason
};

// Opens path for width x height frames at fps frames per second (of the video).
EncoderResult openVideoFile(const std::string& path, int width, int height, int fps);

// The encoder openVideoFile would use, e.g. "H.264 (libx264)"; empty when there is none.
std::string availableVideoEncoder();

}  // namespace articulab::video
