#include "engine/solvers/solver_settings.hpp"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace articulab {

namespace {

// Counts (iterations, steps, directions), switches (on/off) and choices ("0 a | 1 b") take whole numbers.
bool settingTakesWholeNumbers(const SolverSetting& setting) {
  const std::string unit = setting.unit;
  return unit == "iterations" || unit == "steps" || unit == "directions" || unit == "on/off" ||
         unit.find(" | ") != std::string::npos;
}

const SolverSetting* findSetting(const SolverSettingList& list, const std::string& name) {
  for (const SolverSetting& setting : list)
    if (name == setting.name) return &setting;
  return nullptr;
}

std::string settingValueText(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

}  // namespace

double settingValue(const SolverOptions& options, const char* backend, const SolverSettingList& list,
                    const char* name) {
  for (const SettingValue& value : options.settings)
    if (value.backend == backend && value.name == name) return value.value;
  const SolverSetting* setting = findSetting(list, name);
  if (!setting) throw std::logic_error(std::string("back-end '") + backend + "' lists no setting '" + name + "'");
  return setting->value;
}

std::string checkSettings(const std::string& backend, const SolverSettingList& list,
                          const std::vector<SettingValue>& values) {
  for (const SettingValue& value : values) {
    if (value.backend != backend) continue;
    const SolverSetting* setting = findSetting(list, value.name);
    if (!setting)
      return "back-end '" + backend + "' has no setting '" + value.name + "'; its settings: " + settingNames(list);
    if (!(value.value >= setting->min && value.value <= setting->max))
      return "setting '" + value.name + "' of back-end '" + backend + "' must be in [" + settingValueText(setting->min) + ", " +
             settingValueText(setting->max) + "] (" + setting->unit + "); got " + settingValueText(value.value);
    if (settingTakesWholeNumbers(*setting) && value.value != std::round(value.value))
      return "setting '" + value.name + "' of back-end '" + backend + "' takes a whole number (" + setting->unit +
             "); got " + settingValueText(value.value);
  }
  return "";
}

std::string settingNames(const SolverSettingList& list) {
  std::string names;
  for (const SolverSetting& setting : list) names += (names.empty() ? "" : ", ") + std::string(setting.name);
  return names.empty() ? "none" : names;
}

void assignSetting(std::vector<SettingValue>& values, const std::string& backend, const std::string& name,
                   double value) {
  for (SettingValue& existing : values)
    if (existing.backend == backend && existing.name == name) {
      existing.value = value;
      return;
    }
  values.push_back({backend, name, value});
}

}  // namespace articulab
