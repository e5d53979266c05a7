// articulab run SCENE [flags]: headless simulation with a CSV time series and a summary.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/output_file.hpp"
#include "app/cli/run_progress.hpp"
#include "engine/run/run.hpp"
#include "app/session/run_comparison.hpp"

namespace articulab::cli {

namespace {

struct RunOptions {
  std::string scene;
  std::optional<std::string> csv;  // given, perhaps empty (refused)
  RunRequest request;
  long every = 1;
  RecorderColumns columns;
  ParameterOverrides overrides;
  SceneLimits limits;  // --max-bodies
  ImportOptions import;
  std::string keyframe;  // a named initial state of the model (an MJCF keyframe)
};

RunOptions parseRunOptions(const std::vector<std::string>& args) {
  RunOptions o;
  RunRequest& r = o.request;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (parseImportFlag(args, i, o.import)) continue;
    if (a == "--backend") r.backend = flagValue(args, i);
    else if (a == "--integrator") r.requireIntegrator(flagValue(args, i));
    else if (a == "--dt") r.dt = parseNumber(a, flagValue(args, i), true);
    else if (a == "--duration") r.duration = parseNumber(a, flagValue(args, i), true);
    else if (a == "--csv") o.csv = flagValue(args, i, /*allowEmpty=*/true);
    else if (a == "--every") o.every = parseCount(a, flagValue(args, i));
    else if (a == "--record") o.columns = parseColumns(flagValue(args, i));
    else if (a == "--set") parseOverride(flagValue(args, i), o.overrides);
    else if (a == "--max-bodies") o.limits.maxBodies = parseMaxBodies(flagValue(args, i));
    else if (a == "--setting") r.settings.push_back(parseSettingRequest(a, flagValue(args, i)));
    else if (a == "--on-blow-up") r.stopOnBlowUp = parseBlowUpPolicy(flagValue(args, i));
    else if (a == "--keyframe") o.keyframe = flagValue(args, i);
    else if (a == "--q0") r.q0 = parseList(a, flagValue(args, i));
    else if (a == "--qd0") r.qd0 = parseList(a, flagValue(args, i));
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
// Beside it, the work W of the forces that do work (run_monitor.hpp) and E - E0 - W, the change
// W does not account for (the integrator's), or which forces' work is not known.
void printEnergy(std::ostream& out, const RunMonitor& monitor) {
  const EnergyWatch& energy = monitor.energy;
  const bool moved = energy.largestKinetic > 0.0;
  const double scale = session::energyChangeScale(energy);
  const double start = energy.start(), end = energy.last;
  out << "energy      start " << start << " J, end " << end << " J, change " << formatNumber("%+.6g", end - start)
      << " J = " << formatNumber("%+.3g", (end - start) / scale) << " x the "
      << (moved ? "largest kinetic energy " : "scene's energy scale ") << scale << " J; largest |change| "
      << energy.largestChange << " J (" << formatNumber("%.3g", energy.largestChange / scale) << " x)";
  if (monitor.work.known())
    out << "; E - E0 - W " << formatNumber("%+.6g", monitor.unaccounted()) << " J ("
        << formatNumber("%+.3g", monitor.unaccounted() / scale) << " x), W " << formatNumber("%+.6g", monitor.work.total())
        << " J\n";
  else
    out << "; W not known (" << unknownWorkText(monitor.work.unknown) << ")\n";
}

// The work W per source where some force did work (run_monitor.hpp, ForceWork).
void printWork(std::ostream& out, const ForceWork& work) {
  if (work.muscles == 0.0 && work.dampers == 0.0 && work.contact == 0.0) return;
  out << "work        muscles " << formatNumber("%+.6g", work.muscles) << " J, dampers " << formatNumber("%+.6g", work.dampers)
      << " J, contact and friction " << formatNumber("%+.6g", work.contact) << " J (integrated power over the steps)\n";
}

void printSummary(std::ostream& out, const RunOptions& o, const Run& run) {
  const Model& model = run.model();
  const RunPlan& plan = run.plan();
  out << std::setprecision(6);
  out << "scene       " << o.scene << " (" << model.name << ", " << model.bodyCount() << " bodies, " << model.nq << " DOF)\n";
  out << "back-end    " << plan.backend->name << ", integrator " << plan.integrator.name()
      << (plan.dissipative() ? ": dissipative" : "") << ", dt " << plan.dt << " s";
  if (run.controlsDrift()) out << ", drift control " << driftControlName(plan.options.driftControl);
  for (const std::string& setting : plan.settingsText()) out << ", " << setting;
  out << '\n';
  const long steps = run.stepsTaken();
  out << "steps       " << steps << " (" << run.state().t << " s simulated) in " << run.stepWallSeconds() << " s wall, "
      << (steps > 0 ? 1e6 * run.stepWallSeconds() / static_cast<double>(steps) : 0.0) << " us/step\n";
  printEnergy(out, run.monitor());
  printWork(out, run.monitor().work);
  const DriftWatch& drift = run.monitor().drift;
  out << "max drift   position " << drift.position << " m, rotation " << drift.rotation << " rad\n";
  if (!run.monitor().blowUp.empty() && !run.failed()) out << "not trusted " << run.monitor().blowUp << '\n';
  if (o.csv) out << "csv         " << *o.csv << " (" << run.recorder()->rows() << " rows)\n";
}

// A refusal of the request as the command line states it: naming the flag; a back-end that
// cannot run the scene (no flag at fault) without the pointer to the usage text.
[[noreturn]] void throwRefusal(const RunRefusal& refused) {
  if (refused.field().empty()) throw CannotRunError(refused.what());
  throw UsageError("--" + refused.field() + ": " + refused.what());
}

// The command line's request (its step's stability checked: the user is told) starting from the
// model's keyframe o.keyframe (none: the request as it is).
RunRequest startingFrom(const Model& model, const RunOptions& o) {
  RunRequest request = o.request;
  request.checkStepStability = true;
  if (o.keyframe.empty()) return request;
  std::string names;
  for (const Model::Keyframe& key : model.keyframes) {
    if (key.name == o.keyframe) {
      request.q0.assign(key.q.data(), key.q.data() + key.q.size());
      request.qd0.assign(key.qd.data(), key.qd.data() + key.qd.size());
      return request;
    }
    names += (names.empty() ? "" : ", ") + key.name;
  }
  throw UsageError("--keyframe: the model has no keyframe '" + o.keyframe + "'; " +
                   (names.empty() ? "it has none" : "its keyframes: " + names));
}

Run startRun(const RunOptions& o, std::ostream& err) {
  try {
    auto model = std::make_shared<const Model>(loadModel(o.scene, o.overrides, o.import, o.limits));
    Run run(model, startingFrom(*model, o));
    const SolverSupport& support = run.plan().support;
    for (const std::string& warning : support.warnings) err << "warning: " << warning << '\n';
    for (const std::string& note : support.notes) err << "note: " << note << '\n';
    for (const std::string& note : run.plan().notes) err << "note: " << note << '\n';
    if (!run.plan().slowStep.empty()) err << "warning: slow steps ahead: " << run.plan().slowStep << '\n';
    if (!run.plan().unstableStep.empty()) err << "warning: unstable step: " << run.plan().unstableStep << '\n';
    return run;
  } catch (const RunRefusal& refused) {
    throwRefusal(refused);
  }
}

}  // namespace

int runCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const RunOptions o = parseRunOptions(args);
  Run run = startRun(o, err);
  std::optional<OutputFile> csv;
  if (o.csv) csv.emplace("--csv", *o.csv, std::vector<std::string>{o.scene});
  run.record(o.columns, o.every);
  RunProgress progress(err, &err == &std::cerr && isatty(STDERR_FILENO), run.plan().duration);
  const Clock::time_point start = Clock::now();
  run.advance(run.plan().steps, [&](const Run& r) { progress.update(r.state().t, seconds(Clock::now() - start)); });
  progress.finish();
  if (!run.failed()) run.finishRecording();
  if (csv) csv->write([&](std::ostream& file) { run.recorder()->writeCsv(file); });
  printSummary(out, o, run);
  if (run.failed()) {
    err << "simulation diverged: " << run.failure() << '\n';
    return 3;
  }
  return 0;
}

}  // namespace articulab::cli
