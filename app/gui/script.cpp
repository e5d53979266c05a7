#include "app/gui/script.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

namespace articulab::gui {

const std::vector<CommandSyntax>& scriptCommands() {
  static const std::vector<CommandSyntax> commands = {
      {"load", 1, -1, "PATH [NAME=VALUE ...]: open a scene with parameter overrides"},
      {"reload", 0, 0, ": open the current scene file again"},
      {"expect-error", 1, -1, "PATH [NAME=VALUE ...]: opening PATH must fail; the current scene stays"},
      {"backend", 1, 1, "NAME: switch back-end, keeping the state"},
      {"compare", 1, 1, "NAME|off: run the scene on a second back-end in lockstep, both restarted, on the same plots"},
      {"compare-add", 1, 1, "BACKEND[:INTEGRATOR][@dt=SECONDS][@SETTING=VALUE]: another comparison run (its own "
                            "integrator, step and settings where named); every run restarts"},
      {"compare-remove", 1, 1, "N: end comparison run N (1: the first)"},
      {"compare-mute", 2, 2, "N on|off: leave comparison run N out of the plots and the 3D view (it keeps running)"},
      {"compare-ghost", 2, 2, "N on|off: draw comparison run N as a translucent ghost over the main run"},
      {"compare-colour", 4, 4, "N R G B: the colour of run N (0: the main run; components in [0, 1])"},
      {"compare-reference", 1, 1, "N: the run the differences are taken against (0: the main run)"},
      {"energy-view", 1, 1, "absolute|change|relative: the energy plot as K, V, E; as E - E0; or as |E - E0| / K_max"},
      {"export-comparison", 1, 1, "FILE: the comparison series (each run's E - E0, drift, difference) as CSV"},
      {"integrator", 1, 1, "NAME: one of the back-end's integrators (articulab backends lists them)"},
      {"drift-control", 1, 3, "none|baumgarte|post-stabilization [ALPHA BETA]: constraint drift control (1/s gains)"},
      {"dt", 1, 1, "SECONDS: step size"},
      {"steps-per-frame", 1, 1, "N: steps per rendered frame in run-frames (default: round(1/(60 dt)))"},
      {"run-frames", 1, 1, "N: render N frames, stepping steps-per-frame steps per frame; fails if it diverges"},
      {"expect-divergence", 1, 1, "N: like run-frames, but the simulation must diverge within N frames"},
      {"reset", 0, 0, ": back to the initial state"},
      {"set-joint", 3, 4, "INDEX stiffness|damping|rest VALUE [COORDINATE]"},
      {"set-q", 3, 3, "JOINT COORDINATE VALUE: while paused, set a joint coordinate (rad or m) as the inspector's "
                      "slider does; loops close again around it, or the command fails with the reason"},
      {"set-body", 3, 3, "INDEX mass|friction VALUE: a body's mass (kg) or its Coulomb friction coefficient"},
      {"set-force", 3, 4, "INDEX stiffness|damping|rest_length|force VALUE [COMPONENT]: a force element (N/m, N s/m, m, N)"},
      {"set-muscle", 3, 3, "INDEX excitation VALUE|schedule: muscle INDEX's excitation held at VALUE in [0, 1] from the next step on, or back to the scene's schedule"},
      {"set-gravity", 3, 3, "X Y Z (m/s^2)"},
      {"set-ground-friction", 1, 1, "MU: the ground's Coulomb friction coefficient (every body's default)"},
      {"setting", 2, 2, "NAME VALUE: a setting of the running back-end (articulab backends lists them)"},
      {"history", 1, 3,
       "view SECONDS|live|resume|limits MB SECONDS: show the keyframe at time SECONDS (pauses), the live state again, "
       "resume the run from the keyframe shown (the rest is dropped), or set the history's memory cap and length (0: "
       "the whole run)"},
      {"select", 1, 1, "BODY|none: inspect body BODY (name or index) in the inspector, outlined in the 3D view"},
      {"click", 2, 2, "X Y: a left click at window pixel (X, Y): selects the body there (none when there is none)"},
      {"hover", 2, 2, "X Y: the mouse at window pixel (X, Y): the body there is outlined in cyan (none if none)"},
      {"export-inspection", 1, 1, "FILE: what the inspector shows of the selected body (pose, joint, forces, contacts, "
                                  "joint wrench) as JSON"},
      {"pull", 4, 4, "BODY X Y Z: pull the body's centre of mass towards world point (X, Y, Z) m"},
      {"release", 0, 0, ": stop pulling"},
      {"plot-window", 1, 1, "SECONDS: time window of the plots"},
      {"plot-add", 1, 3, "CHANNEL [vs XCHANNEL]: a plot pane of any channel of the catalogue (the names of articulab "
                         "run --record, e.g. q_link1_joint_0, body_link2_vz, Lz), against time or against XCHANNEL"},
      {"plot-remove", 1, 1, "N: remove plot pane N (1 is the first added)"},
      {"export-channels", 1, 1, "FILE: t and the plot panes' channels at every history keyframe, as CSV"},
      {"plot-scale", 2, 2, "N linear|log|symlog: the value axis of plot pane N (both axes of a phase plot)"},
      {"plot-export", 2, 2, "N BASE: plot pane N over the whole run as BASE.png, BASE.svg and BASE.pdf, and its "
                            "channels as BASE.csv (the columns of articulab run --record)"},
      {"overlay", 2, 2, "joint-frames|com|constraints|contacts|forces|anchors|muscles|grid|shadows on|off"},
      {"muscle-colour", 1, 1, "activation|force: what the muscles' colour shows (activation, or force / f_opt)"},
      {"panels", 1, 1, "on|off: show or hide the panels (the 3D view fills the window)"},
      {"ui-scale", 1, 1, "SCALE|monitor: fonts and widgets times SCALE in [0.5, 3] (View > UI scale), or the monitor's"},
      {"scene-browser", 1, -1, "on|off [SEARCH ...]: the scene browser (File > Browse scenes...) with SEARCH in its search field"},
      {"export-layout", 1, 1, "FILE: the 3D view's, plots' and controls' areas in the last frame (pixels, shares) and each plot pane's title, graph and labels, as JSON"},
      {"camera", 3, 3, "YAW PITCH DISTANCE (radians, radians, metres; the target stays framed)"},
      {"frame", 0, 0, ": frame the bodies over their last 3 s of motion, keeping the view's direction (F)"},
      {"camera-preset", 1, 1, "front|side|top|iso: look at the target from a standard direction (keys 1-4)"},
      {"camera-follow", 1, 1, "BODY|com|none: the camera follows body BODY (name or index), the centre of mass, or nothing"},
      {"export-csv", 1, 1, "FILE: the recorded series as CSV"},
      {"export-plots", 1, 1, "BASE: BASE.png, BASE.svg and BASE.pdf"},
      {"screenshot", 1, 1, "FILE: PNG of the 3D view"},
      {"browse", 1, 2,
       "open [DIR]|export [DIR]|save [DIR]|enter NAME|name NAME|ok|cancel: the file dialog (File > Open..., Export "
       "to..., Save scene as...): open it on DIR, go into subdirectory NAME (.. for the parent), type the file name, "
       "press Open/Export/Save (the scene opens, the CSV and plots are written, or the scene is saved: a first ok on "
       "an existing file fails asking to press again; fails with the dialog's reason), or close it"},
      {"save-scene", 1, 2, "FILE [pose]: save the scene with its edits, back-end, integrator and dt as FILE (File > "
                           "Save scene as..., overwriting); pose: start from the current state"},
      {"undo", 0, 0, ": take back the last model edit (set-*, setting, drift-control, the parameters panel)"},
      {"redo", 0, 0, ": do the last undone edit again"},
      {"recent", 0, 0, ": print the recent scenes (File > Open recent), most recent first"},
      {"screenshot-window", 1, 1, "FILE: PNG of the whole window, panels included"},
      {"record", 1, 6,
       "start|history PATH|none [fps=N] [size=WxH] [png=DIR] [window]|stop|panel on|off: record the 3D view (or the whole window) in "
       "simulated time from the state shown on (run-frames, play, history playback), to the video PATH (.mp4) "
       "and/or a PNG sequence in DIR (history: the whole history, first keyframe to last, then stops); stop finishes "
       "the file; panel on|off shows the record window"},
      {"play", 0, 0, ": run in real time on the physics thread, as the interactive app does"},
      {"pause", 0, 0, ": stop the real-time run (a running step ends first)"},
      {"draw-frames", 1, 1, "N: draw N frames without stepping (the physics thread runs on); prints the frame times"},
      {"wait-steps", 1, 2, "N [SECONDS]: draw frames until the physics thread has ended N more steps (timeout 60 s)"},
      {"expect-backend", 1, 1, "NAME: the back-end in use must be NAME"},
      {"test-step-delay", 1, 1, "SECONDS: test hook: each real-time step takes this much longer"},
      {"quit", 0, 0, ": end the session (exit code 0)"},
  };
  return commands;
}

namespace {

const CommandSyntax* findSyntax(const std::string& name) {
  for (const CommandSyntax& syntax : scriptCommands())
    if (name == syntax.name) return &syntax;
  return nullptr;
}

std::string knownNames() {
  std::string names;
  for (const CommandSyntax& syntax : scriptCommands()) names += (names.empty() ? "" : ", ") + std::string(syntax.name);
  return names;
}

}  // namespace

bool parseScript(const std::string& text, const std::string& fileName, std::vector<ScriptCommand>& out,
                 std::string& error) {
  out.clear();
  std::istringstream lines(text);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    ScriptCommand command{number, "", {}};
    if (!(words >> command.name)) continue;
    for (std::string word; words >> word;) command.args.push_back(word);
    const CommandSyntax* syntax = findSyntax(command.name);
    std::string where = fileName + ":" + std::to_string(number) + ": ";
    if (!syntax) {
      error = where + "unknown command '" + command.name + "' (known: " + knownNames() + ")";
      return false;
    }
    int count = static_cast<int>(command.args.size());
    if (count < syntax->minArgs || (syntax->maxArgs >= 0 && count > syntax->maxArgs)) {
      std::string expected = syntax->usage[0] == ':' ? std::string("no arguments") : syntax->usage;
      error = where + command.name + " takes " + expected + " (got " + std::to_string(count) + " arguments)";
      return false;
    }
    out.push_back(std::move(command));
  }
  return true;
}

