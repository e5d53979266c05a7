// articulab run SCENE [flags]: headless simulation with a CSV time series and a summary.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/run_progress.hpp"
#include "engine/diagnostics/divergence.hpp"
#include "engine/diagnostics/drift.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/diagnostics/recorder.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/solvers/solver_settings.hpp"
#include "engine/solvers/step_cost_estimate.hpp"

namespace articulab::cli {

namespace {

struct RunOptions {
  std::string scene, backend, csv;
  bool hasIntegrator = false;
  Integrator integrator;
  double dt = 0.0, duration = 0.0;  // 0: the scene's default
  long every = 1;
  RecorderColumns columns;
  ParameterOverrides overrides;
  SceneLimits limits;  // --max-bodies
  std::vector<std::pair<std::string, double>> settings;  // --setting NAME=VALUE, of the run's back-end
  std::vector<double> q0, qd0;
};

// The names of the optional channel groups, for the usage error.
std::string groupList() {
  std::string list;
  for (const std::string& group : optionalChannelGroups()) list += (list.empty() ? "" : ", ") + group;
  return list;
}

RecorderColumns parseColumns(const std::string& text) {
  RecorderColumns columns;
  std::stringstream stream(text);
  std::string item;
  const std::vector<std::string>& groups = optionalChannelGroups();
  while (std::getline(stream, item, ',')) {
    if (std::find(groups.begin(), groups.end(), item) == groups.end())
      throw UsageError("--record: unknown column set '" + item + "' (expected a comma list of " + groupList() + ")");
    columns.groups.push_back(item);
  }
  return columns;
}

RunOptions parseRunOptions(const std::vector<std::string>& args) {
  RunOptions o;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--backend") o.backend = flagValue(args, i);
    else if (a == "--integrator") {
      const std::string& name = flagValue(args, i);
      if (!findAnyIntegrator(name, o.integrator))
        throw UsageError("--integrator: unknown integrator '" + name + "' (expected one of: " + allIntegratorNames() + ")");
      o.hasIntegrator = true;
    } else if (a == "--dt") o.dt = parseNumber(a, flagValue(args, i), true);
    else if (a == "--duration") o.duration = parseNumber(a, flagValue(args, i), true);
    else if (a == "--csv") o.csv = flagValue(args, i);
    else if (a == "--every") o.every = parseCount(a, flagValue(args, i));
    else if (a == "--record") o.columns = parseColumns(flagValue(args, i));
    else if (a == "--set") parseOverride(flagValue(args, i), o.overrides);
    else if (a == "--max-bodies") o.limits.maxBodies = parseMaxBodies(flagValue(args, i));
    else if (a == "--setting") o.settings.push_back(parseAssignment(a, flagValue(args, i)));
    else if (a == "--q0") o.q0 = parseList(a, flagValue(args, i));
    else if (a == "--qd0") o.qd0 = parseList(a, flagValue(args, i));
    else if (a.rfind("--", 0) == 0) throw UsageError("unknown flag '" + a + "' for 'run' (see articulab --help)");
    else if (o.scene.empty()) o.scene = a;
    else throw UsageError("unexpected argument '" + a + "': 'run' takes one scene file");
  }
  if (o.scene.empty()) throw UsageError("'run' needs a scene file, e.g. articulab run scenes/double_pendulum.json");
  return o;
}

using Clock = std::chrono::steady_clock;

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

std::string formatNumber(const char* pattern, double value) {
  char text[48];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

// What the summary says about energy. A change relative to the start energy means nothing when
// that is near zero (a pendulum starting at z = 0 has E = 0), so the change is given in joules
// and relative to the largest kinetic energy of the run, a scale of the motion that is zero
// only when nothing moved (then the scene's energy scale, energyScale, is used).
// Muscles do work: their power is integrated by the trapezoid rule over the steps, so that the
// summary can give the energy change the muscles do not account for.
struct EnergyTally {
  double start = 0.0, largestKinetic = 0.0, largestChange = 0.0;
  double musclePower = 0.0, muscleWork = 0.0;  // W at the last state, J so far
  void add(const EnergyReport& energy, double dt = 0.0) {
    largestKinetic = std::max(largestKinetic, energy.kinetic);
    largestChange = std::max(largestChange, std::abs(energy.total() - start));
    muscleWork += 0.5 * dt * (musclePower + energy.musclePower);
    musclePower = energy.musclePower;
  }
};

void printEnergy(std::ostream& out, const EnergyTally& tally, double end, double sceneScale) {
  const bool moved = tally.largestKinetic > 0.0;
  const double scale = moved ? tally.largestKinetic : sceneScale;
  out << "energy      start " << tally.start << " J, end " << end << " J, change " << formatNumber("%+.6g", end - tally.start)
      << " J = " << formatNumber("%+.3g", (end - tally.start) / scale) << " x the "
      << (moved ? "largest kinetic energy " : "scene's energy scale ") << scale << " J; largest |change| "
      << tally.largestChange << " J (" << formatNumber("%.3g", tally.largestChange / scale) << " x)\n";
}

void printMuscleWork(std::ostream& out, const EnergyTally& tally, double end) {
  out << "muscles     work " << formatNumber("%+.6g", tally.muscleWork) << " J (integrated muscle_power); energy change "
      << "minus that work " << formatNumber("%+.3g", end - tally.start - tally.muscleWork) << " J\n";
}

}  // namespace

int runCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const RunOptions o = parseRunOptions(args);
  Model model = loadScene(o.scene, o.overrides, o.limits);
  if (!o.q0.empty()) applyCoordinateList("--q0", o.q0, model.q0);
  if (!o.qd0.empty()) applyCoordinateList("--qd0", o.qd0, model.qd0);
  validateSceneChoices(model, o.backend.empty(), !o.hasIntegrator);
  const std::string backendName = o.backend.empty() ? model.defaults.backend : o.backend;
  const BackendInfo* backend = findBackend(backendName);
  if (!backend) throw UsageError("--backend: unknown back-end '" + backendName + "' (expected one of: " + backendNames() + ")");
  for (const auto& [name, value] : o.settings) {
    const SettingValue setting{backendName, name, value};
    if (std::string refused = checkSettings(backendName, backend->settings, {setting}); !refused.empty())
      throw UsageError("--setting: " + refused);
    assignSetting(model.defaults.solverSettings, backendName, name, value);
  }
  // An integrator asked for is used or refused; the scene's falls back to the back-end's
  // default with a warning when the back-end does not offer it.
  if (o.hasIntegrator && !backend->findIntegrator(o.integrator.name()))
    throw UsageError("--integrator: " + integratorRefusal(backendName, o.integrator, backend->integrators));
  const SceneIntegratorChoice choice =
      o.hasIntegrator ? SceneIntegratorChoice{o.integrator, backend->supports(model, solverOptionsFor(model, o.integrator))}
                      : backend->supports.choose(model);
  const SolverSupport& support = choice.support;
  if (!support.ok) throw CannotRunError("back-end '" + backendName + "' cannot run " + o.scene + ": " + support.reason);
  for (const std::string& warning : support.warnings) err << "warning: " << warning << '\n';
  for (const std::string& note : support.notes) err << "note: " << note << '\n';

