// Recording the 3D view (or the whole window) in simulated time: frame k of a recording shows
// the state at simulated time t0 + k / fps, whatever the wall clock does, so a scene that steps
// slower than real time still gives a smooth real-time video. The app calls framesDue() with the
// time of the state it is about to show; when frames are due it grabs the frame and passes it to
// addFrame(), which writes it that many times (a state shown past several frame times fills
// them all, so the video's clock stays the simulation's). When the shown time jumps back (Reset,
// scrubbing the history back) or more than a second forward (scrubbing on), the recording goes on
// from the new time.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "app/video/frame_sink.hpp"
#include "app/video/rgb_image.hpp"

namespace articulab::video {

constexpr int kDefaultVideoFps = 30;

struct RecordSettings {
  std::string path;      // the video file (.mp4); empty: none
  std::string pngDir;    // the PNG sequence's directory; empty: none
  int fps = kDefaultVideoFps;
  int width = 0, height = 0;  // 0: the captured region's size rounded down to even
  bool wholeWindow = false;   // the window with its panels instead of the 3D view
  long frameLimit = 0;        // stop taking frames after this many (0: no limit)
  // Draws each frame's simulated time and, when not empty, overlayLabel into it (frame_overlay.hpp).
  bool overlay = false;
  std::string overlayLabel;  // the run: scene, back-end, integrator, step
};

// "1280x720" into width and height (each from 16 to 8192 and even); false with the reason.
bool parseVideoSize(const std::string& text, int& width, int& height, std::string& error);

class VideoRecorder {
 public:
  ~VideoRecorder();
  // Opens the outputs for frames at simulated time startTime on; captured x captured is the size
  // of the region grabbed (the default video size). Without a video encoder the video falls back
  // to a PNG sequence in PATH_frames/ (note() says so). False with the reason (unwritable path,
  // bad size or frame rate); nothing is recording then.
  bool start(const RecordSettings& settings, int capturedWidth, int capturedHeight, double startTime,
             std::string& error);
  bool recording() const { return !sinks_.empty(); }
  // Frames due now that the shown state's time is t (s): those at or before t + tolerance
  // (half a step) not yet written; 0 when not recording or the frame limit is reached.
  long framesDue(double t, double tolerance);
  // Writes the grabbed frame (resampled to the video size when it differs) `copies` times. On a
  // failure the recording ends (the outputs closed) and the reason is returned.
  bool addFrame(const RgbImage& grabbed, long copies, std::string& error);
  // Closes the outputs; false with the reason when the file could not be finished.
  bool stop(std::string& error);

  const RecordSettings& settings() const { return settings_; }
  long framesWritten() const { return written_; }
  int width() const { return width_; }
  int height() const { return height_; }
  // The outputs with their absolute paths, e.g. "/home/u/run.mp4 (H.264 (libx264))".
  std::string outputs() const;
  // One line for the status bar: recording or written, the whole paths and the frames written.
  std::string status() const;
  // Why the outputs differ from the settings (the PNG fallback); empty when they do not.
  const std::string& note() const { return note_; }

 private:
  bool openSinks(std::string& error);
  // The frame with its time stamp (that of the next frame, index_) and label drawn in.
  const RgbImage& withOverlay(const RgbImage& frame);

  RecordSettings settings_;
  std::vector<std::unique_ptr<FrameSink>> sinks_;
  std::vector<std::string> outputs_;
  std::string note_;
  int width_ = 0, height_ = 0;
  double anchor_ = 0.0;   // simulated time of frame index_ = 0 of the current stretch
  long index_ = 0;        // the next frame's index in the current stretch
  double lastShown_ = 0.0;
  long written_ = 0;
  bool finished_ = false;
  RgbImage resampled_;
  RgbImage overlaid_;
};

}  // namespace articulab::video
