// Entry point of the interactive app (articulab gui): the window with the 3D view, the panels
// and live plots; also its scripted (--script) and frame-time benchmark (--benchmark-frames) modes.
#pragma once

#include <string>

#include "engine/io/scene_loader.hpp"

namespace articulab::gui {

struct GuiOptions {
  std::string scenePath;            // scene opened at start
  // What `articulab gui` opens without a scene, and what an interactive session opens instead
  // when scenePath does not load (the error in the banner).
  std::string defaultScenePath = ARTICULAB_SOURCE_DIR "/scenes/four_bar.json";
  // The first look of an interactive session opened without a scene: the default scene on its
  // own back-end (variational, energy in a band) compared with this run (Baraff's semi-implicit
  // step, whose energy drifts while its loop holds): what the workbench is for, at a glance.
  bool sceneNamed = true;
  std::string firstLookComparison = "baraff:semi-implicit";
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
