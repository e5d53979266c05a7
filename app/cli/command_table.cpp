#include "app/cli/command_table.hpp"

#include <algorithm>

#include "app/cli/build_version.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/last_resort.hpp"
#include "engine/solvers/registry.hpp"

namespace articulab::cli {

namespace {

void guiUsage(std::ostream& out) {
  out << R"(  articulab [gui] [SCENE] [--set NAME=VALUE] [--max-bodies N] [--backend NAME] [--script FILE]
            [--benchmark-frames N] [--benchmark-output FILE] [--size WxH]
      open the interactive app; without SCENE, the first look: scenes/four_bar.json on its
      back-end compared with baraff:semi-implicit; a scene that does not load opens the
      four-bar with the error in the app's banner
  SCENE is a scene file (.json), a URDF (.urdf) or an MJCF model (.xml, .mjcf), read by its
  extension everywhere; for a URDF or MJCF:
      --package-path DIR  a folder for package://NAME/... and relative mesh paths (repeatable;
                          then ROS_PACKAGE_PATH's folders and the model's own folder)
      --floating-root     a URDF's root link is free (free3d) instead of welded to the world
)";
}

void runUsage(std::ostream& out) {
  out << R"(  articulab run SCENE [flags]          simulate headless and print a summary
      --backend NAME      back-end (default: the scene's; see 'articulab backends')
      --integrator NAME   one the back-end offers (default: the scene's, or the back-end's first):
)";
  for (const BackendInfo& info : backends())
    out << "                            " << info.name << ": " << integratorListNames(info.integrators) << '\n';
  out << R"(      --dt SECONDS        step size (default: the scene's)
      --duration SECONDS  simulated time (default: the scene's)
      --csv FILE          write the time series t, kinetic, potential, total, drift, momentum
      --record LIST       add column groups: any of q,qd,qdd (joint coordinates, velocities,
                          accelerations), solver (iterations and final residual of each step's
                          iterative solve), body (body positions, velocities, angular velocities),
                          joint_drift, loop_drift (per joint / loop closure), contacts (count,
                          normal and friction force, staggered-projection iterations), timing
                          (wall time per step); the app's plot panes use the same channel names
      --every N           record every N-th step (default 1)
      --set NAME=VALUE    override a scene parameter, e.g. --set n=50 (repeatable)
      --max-bodies N      the largest model the scene may build (default 200000 bodies)
      --setting NAME=VALUE  a setting of the back-end, e.g. --setting gmres-tolerance=1e-8
                          (repeatable; 'articulab backends' lists them with their ranges)
      --q0 LIST, --qd0 LIST  initial joint coordinates / velocities: one value per DOF, or one for all
      --keyframe NAME     start from the model's named initial state (an MJCF keyframe)
      --on-blow-up stop|warn  when the energy grows beyond the scene's energy scale with no force
                          doing work: end the run as diverged (stop, the default) or go on with a
                          warning that the run is not to be trusted (warn)
)";
}

void compareUsage(std::ostream& out) {
  out << R"(  articulab compare SCENE --runs LIST [flags]   several runs side by side, one table (docs/cli.md)
      --runs LIST         comma list of BACKEND[:INTEGRATOR][@dt=SECONDS][@SETTING=VALUE], e.g.
                          "baraff:semi-implicit,redmax:rk4,variational-maximal@dt=0.0005"
      --run SPEC          one run (repeatable; mixes with --runs)
      --reference N|NAME  the run differences are taken against (default: the first)
      --duration, --set, --record, --every, --on-blow-up   as for run
      --csv-dir DIR       NAME.csv per run (run's columns), comparison.csv, runs.csv
      --figure FILE       the comparison plots (.png, .svg or .pdf) over the whole run
      --json              the table as JSON
      exit code 3 when any run diverged
)";
}

void studyUsage(std::ostream& out) {
  out << R"(  articulab study FILE [--jobs N] [--out DIR]   a study: every scene point, run and step of the
                          study file through the Run on N workers (default: every core); rows in
                          DIR (default STEM-results), merged into DIR/results.csv (docs/studies.md);
                          a second call skips finished runs and reruns failed ones; Ctrl-C stops
                          and keeps what finished (exit 130); exit code 3 when a row failed
      --slurm [--partition P] [--time T] [--max-parallel K] [--emit-only]   write DIR/slurm/
                          study.sbatch, a job array whose tasks each run a slice of the study into
                          DIR, and submit it with sbatch (prints the job id; not with --emit-only),
                          held until a first job (references.sbatch) computes the reference runs once
      --status, --collect the rows so far and the job's tasks in the queue; merge DIR/results.csv
      --references        only the study's reference runs, into DIR (the Slurm reference job)
)";
}

void plotUsage(std::ostream& out) {
  out << R"(  articulab plot RESULTS --work-precision|--convergence|--scaling [-o FILE] [--parameter NAME]
                          a study's figure, log-log, the fitted power in the legend (default
                          RESULTS/KIND.png; .png, .svg or .pdf); --scaling against NAME (default n)
)";
}

