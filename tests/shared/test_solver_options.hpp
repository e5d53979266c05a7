// Solver options for tests and benchmarks, made by the one function that makes them
// (resolveSolverOptions, engine/solvers/registry.hpp): settings given as on the command line, by
// name. Header only, engine only (the benchmarks link no test library).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "engine/solvers/registry.hpp"

namespace articulab::test {

// Options of `backend` with `integrator`, `drift` (default gains) and `settings` ("NAME=VALUE");
// throws std::invalid_argument with the refusal.
inline SolverOptions settingOptions(const std::string& backend, Integrator integrator, DriftControl drift,
                                    const std::vector<std::string>& settings) {
  const BackendInfo* info = findBackend(backend);
  if (!info) throw std::invalid_argument("unknown back-end '" + backend + "'");
  SimulationDefaults scene;
  scene.driftControl = driftControlName(drift);
  ResolvedOptions resolved = resolveSolverOptions(*info, integrator, scene, settings);
  if (!resolved.ok()) throw std::invalid_argument(resolved.refusal);
  return resolved.options;
}

// The options of a run of `model` on `backend` with the scene's choices (sceneSolverOptions).
inline SolverOptions sceneOptions(const std::string& backend, const Model& model, Integrator integrator) {
  const BackendInfo* info = findBackend(backend);
  if (!info) throw std::invalid_argument("unknown back-end '" + backend + "'");
  return sceneSolverOptions(*info, model, integrator);
}
inline SolverOptions sceneOptions(const std::string& backend, const Model& model, const std::string& integrator) {
  const BackendInfo* info = findBackend(backend);
  if (!info) throw std::invalid_argument("unknown back-end '" + backend + "'");
  return sceneSolverOptions(*info, model, integrator);
}

// `options` (default settings or settings of `backend`) with `backend`'s setting `name` set to
// `value` besides those it has; its integrator, drift control and gains kept.
inline SolverOptions withSetting(const SolverOptions& options, const std::string& backend, const std::string& name,
                                 double value) {
  const BackendInfo* info = findBackend(backend);
  if (!info) throw std::invalid_argument("unknown back-end '" + backend + "'");
  if (options.settings.list() && options.settings.list() != &info->settings)
    throw std::invalid_argument("the options hold settings of another back-end than '" + backend + "'");
  std::vector<std::string> settings;
  for (const BackendSettings::Given& given : options.settings.given())
    settings.push_back(std::string(info->settings.rows()[static_cast<std::size_t>(given.index)].name) + "=" +
                       exactNumberText(given.value));
  settings.push_back(name + "=" + exactNumberText(value));
  SolverOptions out = settingOptions(backend, options.integrator, options.driftControl, settings);
  out.baumgarteAlpha = options.baumgarteAlpha;
  out.baumgarteBeta = options.baumgarteBeta;
  return out;
}

}  // namespace articulab::test
