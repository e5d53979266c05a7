// A window that draws a live session's frames and records them (the app's Workbench), as
// `articulab record` uses it: app/video names this interface so that it needs no panel code, and
// app/main.cpp hands it the app's window.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "app/session/session.hpp"
#include "app/video/video_recorder.hpp"

namespace articulab::video {

class SessionWindow {
 public:
  virtual ~SessionWindow() = default;

  // Opens the window (hidden or not, as it was made), its renderer and its panels, for drawing
  // without pointer input; false with the reason (no display, no OpenGL 3.3).
  virtual bool open(std::string& error) = 0;
  virtual session::Session& session() = 0;
  // The panels drawn around the 3D view (recorded with RecordSettings::wholeWindow) or not.
  virtual void showPanels(bool shown) = 0;
  // Draws the session's state shown now, and records the frames due at its time.
  virtual void drawFrame() = 0;
  // Recording (video_recorder.hpp) of the 3D view or the whole window from the state shown now on.
  virtual bool startRecording(const RecordSettings& settings, std::string& error) = 0;
  virtual bool stopRecording(std::string& error) = 0;
  virtual const VideoRecorder& recorder() const = 0;
  // Why a recording stopped by itself (a write that failed); empty when it did not.
  virtual const std::string& recordingError() const = 0;
};

// Makes a hidden window of width x height screen pixels.
using SessionWindowFactory = std::function<std::unique_ptr<SessionWindow>(int width, int height)>;

}  // namespace articulab::video
