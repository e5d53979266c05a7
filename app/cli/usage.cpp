#include <ostream>

#include "app/cli/commands.hpp"
#include "engine/solvers/registry.hpp"

namespace articulab::cli {

void printUsage(std::ostream& out) {
  out << R"(articulab - articulated rigid-body dynamics workbench

usage:
  articulab [gui] [SCENE] [--set NAME=VALUE] [--max-bodies N] [--backend NAME] [--script FILE]
            [--benchmark-frames N] [--benchmark-output FILE] [--size WxH]
      open the interactive app (default scene: scenes/double_pendulum.json)
  SCENE is a scene file (.json), a URDF (.urdf) or an MJCF model (.xml, .mjcf), read by its
  extension everywhere; for a URDF or MJCF:
      --package-path DIR  a folder for package://NAME/... and relative mesh paths (repeatable;
                          then ROS_PACKAGE_PATH's folders and the model's own folder)
      --floating-root     a URDF's root link is free (free3d) instead of welded to the world
  articulab run SCENE [flags]          simulate headless and print a summary
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
  articulab compare SCENE --runs LIST [flags]   several runs side by side, one table (docs/cli.md)
      --runs LIST         comma list of BACKEND[:INTEGRATOR][@dt=SECONDS][@SETTING=VALUE], e.g.
                          "baraff:semi-implicit,redmax:rk4,variational-maximal@dt=0.0005"
      --run SPEC          one run (repeatable; mixes with --runs)
      --reference N|NAME  the run differences are taken against (default: the first)
      --duration, --set, --record, --every, --on-blow-up   as for run
      --csv-dir DIR       NAME.csv per run (run's columns), comparison.csv, runs.csv
      --figure FILE       the comparison plots (.png, .svg or .pdf) over the whole run
      --json              the table as JSON
      exit code 3 when any run diverged
  articulab study FILE [--jobs N] [--out DIR]   a study: every scene point, run and step of the
                          study file through the Run on N workers (default: every core); rows in
                          DIR (default STEM-results), merged into DIR/results.csv (docs/studies.md);
                          a second call skips finished runs and reruns failed ones; Ctrl-C stops
                          and keeps what finished (exit 130); exit code 3 when a row failed
      --slurm [--partition P] [--time T] [--max-parallel K] [--emit-only]   write DIR/slurm/
                          study.sbatch, a job array whose tasks each run a slice of the study into
                          DIR, and submit it with sbatch (prints the job id; not with --emit-only)
      --status, --collect the rows so far and the job's tasks in the queue; merge DIR/results.csv
  articulab plot RESULTS --work-precision|--convergence|--scaling [-o FILE] [--parameter NAME]
                          a study's figure, log-log, the fitted power in the legend (default
                          RESULTS/KIND.png; .png, .svg or .pdf); --scaling against NAME (default n)
  articulab record SCENE --duration SECONDS --out FILE.mp4 [--png-dir DIR] [--fps N] [--size WxH]
                 [--backend NAME] [--set NAME=VALUE] [--max-bodies N] [--window]
      render the scene to an H.264 MP4 (and/or a PNG sequence) in simulated time: frame k shows
      t = k/fps, round(duration * fps) frames (default 5 s, 30 fps, 1280x720); needs a display
      (xvfb-run on a headless machine)
  articulab describe SCENE [--set NAME=VALUE] [--max-bodies N]
      bodies, joints, DOF and which back-ends can run it (and the import report of a URDF or MJCF)
  articulab import MODEL [-o SCENE.json]  a URDF or MJCF written as a scene file (to standard
                                       output without -o), with its import report: what was
                                       approximated or not imported, by file, line and element
  articulab backends                   list the back-ends and integrators
  articulab --help                     this text

numbers are decimal (0.001, 1e-3; no hexadecimal, inf or nan)
exit codes: 0 success, 1 bad scene file, 2 bad command line, 3 simulation diverged, 4 no display
)";
}

}  // namespace articulab::cli
