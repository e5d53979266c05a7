#include "engine/solvers/solver_options.hpp"

#include <cmath>
#include <cstdlib>

namespace articulab {

SettingValue settingValueFromText(const std::string& backend, const std::string& name, const std::string& text) {
  if (text.empty()) return {backend, name, std::nan(""), ""};  // refused by every setting's range
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (!text.empty() && end == text.c_str() + text.size()) return {backend, name, value, ""};
  return {backend, name, 0.0, text};
}

bool parseSettingAssignment(const std::string& backend, const std::string& text, SettingValue& out) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) return false;
  out = settingValueFromText(backend, text.substr(0, eq), text.substr(eq + 1));
  return true;
}

ResolvedOptions resolveSolverOptions(const std::string& backend, const SettingList& settings, Integrator integrator,
                                     const SimulationDefaults& scene, const std::vector<std::string>& assignments) {
  ResolvedOptions out;
  SolverOptions& options = out.options;
  options.integrator = integrator;
  out.refusal = driftControlRefusal(scene.driftControl);
  if (!out.ok()) return out;
  parseDriftControl(scene.driftControl, options.driftControl);
  options.baumgarteAlpha = scene.baumgarteAlpha;
  options.baumgarteBeta = scene.baumgarteBeta;
  std::vector<SettingValue> values = scene.solverSettings;
  for (const std::string& text : assignments) {
    values.emplace_back();
    if (!parseSettingAssignment(backend, text, values.back())) {
      out.refusal = "expected NAME=VALUE, got '" + text + "'";
      return out;
    }
  }
  out.refusal = settings.validate(backend, values, options.settings);
  return out;
}

}  // namespace articulab
