#include "engine/solvers/registry.hpp"

#include <algorithm>
#include <stdexcept>

#include "engine/contact/joint_friction.hpp"
#include "engine/io/scene_error.hpp"
#include "engine/solvers/baraff/baraff_backend.hpp"
#include "engine/solvers/recursive/recursive_backend.hpp"
#include "engine/solvers/redmax/redmax_backend.hpp"
#include "engine/solvers/variational_maximal/variational_maximal_backend.hpp"
#include "engine/solvers/variational_minimal/variational_minimal_backend.hpp"

namespace articulab {

namespace {

const Joint* firstJointWithArmature(const Model& model) {
  for (const Joint& joint : model.joints)
    if (joint.armature != 0.0 && joint.nq > 0) return &joint;
  return nullptr;
}

std::string sameBackendRefusal(const std::string& backend, const SettingList& settings, const SolverOptions& options) {
  if (!options.settings.list() || options.settings.list() == &settings) return "";
  return "the options' settings were checked for another back-end, not '" + backend + "'";
}

}  // namespace

SolverSupport BackendSupport::check(const Model& model, const SolverOptions& options) const {
  if (!capabilities_->jointFriction)
    if (const Joint* joint = contact::firstJointWithFriction(model))
      return {false,
              backend_ + " does not simulate joint friction (joint '" + joint->name +
                  "' has " + (joint->friction.mu > 0.0 ? "mu = " + std::to_string(joint->friction.mu)
                                                        : "a constant friction loss = " + std::to_string(joint->friction.loss)) +
                  "); back-ends with joint friction: " + backendNamesWith(&BackendCapabilities::jointFriction, ", "),
              {},
              {}};
  if (!capabilities_->armature)
    if (const Joint* joint = firstJointWithArmature(model))
      return {false,
              backend_ + " does not simulate rotor inertia (joint '" + joint->name +
                  "' has armature = " + std::to_string(joint->armature) +
                  "); back-ends with armature: " + backendNamesWith(&BackendCapabilities::armature, ", "),
              {},
              {}};
  return check_(model, options);
}

void BackendSupport::warnOfBodyContact(const Model& model, SolverSupport& support) const {
  if (model.bodyContact && !capabilities_->bodyContact && support.ok)
    support.warnings.push_back("body contact is not simulated: bodies pass through each other (" +
                               backendNamesWith(&BackendCapabilities::bodyContact, " and ") + " have it)");
}

SolverSupport BackendSupport::operator()(const Model& model, const SolverOptions& options) const {
  if (!options.integrator.isDefault() && !findOffered(*integrators_, options.integrator))
    return {false, integratorRefusal(backend_, options.integrator, *integrators_), {}, {}};
  if (std::string refused = sameBackendRefusal(backend_, *settings_, options); !refused.empty())
    return {false, refused, {}, {}};
  SolverSupport support = check(model, options);
  warnOfBodyContact(model, support);
  return support;
}

SolverSupport BackendSupport::operator()(const Model& model, Integrator integrator) const {
  const ResolvedOptions scene = resolveSolverOptions(backend_, *settings_, integrator, model.defaults);
  return scene.ok() ? (*this)(model, scene.options) : SolverSupport{false, scene.refusal, {}, {}};
}

SolverSupport BackendSupport::operator()(const Model& model) const { return choose(model).support; }

SceneIntegratorChoice BackendSupport::choose(const Model& model) const { return choose(model, model.defaults.integrator); }

Integrator BackendSupport::defaultIntegrator(const Model& model, SolverOptions options) const {
  std::vector<Integrator> order = capabilities_->defaultOrder;
  if (order.empty())
    for (const IntegratorInfo& info : *integrators_) order.push_back(info.integrator);
  for (Integrator candidate : order) {
    options.integrator = candidate;
    if (check(model, options).ok) return candidate;
  }
  return order.front();
}

SceneIntegratorChoice BackendSupport::choose(const Model& model, const std::string& wanted,
                                             const std::vector<std::string>& assignments) const {
  const Integrator first = integrators_->front().integrator;
  const ResolvedOptions scene = resolveSolverOptions(backend_, *settings_, first, model.defaults, assignments);
  if (!scene.ok()) return {first, {false, scene.refusal, {}, {}}};
  SolverOptions options = scene.options;
  const Integrator fallback = defaultIntegrator(model, options);
  options.integrator = fallback;
  std::string notUsed;
  if (!wanted.empty()) {
    for (const IntegratorInfo& info : *integrators_)
      if (info.integrator == wanted) options.integrator = info.integrator;
    if (!(options.integrator == wanted))
      notUsed = "back-end '" + backend_ + "' does not offer it (it offers: " + integratorListNames(*integrators_) + ")";
  }
  SceneIntegratorChoice choice{options.integrator, check(model, options)};
  if (!choice.support.ok && !(choice.integrator == fallback)) {
    options.integrator = fallback;
    SolverSupport withDefault = check(model, options);
    if (withDefault.ok) {
      notUsed = choice.support.reason;
      choice = {fallback, std::move(withDefault)};
    }
  }
  if (!notUsed.empty())
    choice.support.warnings.insert(choice.support.warnings.begin(), "integrator '" + wanted +
                                                                        "' is not used: " + notUsed + "; the run uses " +
                                                                        fallback.name());
  warnOfBodyContact(model, choice.support);
  return choice;
}

const IntegratorInfo* BackendInfo::findIntegrator(const std::string& wanted) const {
  for (const IntegratorInfo& info : integrators)
    if (info.integrator == wanted) return &info;
  return nullptr;
}

SolverFactory checkedFactory(const std::string& backend, const IntegratorList& integrators, const SettingList& settings,
                             SolverFactory make) {
  return [backend, &integrators, &settings, make = std::move(make)](const Model& model, const SolverOptions& options) {
    if (!options.integrator.isDefault() && !findOffered(integrators, options.integrator))
      throw std::invalid_argument(integratorRefusal(backend, options.integrator, integrators));
    if (std::string refused = sameBackendRefusal(backend, settings, options); !refused.empty())
      throw std::invalid_argument(refused);
    return make(model, options);
  };
}

const std::vector<BackendInfo>& backends() {
  static const std::vector<BackendInfo> list = {redmaxBackend(), recursiveBackend(), baraffBackend(),
                                                variationalMaximalBackend(), variationalMinimalBackend()};
  return list;
}

const BackendInfo* findBackend(const std::string& name) {
  for (const BackendInfo& info : backends())
    if (info.name == name) return &info;
  return nullptr;
}

std::string backendNames() {
  std::string names;
  for (const BackendInfo& info : backends()) names += (names.empty() ? "" : ", ") + info.name;
  return names;
}

std::string backendNamesWith(bool BackendCapabilities::*capability, const char* lastJoin) {
  std::vector<std::string> names;
  for (const BackendInfo& info : backends())
    if (info.capabilities.*capability) names.push_back(info.name);
  std::string list;
  for (std::size_t k = 0; k < names.size(); ++k)
    list += (k == 0 ? "" : k + 1 == names.size() ? lastJoin : ", ") + names[k];
  return list;
}

bool findAnyIntegrator(const std::string& name, Integrator& out) {
  for (const BackendInfo& backend : backends())
    if (const IntegratorInfo* info = backend.findIntegrator(name)) {
      out = info->integrator;
      return true;
    }
  return false;
}

std::string allIntegratorNames() {
  std::vector<std::string> names;
  for (const BackendInfo& backend : backends())
    for (const IntegratorInfo& info : backend.integrators)
      if (std::find(names.begin(), names.end(), info.integrator.name()) == names.end())
        names.push_back(info.integrator.name());
  std::string list;
  for (const std::string& name : names) list += (list.empty() ? "" : ", ") + name;
  return list;
}

ResolvedOptions resolveSolverOptions(const BackendInfo& backend, Integrator integrator, const SimulationDefaults& scene,
                                     const std::vector<std::string>& assignments) {
  return resolveSolverOptions(backend.name, backend.settings, integrator, scene, assignments);
}

SolverOptions sceneSolverOptions(const BackendInfo& backend, const Model& model, Integrator integrator) {
  ResolvedOptions resolved = resolveSolverOptions(backend, integrator, model.defaults);
  if (!resolved.ok()) throw std::invalid_argument(resolved.refusal);
  return resolved.options;
}

SolverOptions sceneSolverOptions(const BackendInfo& backend, const Model& model, const std::string& integrator) {
  if (integrator.empty()) return sceneSolverOptions(backend, model, Integrator{});
  Integrator found;
  if (!findAnyIntegrator(integrator, found))
    throw std::invalid_argument("unknown integrator '" + integrator + "' (expected one of: " + allIntegratorNames() +
                                ")");
  return sceneSolverOptions(backend, model, found);
}

void validateSceneChoices(const Model& model, bool usesSceneBackend, bool usesSceneIntegrator) {
  const SimulationDefaults& d = model.defaults;
  if (std::string refused = driftControlRefusal(d.driftControl); !refused.empty())
    throw SceneError(model.sourceFile, "/simulation/drift_control", refused);
  const BackendInfo* backend = findBackend(d.backend);
  if (!backend)
    throw SceneError(model.sourceFile, "/simulation/backend",
                     "unknown backend \"" + d.backend + "\"; expected one of: " + backendNames());
  Integrator integrator;
  if (!d.integrator.empty() && !findAnyIntegrator(d.integrator, integrator))
    throw SceneError(model.sourceFile, "/simulation/integrator",
                     "unknown integrator \"" + d.integrator + "\"; expected one of: " + allIntegratorNames());
  if (usesSceneBackend && usesSceneIntegrator && !d.integrator.empty() && !backend->findIntegrator(d.integrator))
    throw SceneError(model.sourceFile, "/simulation/integrator",
                     "integrator \"" + d.integrator + "\" is not offered by the scene's backend \"" + d.backend +
                         "\"; it offers: " + integratorListNames(backend->integrators));
  for (const SettingValue& value : d.solverSettings) {
    const std::string field = "/simulation/solver_settings/" + value.backend;
    const BackendInfo* owner = findBackend(value.backend);
    if (!owner) throw SceneError(model.sourceFile, field, "unknown backend; expected one of: " + backendNames());
    double checked = 0.0;
    if (std::string refused = owner->settings.check(value.backend, value, checked); !refused.empty())
      throw SceneError(model.sourceFile, field + "/" + value.name, refused);
  }
}

}  // namespace articulab
