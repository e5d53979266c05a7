// What a solver is created with (SolverOptions) and the one function that makes it: the
// scene's choices (SimulationDefaults: names and numbers as the file states them) and a run's
// own setting assignments, checked once into typed values (resolveSolverOptions). The registry
// (registry.hpp) has the same function for a BackendInfo.
#pragma once

#include <string>
#include <vector>

#include "engine/multibody/model.hpp"
#include "engine/solvers/drift_control.hpp"
#include "engine/solvers/integrator.hpp"
#include "engine/solvers/setting_table.hpp"

namespace articulab {

// Default-constructed: the back-end's default integrator, post-stabilisation with the default
// gains and every setting at its default.
struct SolverOptions {
  Integrator integrator;  // default-constructed: the back-end's default integrator
  // How constraint rows are kept satisfied (every joint in maximal coordinates, loop closures in
  // reduced coordinates).
  DriftControl driftControl = DriftControl::PostStabilization;
  double baumgarteAlpha = 10.0;  // 1/s (sueda eq 1.82)
  double baumgarteBeta = 10.0;   // 1/s (sueda eq 1.82)
  // The back-end's own settings, checked against its table; the back-end reads its typed struct
  // from them (SettingTable::read).
  BackendSettings settings;
};

struct ResolvedOptions {
  SolverOptions options;
  std::string refusal;  // empty when the options hold
  bool ok() const { return refusal.empty(); }
};

// TEXT as a value of back-end `backend`'s setting `name`: a number when all of TEXT reads as one,
// else a word ("newton", "on").
SettingValue settingValueFromText(const std::string& backend, const std::string& name, const std::string& text);
// "NAME=TEXT" (--setting) as settingValueFromText reads it. False without a '=', a NAME or a TEXT.
bool parseSettingAssignment(const std::string& backend, const std::string& text, SettingValue& out);

// The options of a solver of back-end `backend` (whose settings table is `settings`) with
// `integrator`: the scene's drift control and gains, its settings of this back-end, then
// `assignments` ("NAME=TEXT", replacing the scene's value of NAME), each checked with its kind.
// The refusal names what is wrong and what is expected: "unknown drift control ...", "expected
// NAME=VALUE, got '...'", or SettingList::check's. The integrator is not checked here: the
// back-end's supports() and factory refuse one it does not offer.
ResolvedOptions resolveSolverOptions(const std::string& backend, const SettingList& settings, Integrator integrator,
                                     const SimulationDefaults& scene, const std::vector<std::string>& assignments = {});

}  // namespace articulab
