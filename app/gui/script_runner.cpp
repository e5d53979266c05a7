#include "app/gui/script_runner.hpp"

#include <spdlog/spdlog.h>

#include <cmath>
#include <iostream>

#include "app/cli/arguments.hpp"
#include "app/gui/parameter_checks.hpp"
#include "app/gui/viewport_input.hpp"

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
  app_.simulation().snapshot(current);
  return std::max(1L, std::lround(1.0 / (60.0 * current.dt)));
}

bool ScriptRunner::execute(const ScriptCommand& c, std::string& error) {
  Simulation& sim = app_.simulation();
  const auto& a = c.args;
  double x = 0.0, y = 0.0, z = 0.0;
  long n = 0;
  if (c.name == "load") return load(c, false, error);
  if (c.name == "expect-error") return load(c, true, error);
  if (c.name == "reload") return app_.reloadScene(error);
  if (c.name == "backend") return sim.setBackend(a[0], error);
  if (c.name == "integrator") {
    Integrator integrator;
    if (!parseIntegrator(a[0], integrator)) {
      error = "unknown integrator '" + a[0] + "' (expected implicit, semi-implicit or rk4)";
      return false;
    }
    sim.setIntegrator(integrator);
    return true;
  }
  if (c.name == "dt") return number(a[0], "step size", x, error) && sim.setStepSize(x, error);
  if (c.name == "steps-per-frame") {
    if (!integer(a[0], "steps per frame", n, error)) return false;
    if (n < 1) error = "steps per frame must be >= 1 (got " + a[0] + ")";
    stepsPerFrame_ = n;
    return error.empty();
  }
  if (c.name == "run-frames" || c.name == "expect-divergence") {
    if (!integer(a[0], "frame count", n, error)) return false;
    if (n < 0) {
      error = "frame count must be >= 0 (got " + a[0] + ")";
      return false;
    }
    return runFrames(n, c.name == "expect-divergence", error);
  }
  if (c.name == "reset") {
    sim.reset();
    return true;
  }
  if (c.name == "set-joint") return setJoint(c, error);
  if (c.name == "set-body") return setBody(c, error);
  if (c.name == "set-gravity") {
    if (!number(a[0], "gravity x", x, error) || !number(a[1], "gravity y", y, error) ||
        !number(a[2], "gravity z", z, error))
      return false;
    error = sim.editGravity(Vector3(x, y, z));
    return error.empty();
  }
  if (c.name == "pull") return pull(c, error);
  if (c.name == "release") {
    sim.setPerturbation(Perturbation{});
    return true;
  }
  if (c.name == "plot-window") {
    if (!number(a[0], "plot window", x, error)) return false;
    error = checkPlotWindow(x);
    if (error.empty()) app_.ui().plotWindow = x;
    return error.empty();
  }
  if (c.name == "overlay") return overlay(c, error);
  if (c.name == "camera") return camera(c, error);
  if (c.name == "frame") {
    app_.frameScene();
    return true;
  }
  if (c.name == "export-csv") return app_.exportCsv(a[0], error);
  if (c.name == "export-plots") return app_.exportPlots(a[0], error);
  if (c.name == "screenshot") return screenshot(a[0], error);
  if (c.name == "quit") {
    quit_ = true;
    return true;
  }
  error = "command is not implemented by this runner";
  return false;
}

// Each frame: steps-per-frame steps of dt, then one rendered frame.
bool ScriptRunner::runFrames(long frames, bool expectDivergence, std::string& error) {
  long steps = stepsPerFrame();
  for (long frame = 0; frame < frames; ++frame) {
    if (app_.closeRequested()) {
      error = "the window was closed";
      return false;
    }
    std::string failure;
    bool ok = app_.simulation().advance(steps, failure);
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

bool ScriptRunner::load(const ScriptCommand& c, bool expectFailure, std::string& error) {
  ParameterOverrides overrides;
  if (!overridesFrom(c.args, 1, overrides, error)) return false;
  Snapshot before;
  app_.simulation().snapshot(before);
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
  app_.simulation().snapshot(after);
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
  if (!integer(c.args[0], "joint index", joint, error)) return false;
  if (!parseJointField(c.args[1], field)) {
    error = "unknown joint field '" + c.args[1] + "' (expected stiffness, damping or rest)";
    return false;
  }
  if (!number(c.args[2], c.args[1].c_str(), value, error)) return false;
  if (c.args.size() > 3 && !integer(c.args[3], "coordinate", coordinate, error)) return false;
  error = app_.simulation().editJoint(static_cast<int>(joint), field, value, static_cast<int>(coordinate));
  return error.empty();
}

bool ScriptRunner::setBody(const ScriptCommand& c, std::string& error) {
  long body = 0;
  double value = 0.0;
  if (!integer(c.args[0], "body index", body, error)) return false;
  if (c.args[1] != "mass") {
    error = "unknown body field '" + c.args[1] + "' (expected mass)";
    return false;
  }
  if (!number(c.args[2], "mass", value, error)) return false;
  error = app_.simulation().editBodyMass(static_cast<int>(body), value);
  return error.empty();
}

bool ScriptRunner::pull(const ScriptCommand& c, std::string& error) {
  long body = 0;
  double x, y, z;
  if (!integer(c.args[0], "body index", body, error) || !number(c.args[1], "x", x, error) ||
      !number(c.args[2], "y", y, error) || !number(c.args[3], "z", z, error))
    return false;
  Snapshot snap;
  app_.simulation().snapshot(snap);
  if (!snap.model || body < 0 || body >= snap.model->bodyCount()) {
    error = "body index " + c.args[0] + " is out of range";
    return false;
  }
  const Model& model = *snap.model;
  app_.simulation().setPerturbation(makePull(model, static_cast<int>(body), model.bodies[body].com, Vector3(x, y, z)));
  return true;
}

bool ScriptRunner::overlay(const ScriptCommand& c, std::string& error) {
  render::Overlays& o = app_.ui().overlays;
  bool* target = c.args[0] == "joint-frames" ? &o.jointFrames
                 : c.args[0] == "com"         ? &o.centresOfMass
                 : c.args[0] == "constraints" ? &o.constraints
                 : c.args[0] == "contacts"    ? &o.contacts
                 : c.args[0] == "grid"        ? &o.grid
                 : c.args[0] == "shadows"     ? &o.shadows
                                              : nullptr;
  if (!target) {
    error = "unknown overlay '" + c.args[0] + "' (expected joint-frames, com, constraints, contacts, grid or shadows)";
    return false;
  }
  if (c.args[1] != "on" && c.args[1] != "off") {
    error = "expected on or off (got '" + c.args[1] + "')";
    return false;
  }
  *target = c.args[1] == "on";
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

bool ScriptRunner::screenshot(const std::string& path, std::string& error) {
  app_.requestScreenshot(path);
  app_.renderFrame();
  return app_.screenshotResult(error);
}

}  // namespace articulab::gui
