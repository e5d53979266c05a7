// Entry point of the interactive app (articulab gui): the window with the 3D view, the panels
// and live plots; also its scripted (--script) and frame-time benchmark (--benchmark-frames) modes.
#pragma once

#include <string>

#include "engine/io/scene_loader.hpp"

namespace articulab::gui {

struct GuiOptions {
  std::string scenePath;            // scene opened at start
  // What an interactive session opens instead when scenePath does not load (the error in the banner).
  std::string defaultScenePath = ARTICULAB_SOURCE_DIR "/scenes/double_pendulum.json";
  ParameterOverrides overrides;     // scene parameters for that scene (--set n=20)
  SceneLimits sceneLimits;          // size limits of every scene the app opens (--max-bodies)
  std::string backend;              // back-end instead of the scene's default (--backend)
  std::string scriptPath;           // run this script instead of waiting for the user (--script)
  bool benchmark = false;           // measure frame times (--benchmark-frames N)
  int benchmarkFrames = 600;
  int width = 1280, height = 720;   // window size in screen pixels (--size WxH)
  std::string benchmarkOutput;      // also write the benchmark result here (--benchmark-output)
  bool hiddenWindow = false;        // no window on screen (articulab record): draws off screen
};

// Returns the process exit code: 0 success, 1 a scripted command or the start-up failed.
int runGui(const GuiOptions& options);

}  // namespace articulab::gui