void recordUsage(std::ostream& out) {
  out << R"(  articulab record SCENE --duration SECONDS --out FILE.mp4 [--png-dir DIR] [--fps N] [--size WxH]
                 [--backend NAME] [--set NAME=VALUE] [--max-bodies N] [--window] [--overlay]
      render the scene to an H.264 MP4 (and/or a PNG sequence) in simulated time: frame k shows
      t = k/fps, round(duration * fps) frames (default 5 s, 30 fps, 1280x720); needs a display
      (xvfb-run on a headless machine)
      --overlay           draw each frame's time stamp and the run's label (scene, back-end,
                          integrator, step) into its top-left corner
)";
}

void describeUsage(std::ostream& out) {
  out << R"(  articulab describe SCENE [--set NAME=VALUE] [--max-bodies N] [--summary] [--json]
      bodies, joints, DOF and which back-ends can run it (and the import report of a URDF or MJCF)
      --summary           counts by joint and shape type instead of one line per body and joint
      --json              the same as one JSON object, for scripts (docs/cli.md)
)";
}

void importUsage(std::ostream& out) {
  out << R"(  articulab import MODEL [-o SCENE.json]  a URDF or MJCF written as a scene file (to standard
                                       output without -o), with its import report: what was
                                       approximated or not imported, by file, line and element
)";
}

void backendsUsage(std::ostream& out) {
  out << R"(  articulab backends [--json]          list the back-ends, their integrators and settings
      --json              the same as one JSON object, for scripts (docs/cli.md)
)";
}

void helpUsage(std::ostream& out) {
  out << R"(  articulab help [COMMAND], articulab COMMAND --help   this text, or one command's
  articulab --version                  the version and the git commit it was built from
)";
}

void printNotes(std::ostream& out) {
  out << R"(
numbers are decimal (0.001, 1e-3; no hexadecimal, inf or nan)
exit codes: 0 success, 1 bad scene file, 2 bad command line, 3 simulation diverged, 4 no display
)";
}

int helpCommand(const std::vector<std::string>& args, std::ostream& out) {
  if (args.empty()) {
    printUsage(out);
    return kExitOk;
  }
  if (args.size() > 1) throw UsageError("'help' takes one command name, got " + std::to_string(args.size()));
  const CommandEntry* command = findCommand(args[0]);
  if (!command) throw UsageError("help: unknown command '" + args[0] + "' (expected " + commandNames() + ")");
  printCommandUsage(*command, out);
  return kExitOk;
}

// A command the executable supplies when it has a window (gui, record).
int windowCommand(const std::function<int(const std::vector<std::string>&)>& command, const std::string& name,
                  const std::vector<std::string>& args, std::ostream& err) {
  if (command) return command(args);
  if (name == "gui") err << "this build has no GUI (configured with -DARTICULAB_GUI=OFF); use 'articulab run SCENE'\n";
  else err << "this build has no GUI (configured with -DARTICULAB_GUI=OFF), which " << name << " draws with\n";
  return kExitNoGui;
}

std::vector<CommandEntry> makeTable() {
  return {
      {"gui", guiUsage,
       [](const auto& args, auto&, auto& err, const WindowCommands& window) {
         return windowCommand(window.gui, "gui", args, err);
       }},
      {"run", runUsage, [](const auto& args, auto& out, auto& err, const auto&) { return runCommand(args, out, err); }},
      {"compare", compareUsage,
       [](const auto& args, auto& out, auto& err, const auto&) { return compareCommand(args, out, err); }},
      {"study", studyUsage,
       [](const auto& args, auto& out, auto& err, const auto&) { return studyCommand(args, out, err); }},
      {"plot", plotUsage, [](const auto& args, auto& out, auto& err, const auto&) { return plotCommand(args, out, err); }},
      {"record", recordUsage,
       [](const auto& args, auto&, auto& err, const WindowCommands& window) {
         return windowCommand(window.record, "record", args, err);
       }},
      {"describe", describeUsage,
       [](const auto& args, auto& out, auto& err, const auto&) { return describeCommand(args, out, err); }},
      {"import", importUsage,
       [](const auto& args, auto& out, auto& err, const auto&) { return importCommand(args, out, err); }},
      {"backends", backendsUsage,
       [](const auto& args, auto& out, auto&, const auto&) { return backendsCommand(args, out); }},
      {"help", helpUsage, [](const auto& args, auto& out, auto&, const auto&) { return helpCommand(args, out); }},
  };
}

}  // namespace

const std::vector<CommandEntry>& commandTable() {
  static const std::vector<CommandEntry> table = makeTable();
  return table;
}

const CommandEntry* findCommand(const std::string& name) {
  const auto& table = commandTable();
  const auto found = std::find_if(table.begin(), table.end(), [&](const CommandEntry& c) { return c.name == name; });
  return found == table.end() ? nullptr : &*found;
}

std::string commandNames() {
  std::string names;
  for (const CommandEntry& command : commandTable()) names += (names.empty() ? "" : ", ") + command.name;
  return names;
}

void printUsage(std::ostream& out) {
  out << "articulab - articulated rigid-body dynamics workbench\n\nusage:\n";
  for (const CommandEntry& command : commandTable()) command.usage(out);
  printNotes(out);
}

void printCommandUsage(const CommandEntry& command, std::ostream& out) {
  out << "usage:\n";
  command.usage(out);
  printNotes(out);
}

void printVersion(std::ostream& out) {
  out << "articulab " << articulabVersion() << " (commit " << articulabCommit() << ")\n";
}

}  // namespace articulab::cli
