#include "app/video/record_command.hpp"

#include <cmath>
#include <filesystem>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/last_resort.hpp"
#include "app/video/video_recorder.hpp"

namespace articulab::video {

namespace {

struct RecordOptions {
  std::string scenePath;
  ParameterOverrides overrides;  // --set
  SceneLimits limits;            // --max-bodies
  std::string backend;           // --backend; empty: the scene's
  int width = 1280, height = 720;  // --size: the window's, in screen pixels
  RecordSettings video;
  double duration = 5.0;  // s of simulated time
};

RecordOptions parseRecordOptions(const std::vector<std::string>& args) {
  using namespace cli;
  RecordOptions o;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    std::string error;
    if (a == "--duration") o.duration = parseNumber(a, flagValue(args, i), true);
    else if (a == "--out") o.video.path = flagValue(args, i);
    else if (a == "--png-dir") o.video.pngDir = flagValue(args, i);
    else if (a == "--fps") {
      const long fps = parseCount(a, flagValue(args, i));
      if (fps < 1 || fps > 240) throw UsageError("--fps: expected 1 to 240 frames per second, got " + args[i]);
      o.video.fps = static_cast<int>(fps);
    } else if (a == "--size") {
      if (!parseVideoSize(flagValue(args, i), o.width, o.height, error)) throw UsageError("--size: " + error);
    } else if (a == "--backend") o.backend = flagValue(args, i);
    else if (a == "--set") parseOverride(flagValue(args, i), o.overrides);
    else if (a == "--max-bodies") o.limits.maxBodies = parseMaxBodies(flagValue(args, i));
    else if (a == "--window") o.video.wholeWindow = true;
    else if (a == "--overlay") o.video.overlay = true;
    else if (a.rfind("--", 0) == 0) throw UsageError("unknown flag '" + a + "' for 'record' (see articulab --help)");
    else if (o.scenePath.empty()) o.scenePath = a;
    else throw UsageError("unexpected argument '" + a + "': record takes one scene file");
  }
  if (o.scenePath.empty()) throw UsageError("record: which scene? articulab record SCENE --duration 5 --out run.mp4");
  if (o.video.path.empty() && o.video.pngDir.empty())
    throw UsageError("record: give --out FILE.mp4 (H.264 video), --png-dir DIR (PNG sequence) or both");
  const double frames = std::round(o.duration * o.video.fps);
  if (frames < 1 || frames > 1e6)
    throw UsageError("record: --duration " + std::to_string(o.duration) + " s at " + std::to_string(o.video.fps) +
                     " fps gives " + std::to_string(static_cast<long>(frames)) + " frames; expected 1 to 1000000");
  o.video.frameLimit = static_cast<long>(frames);
  o.video.width = o.width;
  o.video.height = o.height;
  return o;
}

// Steps until the next frame's time t0 + k / fps (to half a step; at least one step when the
// frame is not due yet, so a step longer than a frame still moves on).
bool advanceToFrame(session::Session& sim, double frameTime, std::string& error) {
  session::Snapshot now;
  sim.snapshot(now);
  long steps = std::lround((frameTime - now.state.t) / now.dt);
  if (steps < 1 && now.state.t + 0.5 * now.dt < frameTime) steps = 1;
  return steps < 1 || sim.advance(steps, error);
}

// "double_pendulum.json: redmax semi-implicit, dt 0.001 s" (session::runLabel).
std::string overlayLabel(session::Session& sim, const std::string& scenePath) {
  session::Snapshot now;
  sim.snapshot(now);
  return std::filesystem::path(scenePath).filename().string() + ": " + now.mainLabel;
}

}  // namespace

int recordCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                  const SessionWindowFactory& makeWindow) {
  const RecordOptions o = parseRecordOptions(args);
  const std::unique_ptr<SessionWindow> window = makeWindow(o.width, o.height);
  SessionWindow& app = *window;
  std::string error;
  if (!app.open(error)) {
    err << "articulab record: " << error << "\n";
    return cli::kExitNoGui;
  }
  app.session().scenes().setSceneLimits(o.limits);
  if (!app.session().scenes().load(o.scenePath, o.overrides, o.backend, error)) {
    err << "articulab record: " << error << "\n";
    return cli::kExitBadScene;
  }
  app.showPanels(o.video.wholeWindow);
  app.drawFrame();  // frames the camera on the scene
  RecordSettings video = o.video;
  if (video.overlay) video.overlayLabel = overlayLabel(app.session(), o.scenePath);
  if (!app.startRecording(video, error)) {
    err << "articulab record: " << error << "\n";
    return cli::kExitBadCommand;
  }
  if (!app.recorder().note().empty()) err << "articulab record: " << app.recorder().note() << "\n";
  session::Snapshot start;
  app.session().snapshot(start);
  int code = cli::kExitOk;
  while (app.recorder().recording() && app.recorder().framesWritten() < o.video.frameLimit) {
    const double frameTime = start.state.t + static_cast<double>(app.recorder().framesWritten()) / o.video.fps;
    if (!advanceToFrame(app.session(), frameTime, error)) {
      err << "articulab record: the simulation diverged before t = " << frameTime << " s: " << error
          << "\narticulab record: keeping the " << app.recorder().framesWritten() << " frames recorded so far\n";
      code = cli::kExitDiverged;
      break;
    }
    app.drawFrame();
  }
  if (!app.recorder().recording()) {  // stopped on an error while writing
    err << "articulab record: " << app.recordingError() << "\n";
    return cli::kExitBadCommand;
  }
  if (!app.stopRecording(error)) {
    err << "articulab record: " << error << "\n";
    return cli::kExitBadCommand;
  }
  out << app.recorder().status() << "\n";
  return code;
}

}  // namespace articulab::video
