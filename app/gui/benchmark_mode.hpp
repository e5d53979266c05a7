// Frame-time benchmark (articulab gui SCENE --benchmark-frames N): draws N frames with the
// panels, plots and 3D view while the simulation runs in real time, without vsync, and
// reports mean and 95th-percentile frame time and FPS.
#pragma once

#include "app/gui/gui_app.hpp"
#include "app/gui/workbench.hpp"

namespace articulab::gui {

// Prints the result on stdout (and to options.benchmarkOutput when set); returns the exit code.
int runBenchmark(Workbench& app, const GuiOptions& options);

}  // namespace articulab::gui
