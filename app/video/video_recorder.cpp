#include "app/video/video_recorder.hpp"

#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "app/video/frame_overlay.hpp"
#include "app/video/png_sequence.hpp"
#include "app/video/video_encoder.hpp"

namespace articulab::video {

namespace {

std::string videoAbsolute(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
  return ec ? path : absolute.lexically_normal().string();
}

bool videoSide(const std::string& text, int& out) {
  char* end = nullptr;
  const long value = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || value < 16 || value > 8192 || value % 2 != 0) return false;
  out = static_cast<int>(value);
  return true;
}

}  // namespace

bool parseVideoSize(const std::string& text, int& width, int& height, std::string& error) {
  const std::size_t x = text.find('x');
  if (x == std::string::npos || !videoSide(text.substr(0, x), width) || !videoSide(text.substr(x + 1), height)) {
    error = "video size must be WIDTHxHEIGHT with even sides from 16 to 8192 pixels, e.g. 1280x720 (got '" + text +
            "')";
    return false;
  }
  return true;
}

VideoRecorder::~VideoRecorder() {
  std::string ignored;
  stop(ignored);
}

bool VideoRecorder::start(const RecordSettings& settings, int capturedWidth, int capturedHeight, double startTime,
                          std::string& error) {
  if (!stop(error)) return false;
  settings_ = settings;
  width_ = settings.width > 0 ? settings.width : capturedWidth & ~1;
  height_ = settings.height > 0 ? settings.height : capturedHeight & ~1;
  anchor_ = lastShown_ = startTime;
  index_ = written_ = 0;
  note_.clear();
  outputs_.clear();
  finished_ = false;
  if (settings.path.empty() && settings.pngDir.empty()) {
    error = "nothing to record to: give a video file, a PNG directory or both";
    return false;
  }
  if (settings.fps < 1 || settings.fps > 240) {
    error = "frame rate must be 1 to 240 fps (got " + std::to_string(settings.fps) + ")";
    return false;
  }
  if (width_ < 16 || height_ < 16 || width_ > 8192 || height_ > 8192 || width_ % 2 || height_ % 2) {
    error = "video size must be even, from 16 to 8192 pixels a side (got " + std::to_string(width_) + "x" +
            std::to_string(height_) + ")";
    return false;
  }
  if (openSinks(error)) return true;
  sinks_.clear();
  return false;
}

bool VideoRecorder::openSinks(std::string& error) {
  std::string pngDir = settings_.pngDir;
  if (!settings_.path.empty()) {
    EncoderResult video = openVideoFile(settings_.path, width_, height_, settings_.fps);
    if (video.problem == EncoderProblem::NoEncoder && pngDir.empty()) {
      const std::filesystem::path p(settings_.path);
      pngDir = (p.parent_path() / (p.stem().string() + "_frames")).string();
      note_ = video.error + "; writing a PNG sequence to " + videoAbsolute(pngDir) + " instead";
    } else if (!video.sink) {
      error = video.error;
      return false;
    } else {
      outputs_.push_back(videoAbsolute(settings_.path) + " (" + video.sink->format() + ")");
      sinks_.push_back(std::move(video.sink));
    }
  }
  if (pngDir.empty()) return true;
  std::unique_ptr<FrameSink> png = openPngSequence(pngDir, error);
  if (!png) return false;
  outputs_.push_back(videoAbsolute(pngFramePath(pngDir, 0)) + ", ... (PNG sequence)");
  sinks_.push_back(std::move(png));
  return true;
}

long VideoRecorder::framesDue(double t, double tolerance) {
  if (!recording() || (settings_.frameLimit > 0 && written_ >= settings_.frameLimit)) return 0;
  const double fps = settings_.fps;
  const bool wentBack = t < lastShown_ - tolerance;
  lastShown_ = t;
  if (wentBack) {
    anchor_ = t;
    index_ = 0;
  }
  // Frames index_ .. last are at or before t: last = floor((t + tolerance - anchor) fps).
  const long last = static_cast<long>(std::floor((t + tolerance - anchor_) * fps + 1e-9));
  long due = last - index_ + 1;
  if (due > static_cast<long>(fps)) {  // jumped more than a second on: a scrub, not a fast run
    anchor_ = t;
    index_ = 0;
    due = 1;
  }
  if (due <= 0) return 0;
  if (settings_.frameLimit > 0) due = std::min(due, settings_.frameLimit - written_);
  return due;
}

bool VideoRecorder::addFrame(const RgbImage& grabbed, long copies, std::string& error) {
  if (!recording() || copies <= 0) return true;
  const bool same = grabbed.width == width_ && grabbed.height == height_;
  if (!same) resampleBilinear(grabbed, width_, height_, resampled_);
  const RgbImage& drawn = same ? grabbed : resampled_;
  for (long copy = 0; copy < copies; ++copy) {
    const RgbImage& frame = settings_.overlay ? withOverlay(drawn) : drawn;
    for (auto& sink : sinks_) {
      if (sink->write(frame, error)) continue;
      std::string ignored;
      stop(ignored);
      return false;
    }
    ++index_;
    ++written_;
  }
  return true;
}

const RgbImage& VideoRecorder::withOverlay(const RgbImage& frame) {
  overlaid_ = frame;
  std::vector<std::string> lines = {overlayTimeText(anchor_ + static_cast<double>(index_) / settings_.fps)};
  if (!settings_.overlayLabel.empty()) lines.push_back(settings_.overlayLabel);
  drawOverlay(overlaid_, lines);
  return overlaid_;
}

bool VideoRecorder::stop(std::string& error) {
  bool ok = true;
  for (auto& sink : sinks_) {
    std::string why;
    if (!sink->finish(why) && ok) {
      error = why;
      ok = false;
    }
  }
  if (!sinks_.empty()) finished_ = true;
  sinks_.clear();
  return ok;
}

std::string VideoRecorder::outputs() const {
  std::string text;
  for (const std::string& output : outputs_) text += (text.empty() ? "" : " and ") + output;
  return text;
}

std::string VideoRecorder::status() const {
  if (!recording() && !finished_) return "";
  const std::string size = std::to_string(width_) + "x" + std::to_string(height_) + ", " +
                           std::to_string(settings_.fps) + " fps";
  if (recording())
    return "recording " + std::to_string(written_) + " frames (" + size + ") to " + outputs();
  return "wrote " + std::to_string(written_) + " frames (" + size + ") to " + outputs();
}

}  // namespace articulab::video
