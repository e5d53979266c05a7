#include "engine/run/run_plan.hpp"

#include <cmath>
#include <cstdio>

#include "engine/algorithm/initial_state.hpp"
#include "engine/io/number_text.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/run/step_size.hpp"
#include "engine/run/step_stability.hpp"
#include "engine/solvers/step_cost_estimate.hpp"

namespace articulab {

namespace {

using scene_io::shortNumber;

const BackendInfo& resolveBackend(const Model& model, const RunRequest& request) {
  const std::string& name = request.backend.empty() ? model.defaults.backend : request.backend;
  if (const BackendInfo* backend = findBackend(name)) return *backend;
  throw RunRefusal("backend", "unknown back-end '" + name + "' (expected one of: " + backendNames() + ")");
}

// The request's settings of `backend` as assignments over the scene's ("NAME=TEXT",
// resolveSolverOptions); those of other back-ends are checked against their own tables (a later
// switch to that back-end uses them).
std::vector<std::string> settingAssignments(const RunRequest& request, const BackendInfo& backend) {
  std::vector<std::string> assignments;
  for (const SettingRequest& wanted : request.settings) {
    const std::string& owner = wanted.backend.empty() ? backend.name : wanted.backend;
    if (owner == backend.name) {
      assignments.push_back(wanted.name + "=" + wanted.value);
      continue;
    }
    const BackendInfo* info = findBackend(owner);
    if (!info) throw RunRefusal("setting", "unknown back-end '" + owner + "' (expected one of: " + backendNames() + ")");
    double checked = 0.0;
    if (std::string refused = info->settings.check(owner, settingValueFromText(owner, wanted.name, wanted.value), checked);
        !refused.empty())
      throw RunRefusal("setting", refused);
  }
  return assignments;
}

SolverOptions resolveOptions(const Model& model, const BackendInfo& backend, Integrator integrator,
                             const std::vector<std::string>& assignments) {
  ResolvedOptions resolved = resolveSolverOptions(backend, integrator, model.defaults, assignments);
  if (!resolved.ok()) throw RunRefusal("setting", resolved.refusal);
  return std::move(resolved.options);
}

// The integrator the request names or wishes for ("" for the back-end's default).
const std::string& wantedIntegrator(const Model& model, const RunRequest& request) {
  return request.integratorWish == IntegratorWish::Scene ? model.defaults.integrator : request.integrator;
}

// An integrator required is used or refused; one wished for (the scene's, or carried over)
// falls back to the back-end's default where the back-end does not offer it or cannot use it
// (BackendSupport::choose).
SceneIntegratorChoice chooseIntegrator(const Model& model, const RunRequest& request, const BackendInfo& backend,
                                       const std::vector<std::string>& assignments) {
  if (request.integratorWish != IntegratorWish::Required)
    return backend.supports.choose(model, wantedIntegrator(model, request), assignments);
  Integrator known;
  if (!findAnyIntegrator(request.integrator, known))
    throw RunRefusal("integrator",
                     "unknown integrator '" + request.integrator + "' (expected one of: " + allIntegratorNames() + ")");
  const IntegratorInfo* offered = backend.findIntegrator(request.integrator);
  if (!offered) throw RunRefusal("integrator", integratorRefusal(backend.name, known, backend.integrators));
  return {offered->integrator,
          backend.supports(model, resolveOptions(model, backend, offered->integrator, assignments))};
}

// The step count of duration / dt, refused where it cannot run: not finite, more than
// kMostRunSteps, or a duration shorter than one step. Names the request's step size (the likely
// culprit when given), its duration, or the scene's duration.
long resolveSteps(const Model& model, const RunRequest& request, double dt, double duration) {
  const double ratio = duration / dt;
  const auto refuse = [&](const std::string& why) {
    const std::string text = "a duration of " + shortNumber(duration) + " s at a step of " + shortNumber(dt) + " s " + why;
    if (request.dt > 0.0) throw RunRefusal("dt", text);
    if (request.duration > 0.0) throw RunRefusal("duration", text);
    throw SceneError(model.sourceFile, "/simulation/duration", text);
  };
  if (!std::isfinite(ratio) || ratio > kMostRunSteps)
    refuse("is " + shortNumber(ratio) + " steps; a run takes at most " + shortNumber(kMostRunSteps) + " steps");
  if (ratio < 1.0 - 1e-9) refuse("is less than one step; make the duration at least the step size");
  return std::lround(ratio);
}

// One value per coordinate, or one value for all, into `target`.
void applyCoordinates(const char* field, const std::vector<double>& values, VectorX& target) {
  if (values.size() != 1 && static_cast<Eigen::Index>(values.size()) != target.size())
    throw RunRefusal(field, "expected " + std::to_string(target.size()) +
                                " values (one per coordinate) or one value, got " + std::to_string(values.size()));
  for (std::size_t k = 0; k < values.size(); ++k)
    if (!std::isfinite(values[k])) throw RunRefusal(field, "value " + std::to_string(k + 1) + " is not a finite number");
  if (values.size() == 1) target.setConstant(values[0]);
  else
    for (std::size_t k = 0; k < values.size(); ++k) target[static_cast<Eigen::Index>(k)] = values[k];
}

double positiveOr(const char* field, double asked, double scene) {
  if (asked == 0.0) return scene;
  if (!(asked > 0.0) || !std::isfinite(asked))
    throw RunRefusal(field, "expected a finite number > 0, got " + shortNumber(asked));
  return asked;
}

// The step size `dt` of the plan refused where stepSizeProblem says so: as the request's field
// when it gave one, as the scene's field otherwise.
void checkStepSize(const Model& model, const RunRequest& request, double dt) {
  const std::string problem = stepSizeProblem(dt);
  if (problem.empty()) return;
  if (request.dt > 0.0) throw RunRefusal("dt", problem);
  throw SceneError(model.sourceFile, "/simulation/dt", problem);
}

RunPlan resolvePlan(const Model& model, const RunRequest& request) {
  validateSceneChoices(model, request.backend.empty(), request.integratorWish == IntegratorWish::Scene);
  RunPlan plan;
  plan.request = request;
  plan.backend = &resolveBackend(model, request);
  plan.request.backend = plan.backend->name;
  const std::vector<std::string> assignments = settingAssignments(request, *plan.backend);
  plan.options = resolveOptions(model, *plan.backend, Integrator{}, assignments);  // refuses a bad setting first
  SceneIntegratorChoice choice = chooseIntegrator(model, request, *plan.backend, assignments);
  if (!choice.support.ok)
    throw RunRefusal("", "back-end '" + plan.backend->name + "' cannot run " + model.sourceFile + ": " +
                             choice.support.reason, choice.support.reason);
  plan.integrator = choice.integrator;
  plan.options.integrator = choice.integrator;
  const std::string& wanted = wantedIntegrator(model, request);
  if (!wanted.empty() && !(choice.integrator == wanted) && !choice.support.warnings.empty())
    plan.integratorReplaced = choice.support.warnings.front();
  plan.support = std::move(choice.support);
  plan.dt = positiveOr("dt", request.dt, model.defaults.dt);
  plan.duration = positiveOr("duration", request.duration, model.defaults.duration);
  plan.steps = resolveSteps(model, request, plan.dt, plan.duration);
  checkStepSize(model, request, plan.dt);
  plan.slowStep = slowStepWarning(plan.backend->name, model, plan.integrator);
  return plan;
}

// The request on `backend`, wishing for `integrator` (the back-end's default where empty) unless
// the request requires its own.
RunRequest requestMovedTo(const RunRequest& request, const std::string& backend, const std::string& integrator) {
  RunRequest moved = request;
  moved.backend = backend;
  if (request.integratorWish != IntegratorWish::Required) {
    moved.integrator = integrator;
    moved.integratorWish = IntegratorWish::Preferred;
  }
  return moved;
}

// The fast start's plan at a step that is stable from the start on (step_stability.hpp,
// lookAheadFrequency) where the scene's step is not and the request names no step. Real time is
// lost then, so the plan moves to the back-end's default integrator (one that keeps the energy)
// unless the request requires one. Returns ", stepping at 0.0001 s (not real time): the step
// 0.001 s is unstable ..." for the note, or "" where the plan keeps its step (a step the request
// names is kept, and the Run warns that it is unstable).
std::string stepStablyFromTheStart(const Model& model, const RunRequest& request, RunPlan& plan) {
  if (request.dt > 0.0) return "";
  const State start = makeInitialState(model);
  StepStability stability = checkStepStability(plan, model, start);
  if (!stability.unstable(plan.dt)) return "";
  try {
    RunPlan keeping = resolvePlan(model, requestMovedTo(request, plan.backend->name, ""));
    const StepStability kept = checkStepStability(keeping, model, start);
    if (kept.omegaMax > 0.0) {
      plan = std::move(keeping);
      stability = kept;
    }
  } catch (const RunRefusal&) {
  }
  if (!stability.unstable(plan.dt)) return "";
  const std::string why = unstableStepReason(plan, stability);  // the step below is the one that works
  plan.dt = stability.stableStep;
  plan.steps = resolveSteps(model, request, plan.dt, plan.duration);
  return ", stepping at " + shortNumber(plan.dt) + " s (not real time): " + why;
}

// The plan on the back-end and integrator that run the model in real time (realTimeStart) when
// the request names no back-end and the scene's takes longer than kFastStartSeconds and than dt
// per step, at a step that is stable there (stepStablyFromTheStart); the plan itself otherwise,
// also where the request does not resolve on that back-end (a setting of the scene's back-end,
// say).
RunPlan startFast(const Model& model, RunPlan plan, const RunRequest& request) {
  const double seconds = estimateStepCost(plan.backend->name, model, plan.integrator).seconds;
  if (!request.backend.empty() || seconds <= kFastStartSeconds || seconds <= plan.dt) return plan;
  const bool keepIntegrator = request.integratorWish == IntegratorWish::Required;
  const StepAlternative faster = realTimeStart(model, plan.integrator, plan.dt, keepIntegrator);
  if (faster.seconds < 0.0) return plan;
  RunPlan fast;
  try {
    fast = resolvePlan(model, requestMovedTo(request, faster.backend, faster.integrator.name()));
  } catch (const RunRefusal&) {
    return plan;
  }
  const std::string stableStep = stepStablyFromTheStart(model, request, fast);
  const double fastSeconds = estimateStepCost(fast.backend->name, model, fast.integrator).seconds;
  fast.startedElsewhere = plan.backend->name + " with " + plan.integrator.name() + " would take about " +
                          formatDuration(seconds) + " per step at n = " + std::to_string(model.nq) +
                          "; the run starts on " + fast.backend->name + " with " + fast.integrator.name() +
                          ", about " + formatDuration(fastSeconds) + " per step" +
                          (stableStep.empty() ? " (real time at dt = " + shortNumber(fast.dt) + " s)" : stableStep) +
                          "; name the back-end to run on " + plan.backend->name;
  fast.notes.push_back(fast.startedElsewhere);
  return fast;
}

// "implicit: dissipative ..." among the plan's notes where its integrator is.
void noteDissipation(RunPlan& plan) {
  if (!plan.dissipative()) return;
  const std::vector<Integrator>& order = plan.backend->capabilities.defaultOrder;
  std::string note = std::string(plan.integrator.name()) + ": dissipative, the energy falls on every scene";
  if (!order.empty() && !(order.front() == plan.integrator))
    note += std::string(" (") + order.front().name() + " keeps a conservative scene's energy)";
  plan.notes.push_back(note);
}

}  // namespace

bool RunPlan::dissipative() const { return backend && backend->capabilities.isDissipative(integrator); }

std::vector<std::string> RunPlan::settingsText() const {
  std::vector<std::string> text;
  for (const BackendSettings::Given& given : options.settings.given()) {
    const SolverSetting& setting = backend->settings.rows()[static_cast<std::size_t>(given.index)];
    text.push_back(std::string(setting.name) + " " + settingValueText(setting, given.value));
  }
  return text;
}

std::shared_ptr<const Model> withInitialCoordinates(std::shared_ptr<const Model> model, const RunRequest& request) {
  if (request.q0.empty() && request.qd0.empty()) return model;
  auto started = std::make_shared<Model>(*model);
  if (!request.q0.empty()) applyCoordinates("q0", request.q0, started->q0);
  if (!request.qd0.empty()) applyCoordinates("qd0", request.qd0, started->qd0);
  return started;
}

RunPlan resolveRun(const Model& model, const RunRequest& request) {
  RunPlan plan = startFast(model, resolvePlan(model, request), request);
  noteDissipation(plan);
  return plan;
}

std::vector<SettingValue> sceneSettingValues(const Model& model, const RunRequest& request) {
  std::vector<SettingValue> values = model.defaults.solverSettings;
  for (const SettingRequest& wanted : request.settings) {
    const std::string& owner = wanted.backend.empty() ? request.backend : wanted.backend;
    std::erase_if(values, [&](const SettingValue& v) { return v.backend == owner && v.name == wanted.name; });
    values.push_back(settingValueFromText(owner, wanted.name, wanted.value));
  }
  return values;
}

bool resolves(const Model& model, const RunRequest& request) {
  try {
    resolveRun(model, request);
    return true;
  } catch (const RunRefusal&) {
    return false;
  }
}

RunRequest requestOnBackend(const RunPlan& plan, const std::string& backend) {
  RunRequest request = plan.request;
  request.backend = backend;
  request.integrator = plan.integrator.name();
  request.integratorWish = IntegratorWish::Preferred;
  return request;
}

}  // namespace articulab
