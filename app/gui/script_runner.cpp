#include "app/gui/script_runner.hpp"

#include <imgui.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <limits>
#include <map>

#include "app/cli/arguments.hpp"
#include "app/gui/body_inspection.hpp"
#include "app/gui/inspection_export.hpp"
#include "app/gui/panels.hpp"
#include "app/gui/session_names.hpp"
#include "app/gui/viewport_input.hpp"
#include "engine/solvers/drift_control.hpp"
#include "engine/solvers/registry.hpp"

namespace articulab::gui {

namespace {

bool number(const std::string& word, const char* what, double& out, std::string& error) {
  if (parseScriptNumber(word, out)) return true;
  error = std::string(what) + " must be a number (got '" + word + "')";
  return false;
}

bool integer(const std::string& word, const char* what, long& out, std::string& error) {
  if (parseScriptInteger(word, out)) return true;
  error = std::string(what) + " must be a whole number (got '" + word + "')";
  return false;
}

// An index or a coordinate: a whole number from 0 to the largest int (the edit checks the model's
// own bound), so that no value wraps around to another joint or body.
bool index(const std::string& word, const char* what, long& out, std::string& error) {
  if (!integer(word, what, out, error)) return false;
  if (out >= 0 && out <= std::numeric_limits<int>::max()) return true;
  error = std::string(what) + " must be a whole number >= 0 (got " + word + ")";
  return false;
}

bool overridesFrom(const std::vector<std::string>& words, std::size_t first, ParameterOverrides& out,
                   std::string& error) {
  for (std::size_t i = first; i < words.size(); ++i) {
    try {
      cli::parseOverride(words[i], out);
    } catch (const std::exception& e) {
      error = std::string("scene parameter: ") + e.what();
      return false;
    }
  }
  return true;
}

}  // namespace

bool ScriptRunner::run(const std::vector<ScriptCommand>& commands, const std::string& fileName, std::string& error) {
  for (const ScriptCommand& command : commands) {
    spdlog::info("script {}:{}: {}", fileName, command.line, command.name);
    std::string why;
    if (!execute(command, why)) {
      error = fileName + ":" + std::to_string(command.line) + ": " + command.name + ": " + why;
      return false;
    }
    if (quit_) break;
  }
  return true;
}

long ScriptRunner::stepsPerFrame() const {
  if (stepsPerFrame_ > 0) return stepsPerFrame_;
  Snapshot current;
  app_.session().snapshot(current);
  return std::max(1L, std::lround(1.0 / (60.0 * current.dt)));
}

bool ScriptRunner::execute(const ScriptCommand& c, std::string& error) {
  using Handler = bool (ScriptRunner::*)(const ScriptCommand&, std::string&);
  static const std::map<std::string, Handler> handlers = {
      {"load", &ScriptRunner::load},
      {"expect-error", &ScriptRunner::expectError},
      {"reload", &ScriptRunner::reload},
      {"backend", &ScriptRunner::backend},
      {"compare", &ScriptRunner::compare},
      {"compare-add", &ScriptRunner::compareAdd},
      {"compare-remove", &ScriptRunner::compareRemove},
      {"compare-mute", &ScriptRunner::compareMute},
      {"compare-ghost", &ScriptRunner::compareGhost},
      {"compare-colour", &ScriptRunner::compareColour},
      {"compare-reference", &ScriptRunner::compareReference},
      {"energy-view", &ScriptRunner::energyView},
      {"export-comparison", &ScriptRunner::exportComparison},
      {"integrator", &ScriptRunner::integrator},
      {"drift-control", &ScriptRunner::driftControl},
      {"dt", &ScriptRunner::stepSize},
      {"steps-per-frame", &ScriptRunner::setStepsPerFrame},
      {"run-frames", &ScriptRunner::runFrames},
      {"expect-divergence", &ScriptRunner::expectDivergence},
      {"reset", &ScriptRunner::reset},
      {"set-joint", &ScriptRunner::setJoint},
      {"set-body", &ScriptRunner::setBody},
      {"set-q", &ScriptRunner::setCoordinate},
      {"set-force", &ScriptRunner::setForce},
      {"set-gravity", &ScriptRunner::setGravity},
      {"set-ground-friction", &ScriptRunner::setGroundFriction},
      {"set-muscle", &ScriptRunner::setMuscle},
      {"muscle-colour", &ScriptRunner::muscleColour},
      {"setting", &ScriptRunner::setSolverSetting},
      {"history", &ScriptRunner::history},
      {"select", &ScriptRunner::select},
      {"click", &ScriptRunner::click},
      {"hover", &ScriptRunner::hover},
      {"export-inspection", &ScriptRunner::exportInspection},
      {"pull", &ScriptRunner::pull},
      {"release", &ScriptRunner::release},
      {"plot-window", &ScriptRunner::plotWindow},
      {"plot-add", &ScriptRunner::plotAdd},
      {"plot-remove", &ScriptRunner::plotRemove},
      {"export-channels", &ScriptRunner::exportChannels},
      {"plot-scale", &ScriptRunner::plotScale},
      {"plot-export", &ScriptRunner::plotExport},
      {"overlay", &ScriptRunner::overlay},
      {"panels", &ScriptRunner::panels},
      {"ui-scale", &ScriptRunner::uiScale},
      {"scene-browser", &ScriptRunner::sceneBrowser},
      {"export-layout", &ScriptRunner::exportLayout},
      {"camera", &ScriptRunner::camera},
      {"camera-preset", &ScriptRunner::cameraPreset},
      {"camera-follow", &ScriptRunner::cameraFollow},
      {"frame", &ScriptRunner::frame},
      {"export-csv", &ScriptRunner::exportCsv},
      {"export-plots", &ScriptRunner::exportPlots},
      {"screenshot", &ScriptRunner::screenshot},
      {"screenshot-window", &ScriptRunner::screenshotWindow},
      {"quit", &ScriptRunner::quit},
      {"record", &ScriptRunner::record},
      {"play", &ScriptRunner::play},
      {"pause", &ScriptRunner::pause},
      {"draw-frames", &ScriptRunner::drawFrames},
      {"wait-steps", &ScriptRunner::waitSteps},
      {"expect-backend", &ScriptRunner::expectBackend},
      {"test-step-delay", &ScriptRunner::testStepDelay},
      {"browse", &ScriptRunner::browse},
      {"recent", &ScriptRunner::recent},
      {"save-scene", &ScriptRunner::saveScene},
      {"undo", &ScriptRunner::undo},
      {"redo", &ScriptRunner::redo},
  };
  auto handler = handlers.find(c.name);
  if (handler == handlers.end()) {
    error = "unknown command (the script parser and the runner disagree)";
    return false;
  }
  return (this->*handler->second)(c, error);
}

bool ScriptRunner::reload(const ScriptCommand&, std::string& error) { return app_.reloadScene(error); }

bool ScriptRunner::setCoordinate(const ScriptCommand& c, std::string& error) {
  long joint = 0, coordinate = 0;
  double value = 0.0;
  if (!index(c.args[0], "joint index", joint, error) || !index(c.args[1], "coordinate", coordinate, error) ||
      !number(c.args[2], "coordinate value", value, error))
    return false;
  error = app_.session().edits().jointCoordinate(static_cast<int>(joint), static_cast<int>(coordinate), value);
  return error.empty();
}

bool ScriptRunner::undo(const ScriptCommand&, std::string& error) {
  error = app_.session().edits().undo();
  return error.empty();
}

bool ScriptRunner::redo(const ScriptCommand&, std::string& error) {
  error = app_.session().edits().redo();
  return error.empty();
}

bool ScriptRunner::backend(const ScriptCommand& c, std::string& error) {
  return app_.session().choices().setBackend(c.args[0], error);
}

bool ScriptRunner::compare(const ScriptCommand& c, std::string& error) {
  return app_.session().choices().setComparison(c.args[0], error);
}

bool ScriptRunner::integrator(const ScriptCommand& c, std::string& error) {
  error = app_.session().choices().setIntegrator(c.args[0]);  // refused as `articulab run --integrator` refuses it
  return error.empty();
}

bool ScriptRunner::driftControl(const ScriptCommand& c, std::string& error) {
  DriftControl drift;
  if (!parseDriftControl(c.args[0], drift)) {
    error = "unknown drift control '" + c.args[0] + "' (expected none, baumgarte or post-stabilization)";
    return false;
  }
  Snapshot current;  // the session's own: no frame may have been drawn since the last load
  app_.session().snapshot(current);
  if (!current.model) {
    error = "no scene is loaded";
    return false;
  }
  const SimulationDefaults& d = current.model->defaults;
  double alpha = d.baumgarteAlpha, beta = d.baumgarteBeta;
  if (c.args.size() > 1 && !number(c.args[1], "Baumgarte alpha", alpha, error)) return false;
  if (c.args.size() > 2 && !number(c.args[2], "Baumgarte beta", beta, error)) return false;
  error = app_.session().edits().driftControl(drift, alpha, beta);
  return error.empty();
}

bool ScriptRunner::stepSize(const ScriptCommand& c, std::string& error) {
  double dt = 0.0;
  return number(c.args[0], "step size", dt, error) && app_.session().choices().setStepSize(dt, error);
}

bool ScriptRunner::setStepsPerFrame(const ScriptCommand& c, std::string& error) {
  long n = 0;
  if (!integer(c.args[0], "steps per frame", n, error)) return false;
  if (n < 1) {
    error = "steps per frame must be >= 1 (got " + c.args[0] + ")";
    return false;
  }
  stepsPerFrame_ = n;
  return true;
}

bool ScriptRunner::runFrames(const ScriptCommand& c, std::string& error) {
  long frames = 0;
  return frameCount(c.args[0], frames, error) && playFrames(frames, false, error);
}

bool ScriptRunner::expectDivergence(const ScriptCommand& c, std::string& error) {
  long frames = 0;
  return frameCount(c.args[0], frames, error) && playFrames(frames, true, error);
}

bool ScriptRunner::frameCount(const std::string& word, long& frames, std::string& error) {
  if (!integer(word, "frame count", frames, error)) return false;
  if (frames >= 0) return true;
  error = "frame count must be >= 0 (got " + word + ")";
  return false;
}

bool ScriptRunner::reset(const ScriptCommand&, std::string&) {
  app_.session().reset();
  return true;
}

bool ScriptRunner::setGravity(const ScriptCommand& c, std::string& error) {
  double x, y, z;
  if (!number(c.args[0], "gravity x", x, error) || !number(c.args[1], "gravity y", y, error) ||
      !number(c.args[2], "gravity z", z, error))
    return false;
  error = app_.session().edits().gravity(Vector3(x, y, z));
  return error.empty();
}

// setting NAME VALUE: a number, or a word for a choice or a switch ("newton", "on").
bool ScriptRunner::setSolverSetting(const ScriptCommand& c, std::string& error) {
  error = app_.session().edits().solverSetting(c.args[0], c.args[1]);  // checked as `--setting NAME=VALUE`
  return error.empty();
}

bool ScriptRunner::release(const ScriptCommand&, std::string&) {
  app_.session().setPerturbation(Perturbation{});
  return true;
}

bool ScriptRunner::plotWindow(const ScriptCommand& c, std::string& error) {
  double seconds = 0.0;
  if (!number(c.args[0], "plot window", seconds, error)) return false;
  error = checkPlotWindow(seconds);
  if (error.empty()) app_.ui().plotWindow = seconds;
  return error.empty();
}

bool ScriptRunner::panels(const ScriptCommand& c, std::string& error) {
  return onOff(c.args[0], app_.ui().showPanels, error);
}

bool ScriptRunner::frame(const ScriptCommand&, std::string&) {
  app_.frameRecentMotion();
  return true;
}

bool ScriptRunner::exportCsv(const ScriptCommand& c, std::string& error) { return app_.exportCsv(c.args[0], error); }

bool ScriptRunner::exportPlots(const ScriptCommand& c, std::string& error) {
  return app_.exportPlots(c.args[0], error);
}

bool ScriptRunner::screenshot(const ScriptCommand& c, std::string& error) { return capture(c.args[0], false, error); }

bool ScriptRunner::screenshotWindow(const ScriptCommand& c, std::string& error) {
  return capture(c.args[0], true, error);
}

bool ScriptRunner::quit(const ScriptCommand&, std::string&) {
  quit_ = true;
  return true;
}

// Each frame: steps-per-frame steps of dt, then one rendered frame.
bool ScriptRunner::playFrames(long frames, bool expectDivergence, std::string& error) {
  long steps = stepsPerFrame();
  for (long frame = 0; frame < frames; ++frame) {
    if (app_.closeRequested()) {
      error = "the window was closed";
      return false;
    }
    std::string failure;
    bool ok = app_.session().advance(steps, failure);
    app_.renderFrame();
    if (ok) continue;
    if (!expectDivergence) {
      error = failure;
      return false;
    }
    std::cout << "expected divergence: " << failure << std::endl;
    return true;
  }
  if (expectDivergence) {
    error = "the simulation did not diverge within " + std::to_string(frames) + " frames (t = " +
            std::to_string(app_.snapshot().state.t) + " s)";
    return false;
  }
  return true;
}

bool ScriptRunner::load(const ScriptCommand& c, std::string& error) { return open(c, false, error); }

bool ScriptRunner::expectError(const ScriptCommand& c, std::string& error) { return open(c, true, error); }

bool ScriptRunner::open(const ScriptCommand& c, bool expectFailure, std::string& error) {
  ParameterOverrides overrides;
  if (!overridesFrom(c.args, 1, overrides, error)) return false;
  Snapshot before;
  app_.session().snapshot(before);
  std::string message;
  bool opened = app_.openScene(c.args[0], overrides, "", message);
  if (!expectFailure) {
    error = message;
    return opened;
  }
  if (opened) {
    error = c.args[0] + " opened without an error, but the script expected one";
    return false;
  }
  app_.renderFrame();
  Snapshot after;
  app_.session().snapshot(after);
  if (before.model && (after.model != before.model || after.scenePath != before.scenePath)) {
    error = "the previous scene was not kept after the failed load";
    return false;
  }
  std::cout << "expected error: " << message << std::endl;
  return true;
}

bool ScriptRunner::setJoint(const ScriptCommand& c, std::string& error) {
  long joint = 0, coordinate = 0;
  double value = 0.0;
  JointField field;
  if (!index(c.args[0], "joint index", joint, error)) return false;
  if (!parseJointField(c.args[1], field)) {
    error = "unknown joint field '" + c.args[1] + "' (expected stiffness, damping or rest)";
    return false;
  }
  if (!number(c.args[2], c.args[1].c_str(), value, error)) return false;
  if (c.args.size() > 3 && !index(c.args[3], "coordinate", coordinate, error)) return false;
  error = app_.session().edits().joint(static_cast<int>(joint), field, value, static_cast<int>(coordinate));
  return error.empty();
}

bool ScriptRunner::setBody(const ScriptCommand& c, std::string& error) {
  long body = 0;
  double value = 0.0;
  if (!index(c.args[0], "body index", body, error)) return false;
  if (c.args[1] != "mass" && c.args[1] != "friction") {
    error = "unknown body field '" + c.args[1] + "' (expected mass or friction)";
    return false;
  }
  if (!number(c.args[2], c.args[1].c_str(), value, error)) return false;
  error = c.args[1] == "mass" ? app_.session().edits().bodyMass(static_cast<int>(body), value)
                              : app_.session().edits().bodyFriction(static_cast<int>(body), value);
  return error.empty();
}

bool ScriptRunner::setGroundFriction(const ScriptCommand& c, std::string& error) {
  double value = 0.0;
  if (!number(c.args[0], "ground friction", value, error)) return false;
  error = app_.session().edits().groundFriction(value);
  return error.empty();
}

bool ScriptRunner::setForce(const ScriptCommand& c, std::string& error) {
  long element = 0, coordinate = 0;
  double value = 0.0;
  ForceField field;
  if (!index(c.args[0], "force index", element, error)) return false;
  if (!parseForceField(c.args[1], field)) {
    error = "unknown force field '" + c.args[1] + "' (expected stiffness, damping, rest_length or force)";
    return false;
  }
  if (!number(c.args[2], c.args[1].c_str(), value, error)) return false;
  if (c.args.size() > 3 && !index(c.args[3], "component", coordinate, error)) return false;
  error = app_.session().edits().force(static_cast<int>(element), field, value, static_cast<int>(coordinate));
  return error.empty();
}

bool ScriptRunner::setMuscle(const ScriptCommand& c, std::string& error) {
  MuscleCommand command;
  if (!parseSetMuscle(c.args, command, error)) return false;
  const int muscle = static_cast<int>(command.muscle);
  Session& sim = app_.session();
  error = command.schedule ? sim.edits().restoreMuscleSchedule(muscle) : sim.edits().muscleExcitation(muscle, command.excitation);
  if (!error.empty()) return false;
  if (command.schedule) spdlog::info("muscle {}: excitation follows the scene's schedule again", muscle);
  else spdlog::info("muscle {}: excitation held at {}", muscle, command.excitation);
  return true;
}

bool ScriptRunner::muscleColour(const ScriptCommand& c, std::string& error) {
  render::Overlays& o = app_.ui().overlays;
  if (c.args[0] == "activation") o.muscleColouring = render::MuscleColouring::Activation;
  else if (c.args[0] == "force") o.muscleColouring = render::MuscleColouring::Force;
  else {
    error = "unknown muscle colouring '" + c.args[0] + "' (expected activation or force)";
    return false;
  }
  return true;
}

namespace {

// A body by name or index in the snapshot's model.
bool bodyNamed(const Snapshot& snap, const std::string& word, int& body, std::string& error) {
  long index = snap.model ? snap.model->findBody(word) : -1;
  std::string notAnIndex;
  if (index < 0 && !integer(word, "body", index, notAnIndex)) index = -1;
  if (!snap.model || index < 0 || index >= snap.model->bodyCount()) {
    error = "no body '" + word + "' (a name or an index from 0 to " +
            std::to_string(snap.model ? snap.model->bodyCount() - 1 : -1) + ")";
    return false;
  }
  body = static_cast<int>(index);
  return true;
}

}  // namespace

bool ScriptRunner::select(const ScriptCommand& c, std::string& error) {
  Snapshot snap;
  app_.session().snapshot(snap);
  int& selected = app_.ui().overlays.selectedBody;
  if (c.args[0] == "none") {
    selected = -1;
    return true;
  }
  if (!bodyNamed(snap, c.args[0], selected, error)) return false;
  spdlog::info("inspecting body {} ({})", selected, snap.model->bodies[selected].name);
  return true;
}

// The body at window pixel (X, Y) of the command's arguments, -1 for none; model is the snapshot's.
bool ScriptRunner::bodyAtPixel(const ScriptCommand& c, std::string& error, double& x, double& y, int& body,
                               std::string& what) {
  if (!number(c.args[0], "x", x, error) || !number(c.args[1], "y", y, error)) return false;
  Snapshot snap;
  app_.session().snapshot(snap);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const ViewRegion view = viewRegion(display.x, display.y, app_.ui().showPanels, app_.ui().layout);
  body = bodyAt(snap, app_.camera(), view, static_cast<float>(x), static_cast<float>(y));
  what = body < 0 ? std::string("no body") : "body " + snap.model->bodies[body].name;
  return true;
}

bool ScriptRunner::click(const ScriptCommand& c, std::string& error) {
  double x = 0.0, y = 0.0;
  int body = -1;
  std::string what;
  if (!bodyAtPixel(c, error, x, y, body, what)) return false;
  app_.ui().overlays.selectedBody = body;
  spdlog::info("click at ({}, {}): {}", x, y, what);
  return true;
}

bool ScriptRunner::hover(const ScriptCommand& c, std::string& error) {
  double x = 0.0, y = 0.0;
  int body = -1;
  std::string what;
  if (!bodyAtPixel(c, error, x, y, body, what)) return false;
  app_.ui().overlays.hoveredBody = body;
  spdlog::info("hover at ({}, {}): {}", x, y, what);
  return true;
}

// The selected body at the state shown (live, or the history's keyframe), as the inspector has it.
bool ScriptRunner::exportInspection(const ScriptCommand& c, std::string& error) {
  Snapshot snap;
  app_.session().snapshot(snap);
  const int body = app_.ui().overlays.selectedBody;
  if (!snap.model || body < 0 || body >= snap.model->bodyCount() || static_cast<int>(snap.state.E_0i.size()) <= body) {
    error = "no body selected (select BODY or click X Y first)";
    return false;
  }
  if (!writeInspection(inspectBody(*snap.model, snap.state, body), snap.state.t, c.args[0], error)) return false;
  spdlog::info("inspection of body {} written to {}", snap.model->bodies[body].name, c.args[0]);
  return true;
}

// A time the history holds: from its first keyframe to its last (to a microsecond).
bool ScriptRunner::viewable(double seconds, std::string& error) {
  const session::HistoryView& h = app_.snapshot().history;
  if (h.keyframes == 0 || (seconds >= h.firstTime - 1e-6 && seconds <= h.lastTime + 1e-6)) return true;
  error = fmt::format("history view: t = {:g} s is outside the history, which holds t = {:g} to {:g} s", seconds,
                      h.firstTime, h.lastTime);
  return false;
}

bool ScriptRunner::history(const ScriptCommand& c, std::string& error) {
  Session& sim = app_.session();
  const std::string& what = c.args[0];
  const std::size_t expected = what == "view" ? 2 : what == "limits" ? 3 : 1;
  if (c.args.size() != expected) {
    error = "history " + what + " takes " + std::to_string(expected - 1) + " value(s)";
    return false;
  }
  double seconds = 0.0, megabytes = 0.0;
  if (what == "view") return number(c.args[1], "time", seconds, error) && viewable(seconds, error) &&
                             sim.history().view(seconds, error);
  if (what == "limits")
    return number(c.args[1], "memory cap", megabytes, error) && number(c.args[2], "length", seconds, error) &&
           sim.history().setLimits(megabytes, seconds, error);
  if (what == "resume") return sim.history().resume(error);
  if (what == "live") {
    sim.history().viewLive();
    return true;
  }
  error = "unknown history action '" + what + "' (expected view, live, resume or limits)";
  return false;
}

bool ScriptRunner::pull(const ScriptCommand& c, std::string& error) {
  long body = 0;
  double x, y, z;
  if (!index(c.args[0], "body index", body, error) || !number(c.args[1], "x", x, error) ||
      !number(c.args[2], "y", y, error) || !number(c.args[3], "z", z, error))
    return false;
  Snapshot snap;
  app_.session().snapshot(snap);
  if (!snap.model || body < 0 || body >= snap.model->bodyCount()) {
    error = "body index " + c.args[0] + " is out of range";
    return false;
  }
  const Model& model = *snap.model;
  app_.session().setPerturbation(makePull(model, static_cast<int>(body), model.bodies[body].com, Vector3(x, y, z)));
  return true;
}

bool ScriptRunner::overlay(const ScriptCommand& c, std::string& error) {
  render::Overlays& o = app_.ui().overlays;
  bool* target = c.args[0] == "joint-frames" ? &o.jointFrames
                 : c.args[0] == "com"         ? &o.centresOfMass
                 : c.args[0] == "constraints" ? &o.constraints
                 : c.args[0] == "contacts"    ? &o.contacts
                 : c.args[0] == "forces"      ? &o.forces
                 : c.args[0] == "anchors"     ? &o.anchors
                 : c.args[0] == "muscles"     ? &o.muscles
                 : c.args[0] == "grid"        ? &o.grid
                 : c.args[0] == "shadows"     ? &o.shadows
                                              : nullptr;
  if (!target) {
    error = "unknown overlay '" + c.args[0] +
            "' (expected joint-frames, com, constraints, contacts, forces, anchors, muscles, grid or shadows)";
    return false;
  }
  return onOff(c.args[1], *target, error);
}

bool ScriptRunner::onOff(const std::string& word, bool& target, std::string& error) {
  if (word != "on" && word != "off") {
    error = "expected on or off (got '" + word + "')";
    return false;
  }
  target = word == "on";
  return true;
}

bool ScriptRunner::camera(const ScriptCommand& c, std::string& error) {
  double yaw, pitch, distance;
  if (!number(c.args[0], "yaw", yaw, error) || !number(c.args[1], "pitch", pitch, error) ||
      !number(c.args[2], "distance", distance, error))
    return false;
  if (std::abs(pitch) >= 1.57 || distance <= 0.0) {
    error = "pitch must be inside (-1.57, 1.57) rad and distance > 0 m";
    return false;
  }
  render::Camera& cam = app_.camera();
  cam.yaw = static_cast<float>(yaw);
  cam.pitch = static_cast<float>(pitch);
  cam.distance = static_cast<float>(distance);
  return true;
}

bool ScriptRunner::cameraPreset(const ScriptCommand& c, std::string& error) {
  const std::optional<render::CameraPreset> preset = render::cameraPresetNamed(c.args[0]);
  if (!preset) {
    error = "expected front, side, top or iso (got '" + c.args[0] + "')";
    return false;
  }
  app_.applyCameraPreset(*preset);
  return true;
}

bool ScriptRunner::cameraFollow(const ScriptCommand& c, std::string& error) {
  using Kind = render::FollowTarget::Kind;
  if (c.args[0] == "none" || c.args[0] == "com") {
    app_.followInView({c.args[0] == "com" ? Kind::CentreOfMass : Kind::None, -1});
    return true;
  }
  Snapshot snap;
  app_.session().snapshot(snap);
  int body = -1;
  if (!bodyNamed(snap, c.args[0], body, error)) {
    error += "; or com, none";
    return false;
  }
  app_.followInView({Kind::Body, body});
  return true;
}

bool ScriptRunner::record(const ScriptCommand& c, std::string& error) {
  if (c.args[0] == "stop") {
    if (c.args.size() != 1) {
      error = "record stop takes no more words";
      return false;
    }
    if (!app_.stopRecording(error)) return false;
    std::cout << app_.recorder().status() << std::endl;
    return true;
  }
  if (c.args[0] == "panel" && c.args.size() == 2) return onOff(c.args[1], app_.ui().record.open, error);
  if ((c.args[0] != "start" && c.args[0] != "history") || c.args.size() < 2) {
    error = "expected record start|history PATH|none [fps=N] [size=WxH] [png=DIR] [window], record stop or record "
            "panel on|off";
    return false;
  }
  video::RecordSettings settings;
  if (c.args[1] != "none") settings.path = c.args[1];
  for (std::size_t i = 2; i < c.args.size(); ++i) {
    const std::string& word = c.args[i];
    long fps = 0;
    if (word == "window") settings.wholeWindow = true;
    else if (word.rfind("png=", 0) == 0) settings.pngDir = word.substr(4);
    else if (word.rfind("size=", 0) == 0) {
      if (!video::parseVideoSize(word.substr(5), settings.width, settings.height, error)) return false;
    } else if (word.rfind("fps=", 0) == 0) {
      if (!integer(word.substr(4), "fps", fps, error)) return false;
      settings.fps = static_cast<int>(std::clamp(fps, -1L, 100000L));
    } else {
      error = "unknown record option '" + word + "' (expected fps=N, size=WxH, png=DIR or window)";
      return false;
    }
  }
  if (c.args[0] == "history") return recordHistory(settings, error);
  return app_.startRecording(settings, error);
}

// Draws frames until the history's recording ends by itself.
bool ScriptRunner::recordHistory(const video::RecordSettings& settings, std::string& error) {
  if (!app_.startHistoryRecording(settings, error)) return false;
  while (app_.recordingHistory()) {
    if (app_.closeRequested()) {
      error = "the window was closed";
      return false;
    }
    app_.renderFrame();
  }
  if (!app_.recordingError().empty()) {
    error = app_.recordingError();
    return false;
  }
  std::cout << app_.recorder().status() << std::endl;
  return true;
}

bool ScriptRunner::capture(const std::string& path, bool withPanels, std::string& error) {
  app_.requestScreenshot(path, withPanels);
  app_.renderFrame();
  return app_.screenshotResult(error);
}

}  // namespace articulab::gui