bool loadScript(const std::string& path, std::vector<ScriptCommand>& out, std::string& error) {
  std::ifstream file(path);
  if (!file) {
    error = path + ": cannot read the script: " + std::strerror(errno);
    return false;
  }
  std::stringstream text;
  text << file.rdbuf();
  return parseScript(text.str(), path, out, error);
}

bool parseScriptNumber(const std::string& word, double& out) {
  char* end = nullptr;
  errno = 0;
  double value = std::strtod(word.c_str(), &end);
  if (word.empty() || *end != '\0' || errno == ERANGE || !std::isfinite(value)) return false;
  out = value;
  return true;
}

bool parseSetMuscle(const std::vector<std::string>& args, MuscleCommand& out, std::string& error) {
  if (args.size() != 3) {
    error = "takes INDEX excitation VALUE|schedule (got " + std::to_string(args.size()) + " arguments)";
    return false;
  }
  if (!parseScriptInteger(args[0], out.muscle) || out.muscle < 0 || out.muscle > 1000000000L) {
    error = "muscle index must be a whole number >= 0 (got '" + args[0] + "')";
    return false;
  }
  if (args[1] != "excitation") {
    error = "muscle " + args[0] + ": unknown muscle field '" + args[1] + "' (expected excitation)";
    return false;
  }
  out.schedule = args[2] == "schedule";
  if (out.schedule) return true;
  if (!parseScriptNumber(args[2], out.excitation)) {
    error = "muscle " + args[0] + ": excitation must be a number in [0, 1] or 'schedule' (got '" + args[2] + "')";
    return false;
  }
  if (out.excitation < 0.0 || out.excitation > 1.0) {
    error = "muscle " + args[0] + ": excitation " + args[2] +
            " is outside [0, 1]; set-muscle takes a value in [0, 1] or 'schedule' (nothing was changed)";
    return false;
  }
  return true;
}

bool parseScriptInteger(const std::string& word, long& out) {
  char* end = nullptr;
  errno = 0;
  long value = std::strtol(word.c_str(), &end, 10);
  if (word.empty() || *end != '\0' || errno == ERANGE) return false;
  out = value;
  return true;
}

}  // namespace articulab::gui
