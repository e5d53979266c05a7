#include "engine/run/run_plan.hpp"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "engine/io/scene_loader.hpp"
#include "engine/solvers/solver_settings.hpp"
#include "engine/solvers/step_cost_estimate.hpp"

namespace articulab {

namespace {

std::string numberText(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

const BackendInfo& resolveBackend(const Model& model, const RunRequest& request) {
  const std::string& name = request.backend.empty() ? model.defaults.backend : request.backend;
  if (const BackendInfo* backend = findBackend(name)) return *backend;
  throw RunRefusal("backend", "unknown back-end '" + name + "' (expected one of: " + backendNames() + ")");
}

// The scene's values of every back-end's settings, then the request's, each checked against its
// back-end's list once.
std::vector<SettingValue> resolveSettings(const Model& model, const RunRequest& request, const BackendInfo& backend) {
  std::vector<SettingValue> values = model.defaults.solverSettings;  // checked by validateSceneChoices
  for (const SettingRequest& wanted : request.settings) {
    const std::string& owner = wanted.backend.empty() ? backend.name : wanted.backend;
    const BackendInfo* info = findBackend(owner);
    if (!info) throw RunRefusal("setting", "unknown back-end '" + owner + "' (expected one of: " + backendNames() + ")");
    std::size_t used = 0;
    double value = 0.0;
    try {
      value = std::stod(wanted.value, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != wanted.value.size() || !std::isfinite(value))
      throw RunRefusal("setting", "setting '" + wanted.name + "' of back-end '" + owner + "': expected a finite number, got '" +
                                      wanted.value + "'");
    if (std::string refused = checkSettings(owner, info->settings, {{owner, wanted.name, value}}); !refused.empty())
      throw RunRefusal("setting", refused);
    assignSetting(values, owner, wanted.name, value);
  }
  return values;
}

SolverOptions optionsWith(const Model& model, Integrator integrator, const std::vector<SettingValue>& settings) {
  SolverOptions options = solverOptionsFor(model, integrator);
  options.settings = settings;
  return options;
}

struct IntegratorChoice {
  Integrator integrator;
  SolverSupport support;
  std::string replaced;  // why the wished-for integrator is not used
};

// An integrator required is used or refused; one wished for (the scene's, or carried over)
// falls back to the back-end's default where the back-end does not offer it or cannot use it.
IntegratorChoice chooseIntegrator(const Model& model, const RunRequest& request, const BackendInfo& backend,
                                  const std::vector<SettingValue>& settings) {
  const std::string& wanted =
      request.integratorWish == IntegratorWish::Scene ? model.defaults.integrator : request.integrator;
  const IntegratorInfo* offered = wanted.empty() ? nullptr : backend.findIntegrator(wanted);
  if (request.integratorWish == IntegratorWish::Required) {
    Integrator known;
    if (!findAnyIntegrator(wanted, known))
      throw RunRefusal("integrator",
                       "unknown integrator '" + wanted + "' (expected one of: " + allIntegratorNames() + ")");
    if (!offered) throw RunRefusal("integrator", integratorRefusal(backend.name, known, backend.integrators));
    return {offered->integrator, backend.supports(model, optionsWith(model, offered->integrator, settings)), ""};
  }
  const Integrator fallback = backend.integrators.front().integrator;
  IntegratorChoice choice{offered ? offered->integrator : fallback, {}, ""};
  if (!wanted.empty() && !offered)
    choice.replaced = "back-end '" + backend.name + "' does not offer it (it offers: " +
                      integratorListNames(backend.integrators) + ")";
  choice.support = backend.supports(model, optionsWith(model, choice.integrator, settings));
  if (!choice.support.ok && !(choice.integrator == fallback)) {
    SolverSupport withDefault = backend.supports(model, optionsWith(model, fallback, settings));
    if (withDefault.ok) {
      choice.replaced = choice.support.reason;
      choice = {fallback, std::move(withDefault), choice.replaced};
    }
  }
  if (!choice.replaced.empty()) {
    choice.replaced = "integrator '" + wanted + "' is not used: " + choice.replaced + "; the run uses " + fallback.name();
    choice.support.warnings.insert(choice.support.warnings.begin(), choice.replaced);
  }
  return choice;
}

// The step count of duration / dt, refused where it cannot run: not finite, more than
// kMostRunSteps, or a duration shorter than one step. Names the request's step size (the likely
// culprit when given), its duration, or the scene's duration.
long resolveSteps(const Model& model, const RunRequest& request, double dt, double duration) {
  const double ratio = duration / dt;
  const auto refuse = [&](const std::string& why) {
    const std::string text = "a duration of " + numberText(duration) + " s at a step of " + numberText(dt) + " s " + why;
    if (request.dt > 0.0) throw RunRefusal("dt", text);
    if (request.duration > 0.0) throw RunRefusal("duration", text);
    throw SceneError(model.sourceFile, "/simulation/duration", text);
  };
  if (!std::isfinite(ratio) || ratio > kMostRunSteps)
    refuse("is " + numberText(ratio) + " steps; a run takes at most " + numberText(kMostRunSteps) + " steps");
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
    throw RunRefusal(field, "expected a finite number > 0, got " + numberText(asked));
  return asked;
}

}  // namespace

std::vector<std::string> RunPlan::settingsText() const {
  std::vector<std::string> text;
  for (const SettingValue& setting : options.settings)
    if (setting.backend == backend->name) text.push_back(setting.name + " " + numberText(setting.value));
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
  validateSceneChoices(model, request.backend.empty(), request.integratorWish == IntegratorWish::Scene);
  RunPlan plan;
  plan.request = request;
  plan.backend = &resolveBackend(model, request);
  plan.request.backend = plan.backend->name;
  const std::vector<SettingValue> settings = resolveSettings(model, request, *plan.backend);
  IntegratorChoice choice = chooseIntegrator(model, request, *plan.backend, settings);
  if (!choice.support.ok)
    throw RunRefusal("", "back-end '" + plan.backend->name + "' cannot run " + model.sourceFile + ": " +
                             choice.support.reason, choice.support.reason);
  plan.integrator = choice.integrator;
  plan.support = std::move(choice.support);
  plan.integratorReplaced = std::move(choice.replaced);
  plan.options = optionsWith(model, plan.integrator, settings);
  plan.dt = positiveOr("dt", request.dt, model.defaults.dt);
  plan.duration = positiveOr("duration", request.duration, model.defaults.duration);
  plan.steps = resolveSteps(model, request, plan.dt, plan.duration);
  plan.slowStep = slowStepWarning(plan.backend->name, model, plan.integrator);
  return plan;
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
