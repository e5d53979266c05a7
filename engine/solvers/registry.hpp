// The list of back-ends, by name: their integrators, their own settings and their factory.
// Adding a back-end (with integrators of its own) touches its folder and registry.cpp only.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/solvers/solver.hpp"

namespace articulab {

// A back-end's check whether it runs a model: with explicit options (an integrator it does
// not offer is refused, naming the ones it has; so is a setting it does not have or a value out
// of the setting's range), or with the scene's defaults (the scene's
// integrator if the back-end offers it, else its default with a warning; chooseSceneIntegrator).
class BackendSupport {
 public:
  BackendSupport(std::string backend, const IntegratorList* integrators, const SolverSettingList* settings,
                 SupportCheck check)
      : backend_(std::move(backend)), integrators_(integrators), settings_(settings), check_(check) {}
  SolverSupport operator()(const Model& model, const SolverOptions& options) const;
  SolverSupport operator()(const Model& model) const;
  // The integrator a run of the model uses without an explicit choice (`wanted` carried over,
  // by default the scene's), and the support of it (chooseSceneIntegrator).
  SceneIntegratorChoice choose(const Model& model) const;
  SceneIntegratorChoice choose(const Model& model, const std::string& wanted) const;

 private:
  std::string backend_;
  const IntegratorList* integrators_;
  const SolverSettingList* settings_;
  SupportCheck check_;
};

struct BackendInfo {
  std::string name;         // as used on the command line and in scene files
  std::string description;  // one line for listings
  const IntegratorList& integrators;  // the first is the default
  const SolverSettingList& settings;
  BackendSupport supports;
  // Throws std::invalid_argument (with the refusal) for an integrator the back-end does not
  // offer or a setting it refuses; a default-constructed integrator stands for the back-end's
  // default.
  std::function<std::unique_ptr<Solver>(const Model&, const SolverOptions&)> create;

  const IntegratorInfo* findIntegrator(const std::string& name) const;
};

const std::vector<BackendInfo>& backends();
// The back-end with this name, or nullptr.
const BackendInfo* findBackend(const std::string& name);
// Comma-separated names, for error messages.
std::string backendNames();
// Every integrator some back-end offers, by name; false for a name none offers.
bool findAnyIntegrator(const std::string& name, Integrator& out);
// Their names, comma-separated, in the order the back-ends list them.
std::string allIntegratorNames();

// Checks the back-end and integrator names of a scene (SimulationDefaults) where a run is
// created: unknown names, and a scene integrator its own back-end does not offer when the run
// uses both, and the solver settings (a back-end and setting that exist, a value in range).
// Throws SceneError naming the scene file and the field (/simulation/backend,
// /simulation/integrator or /simulation/solver_settings/BACKEND/NAME).
void validateSceneChoices(const Model& model, bool usesSceneBackend, bool usesSceneIntegrator);

}  // namespace articulab
