// The list of back-ends. Each back-end declares its entry in its own folder
// (engine/solvers/<name>/<name>_backend.hpp): its integrators, its settings table, its
// capabilities (what it simulates, its step cost, its workspace), its support check and its
// factory. Adding a back-end touches its folder and the list in registry.cpp; code outside the
// back-end folders asks an entry's capabilities, never compares back-end names.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/solvers/backend_capabilities.hpp"
#include "engine/solvers/setting_table.hpp"
#include "engine/solvers/solver.hpp"

namespace articulab {

// The integrator a run uses on a back-end when the integrator comes from the scene (or, in the
// app, carries over from another back-end), and the back-end's support of it (BackendSupport::
// choose): `wanted` ("" for the default) when the back-end offers it and can use it on the
// model; otherwise the back-end's default for the model (the first of its default order it can
// use, BackendCapabilities::defaultOrder), with a warning "integrator '...' is not used: <why>;
// the run uses <default>". An integrator asked for explicitly (command line, integrator box,
// script) is never replaced: it is checked with supports(model, options) and refused.
struct SceneIntegratorChoice {
  Integrator integrator;
  SolverSupport support;
};

// A back-end's check whether it runs a model: with explicit options (an integrator it does not
// offer is refused, naming the ones it has), or with the scene's choices (the scene's integrator
// if the back-end offers it, else its default with a warning; the scene's drift control and
// settings, resolveSolverOptions). What the capabilities say comes first: a back-end without
// joint friction refuses a model that has it; one without body contact warns that bodies pass
// through each other.
class BackendSupport {
 public:
  BackendSupport(std::string backend, const IntegratorList* integrators, const SettingList* settings,
                 const BackendCapabilities* capabilities, SupportCheck check)
      : backend_(std::move(backend)),
        integrators_(integrators),
        settings_(settings),
        capabilities_(capabilities),
        check_(check) {}
  SolverSupport operator()(const Model& model, const SolverOptions& options) const;
  // With the scene's drift control and settings and `integrator` asked for explicitly.
  SolverSupport operator()(const Model& model, Integrator integrator) const;
  SolverSupport operator()(const Model& model) const;
  // The integrator a run of the model uses without an explicit choice (`wanted` carried over,
  // by default the scene's), and the support of it, with the run's setting `assignments`
  // ("NAME=TEXT", resolveSolverOptions) beside the scene's.
  SceneIntegratorChoice choose(const Model& model) const;
  SceneIntegratorChoice choose(const Model& model, const std::string& wanted,
                               const std::vector<std::string>& assignments = {}) const;

 private:
  // The capabilities' refusal, else the back-end's own check.
  SolverSupport check(const Model& model, const SolverOptions& options) const;
  // The back-end's default on the model: the first of its default order (BackendCapabilities::
  // defaultOrder, else its list) that check passes with `options`; the first when none does.
  Integrator defaultIntegrator(const Model& model, SolverOptions options) const;
  void warnOfBodyContact(const Model& model, SolverSupport& support) const;

  std::string backend_;
  const IntegratorList* integrators_;
  const SettingList* settings_;
  const BackendCapabilities* capabilities_;
  SupportCheck check_;
};

using SolverFactory = std::function<std::unique_ptr<Solver>(const Model&, const SolverOptions&)>;

struct BackendInfo {
  std::string name;         // as used on the command line and in scene files
  std::string description;  // one line for listings
  const IntegratorList& integrators;  // the first is the default
  const SettingList& settings;        // the back-end's table (setting_table.hpp)
  const BackendCapabilities& capabilities;
  BackendSupport supports;
  // Throws std::invalid_argument (with the refusal) for an integrator the back-end does not
  // offer or settings resolved for another back-end; a default-constructed integrator stands
  // for the back-end's default.
  SolverFactory create;

  const IntegratorInfo* findIntegrator(const std::string& name) const;
};

// `make` behind the factory's checks (BackendInfo::create).
SolverFactory checkedFactory(const std::string& backend, const IntegratorList& integrators, const SettingList& settings,
                             SolverFactory make);

// The registry entry of a back-end whose Solver class is BackEnd (constructed from a model and
// options), made in the back-end's folder.
template <class BackEnd>
BackendInfo backendEntry(const char* name, const char* description, const IntegratorList& integrators,
                         const SettingList& settings, const BackendCapabilities& capabilities, SupportCheck check) {
  return {name,
          description,
          integrators,
          settings,
          capabilities,
          BackendSupport(name, &integrators, &settings, &capabilities, check),
          checkedFactory(name, integrators, settings,
                         [](const Model& model, const SolverOptions& options) -> std::unique_ptr<Solver> {
                           return std::make_unique<BackEnd>(model, options);
                         })};
}

const std::vector<BackendInfo>& backends();
// The back-end with this name, or nullptr.
const BackendInfo* findBackend(const std::string& name);
// Comma-separated names, for error messages.
std::string backendNames();
// The names of the back-ends whose capabilities have `capability`, in the registry's order,
// the last two joined by `lastJoin`: "redmax, recursive" (", "), "redmax, recursive and baraff".
std::string backendNamesWith(bool BackendCapabilities::*capability, const char* lastJoin);
// Every integrator some back-end offers, by name; false for a name none offers.
bool findAnyIntegrator(const std::string& name, Integrator& out);
// Their names, comma-separated, in the order the back-ends list them.
std::string allIntegratorNames();

// The options of a solver of `backend` (solver_options.hpp: the one function that makes them):
// the scene's drift control, gains and settings of this back-end, then `assignments`
// ("NAME=TEXT" from the command line or the app), each checked with its kind; or the refusal.
ResolvedOptions resolveSolverOptions(const BackendInfo& backend, Integrator integrator, const SimulationDefaults& scene,
                                     const std::vector<std::string>& assignments = {});
// The same with only the scene's choices, for a model whose choices validateSceneChoices
// checked: throws std::invalid_argument with the refusal otherwise. With an integrator named as
// in a scene file ("" for the back-end's default), throws std::invalid_argument for a name no
// back-end offers.
SolverOptions sceneSolverOptions(const BackendInfo& backend, const Model& model, Integrator integrator = {});
SolverOptions sceneSolverOptions(const BackendInfo& backend, const Model& model, const std::string& integrator);

// Checks the choices of a scene (SimulationDefaults) where a run is created: unknown back-end,
// integrator and drift control names, a scene integrator its own back-end does not offer when
// the run uses both, and the solver settings (a back-end and setting that exist, a value its
// kind takes). Throws SceneError naming the scene file and the field (/simulation/backend,
// /simulation/integrator, /simulation/drift_control or
// /simulation/solver_settings/BACKEND/NAME).
void validateSceneChoices(const Model& model, bool usesSceneBackend, bool usesSceneIntegrator);

}  // namespace articulab
