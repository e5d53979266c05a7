#include "engine/solvers/drift_control.hpp"

namespace articulab {

namespace {
constexpr DriftControl kDriftControls[] = {DriftControl::None, DriftControl::Baumgarte, DriftControl::PostStabilization};
}  // namespace

const char* driftControlName(DriftControl drift) {
  switch (drift) {
    case DriftControl::None: return "none";
    case DriftControl::Baumgarte: return "baumgarte";
    case DriftControl::PostStabilization: return "post-stabilization";
  }
  return "?";
}

bool parseDriftControl(const std::string& name, DriftControl& out) {
  for (DriftControl drift : kDriftControls) {
    if (name == driftControlName(drift)) {
      out = drift;
      return true;
    }
  }
  return false;
}

std::string driftControlRefusal(const std::string& name) {
  DriftControl drift;
  if (parseDriftControl(name, drift)) return "";
  std::string names;
  for (DriftControl known : kDriftControls) names += (names.empty() ? "" : ", ") + std::string(driftControlName(known));
  return "unknown drift control \"" + name + "\"; expected one of: " + names;
}

}  // namespace articulab