  const Integrator integrator = choice.integrator;
  if (const std::string slow = slowStepWarning(backendName, model, integrator); !slow.empty())
    err << "warning: slow steps ahead: " << slow << '\n';
  const double dt = o.dt > 0.0 ? o.dt : model.defaults.dt;
  const double duration = o.duration > 0.0 ? o.duration : model.defaults.duration;
  const long steps = std::lround(duration / dt);
  const std::unique_ptr<Solver> solver = backend->create(model, solverOptionsFor(model, integrator));
  State state = makeInitialState(model);
  TimeSeriesRecorder recorder(model, o.columns);
  VectorX qdd = VectorX::Zero(model.nq);
  auto record = [&] {
    if (o.columns.has("qdd")) solver->forwardDynamics(model, state, qdd);
    recorder.record(model, state, &qdd);
  };

  const EnergyReport initial = computeEnergy(model, state);
  const EnergyBound bound = energyBoundAt(model, state);  // the app's explosion test
  EnergyTally energy{initial.total()};
  energy.add(initial);
  double maxDriftPosition = 0.0, maxDriftRotation = 0.0, stepWall = 0.0;
  record();
  StepStatus status;
  RunProgress progress(err, &err == &std::cerr && isatty(STDERR_FILENO), duration);
  const Clock::time_point start = Clock::now();
  long step = 0;
  for (; step < steps && status.ok; ++step) {
    const Clock::time_point before = Clock::now();
    status = solver->step(model, state, dt);
    const Clock::time_point after = Clock::now();
    state.outputs.stepSeconds = seconds(after - before);
    stepWall += state.outputs.stepSeconds;
    progress.update(state.t, seconds(after - start));
    if (!status.ok) break;
    const EnergyReport now = computeEnergy(model, state);
    energy.add(now, dt);
    if (const std::string problem = divergence(state, now, bound); !problem.empty()) {
      status = {false, backendName + " at step " + std::to_string(state.step) + " (t = " +
                           formatNumber("%.6g", state.t) + " s): " + problem};
      break;
    }
    if ((step + 1) % o.every == 0 || step + 1 == steps) {
      record();
      const DriftReport drift = computeDrift(model, state);
      maxDriftPosition = std::max(maxDriftPosition, drift.total.position);
      maxDriftRotation = std::max(maxDriftRotation, drift.total.rotation);
    }
  }
  progress.finish();
  if (!status.ok) ++step;  // the failed step was taken

  if (!o.csv.empty()) {
    std::ofstream file(o.csv);
    if (!file) throw UsageError("--csv: cannot write '" + o.csv + "'");
    recorder.writeCsv(file);
  }
  const EnergyReport final = computeEnergy(model, state);
  out << std::setprecision(6);
  out << "scene       " << o.scene << " (" << model.name << ", " << model.bodyCount() << " bodies, " << model.nq << " DOF)\n";
  out << "back-end    " << backendName << ", integrator " << integratorName(integrator) << ", dt " << dt << " s";
  if (solver->controlsDrift()) out << ", drift control " << driftControlName(model.defaults.driftControl);
  for (const SettingValue& setting : model.defaults.solverSettings)
    if (setting.backend == backendName) out << ", " << setting.name << " " << setting.value;
  out << '\n';
  out << "steps       " << step << " (" << state.t << " s simulated) in " << stepWall << " s wall, "
      << (step > 0 ? 1e6 * stepWall / static_cast<double>(step) : 0.0) << " us/step\n";
  printEnergy(out, energy, final.total(), bound.scale);
  if (!model.muscles.empty()) printMuscleWork(out, energy, final.total());
  out << "max drift   position " << maxDriftPosition << " m, rotation " << maxDriftRotation << " rad\n";
  if (!o.csv.empty()) out << "csv         " << o.csv << " (" << recorder.rows() << " rows)\n";
  if (!status.ok) {
    err << "simulation diverged: " << status.message << '\n';
    return 3;
  }
  return 0;
}

}  // namespace articulab::cli
