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
      --on-blow-up stop|warn  when the energy grows beyond the scene's energy scale with no force
                          doing work: end the run as diverged (stop, the default) or go on with a
                          warning that the run is not to be trusted (warn)
  articulab record SCENE --duration SECONDS --out FILE.mp4 [--png-dir DIR] [--fps N] [--size WxH]
                 [--backend NAME] [--set NAME=VALUE] [--max-bodies N] [--window]
      render the scene to an H.264 MP4 (and/or a PNG sequence) in simulated time: frame k shows
      t = k/fps, round(duration * fps) frames (default 5 s, 30 fps, 1280x720); needs a display
      (xvfb-run on a headless machine)
  articulab describe SCENE [--set NAME=VALUE] [--max-bodies N]
      bodies, joints, DOF and which back-ends can run it
  articulab backends                   list the back-ends and integrators
  articulab --help                     this text

numbers are decimal (0.001, 1e-3; no hexadecimal, inf or nan)
exit codes: 0 success, 1 bad scene file, 2 bad command line, 3 simulation diverged, 4 no display
)";
}

}  // namespace articulab::cli
