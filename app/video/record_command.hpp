// articulab record SCENE --duration S (--out FILE.mp4 | --png-dir DIR) [--fps N] [--size WxH]
//   [--backend B] [--set NAME=VALUE] [--window] [--overlay]
// Renders the scene with the app's renderer in a hidden window (an X display is needed: run it
// under xvfb-run on a machine without one) and records it in simulated time: frame k shows the
// state at t = k / fps (to half a step), k = 0 .. round(duration * fps) - 1, so a 1 s recording at
// 30 fps has 30 frames, the first the initial state, the last t = 29/30 s (docs/cli.md).
// --overlay draws each frame's time and the run's label into it (frame_overlay.hpp).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "app/video/session_window.hpp"

namespace articulab::video {

// Draws in a window from makeWindow and steps its session (Session::advance, Run::step).
// Returns the exit code (app/cli/last_resort.hpp): 0, 1 bad scene, 2 bad command line or output,
// 3 diverged (the frames so far are kept, the file finished), 4 no display.
int recordCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                  const SessionWindowFactory& makeWindow);

}  // namespace articulab::video
