// A CLI run checked against an engine run of the same steps (tests of integrators chosen by name
// on the command line). Part of engine_tests only: it links the CLI.
#pragma once

#include <string>

#include "engine/solvers/solver.hpp"

namespace articulab::test {

// The four-bar (scenes/four_bar.json) run by the CLI with `integrator` for 0.05 s (50 steps of its
// 1 ms), its CSV into a temporary file, and the same steps of the engine on `backend`: the CLI's
// printout and the gap between the two runs' last total energies (J). A failed CLI run is a test
// failure.
struct CliEngineRun {
  std::string printout;
  double energyGap = 0.0;
};
CliEngineRun fourBarCliAgainstEngine(const char* backend, Integrator integrator);

}  // namespace articulab::test
