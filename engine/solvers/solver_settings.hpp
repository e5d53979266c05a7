// A back-end's own settings (tolerances, iteration caps), listed with their ranges in its
// registry entry (SolverSetting) and given values by scene files, the CLI and the app
// (SettingValue in SolverOptions).
#pragma once

#include <string>
#include <vector>

#include "engine/solvers/solver.hpp"

namespace articulab {

// The value options give the setting `name` of `backend`, else its default from list (the
// setting must be in list).
double settingValue(const SolverOptions& options, const char* backend, const SolverSettingList& list,
                    const char* name);

// Empty if every value of `backend` in values names a setting of list within its range; else
// the refusal, e.g. "back-end 'recursive' has no setting 'tol'; its settings: gmres-tolerance,
// gmres-iterations" or "setting 'gmres-tolerance' of back-end 'recursive' must be in [1e-14, 0.0001]
// (relative); got 1"; counts, switches and choices also take whole numbers only.
std::string checkSettings(const std::string& backend, const SolverSettingList& list,
                          const std::vector<SettingValue>& values);

// "gmres-tolerance, gmres-iterations" ("none" for an empty list).
std::string settingNames(const SolverSettingList& list);

// Sets (or replaces) the value of backend's setting name in values.
void assignSetting(std::vector<SettingValue>& values, const std::string& backend, const std::string& name,
                   double value);

}  // namespace articulab
