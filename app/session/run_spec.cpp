#include "app/session/run_spec.hpp"

#include <cmath>

#include "engine/io/number_text.hpp"

namespace articulab::session {

namespace {

using scene_io::shortNumber;

double parseStep(const std::string& part, const std::string& value) {
  std::size_t used = 0;
  double dt = 0.0;
  try {
    dt = std::stod(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != value.size() || !std::isfinite(dt) || dt <= 0.0)
    throw RunSpecError("'" + part + "': dt must be a positive number of seconds, got '" + value + "'");
  return dt;
}

// "@NAME=VALUE": the step size or a setting of the run's back-end.
void parseOption(const std::string& part, RunSpec& spec) {
  const std::size_t equals = part.find('=');
  if (equals == std::string::npos || equals == 1 || equals + 1 == part.size())
    throw RunSpecError("'" + part + "': expected @dt=SECONDS or @SETTING=VALUE");
  const std::string name = part.substr(1, equals - 1), value = part.substr(equals + 1);
  if (name == "dt") spec.dt = parseStep(part, value);
  else spec.settings.push_back({spec.backend, name, value});
}

std::string trimmed(const std::string& text) {
  const std::size_t first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

}  // namespace

RunSpec parseRunSpec(const std::string& written) {
  RunSpec spec;
  spec.text = trimmed(written);
  const std::size_t at = spec.text.find('@');
  const std::string head = spec.text.substr(0, at);
  const std::size_t colon = head.find(':');
  spec.backend = head.substr(0, colon);
  if (spec.backend.empty())
    throw RunSpecError("'" + spec.text + "': a run starts with a back-end (BACKEND[:INTEGRATOR][@dt=SECONDS][@SETTING=VALUE])");
  if (colon != std::string::npos) {
    spec.integrator = head.substr(colon + 1);
    if (spec.integrator.empty()) throw RunSpecError("'" + head + "': an integrator name is missing after ':'");
  }
  for (std::size_t from = at; from != std::string::npos && from < spec.text.size();) {
    const std::size_t next = spec.text.find('@', from + 1);
    parseOption(spec.text.substr(from, next == std::string::npos ? std::string::npos : next - from), spec);
    from = next;
  }
  return spec;
}

std::vector<RunSpec> parseRunSpecList(const std::string& text) {
  std::vector<RunSpec> specs;
  std::size_t from = 0;
  for (int index = 1;; ++index) {
    const std::size_t comma = text.find(',', from);
    const std::string part = text.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
    try {
      specs.push_back(parseRunSpec(part));
    } catch (const RunSpecError& e) {
      throw RunSpecError("run " + std::to_string(index) + " '" + trimmed(part) + "': " + e.what());
    }
    if (comma == std::string::npos) break;
    from = comma + 1;
  }
  return specs;
}

RunRequest specRequest(const RunSpec& spec, RunRequest base) {
  base.backend = spec.backend;
  if (!spec.integrator.empty()) base.requireIntegrator(spec.integrator);
  if (spec.dt > 0.0) base.dt = spec.dt;
  base.settings.insert(base.settings.end(), spec.settings.begin(), spec.settings.end());
  return base;
}

std::string runLabel(const RunPlan& plan) {
  std::string label = plan.backend->name + " " + plan.integrator.name() + ", dt " + shortNumber(plan.dt) + " s";
  for (const std::string& setting : plan.settingsText()) label += ", " + setting;
  return label;
}

std::string stretchedLabel(const std::vector<Segment>& stretches, const std::string& label) {
  if (stretches.size() < 2) return label;
  std::string out;
  for (std::size_t i = 0; i + 1 < stretches.size(); ++i)
    out += stretches[i].label + " " + stretchText(stretches[i]) + " " + shortNumber(stretches[i].start) + "-" +
           shortNumber(stretches[i + 1].start) + " s, then ";
  return out + label + " from " + shortNumber(stretches.back().start) + " s";
}

RunNameParts nameParts(const RunPlan& plan) { return {plan.backend->name, plan.integrator.name(), plan.dt}; }

std::vector<std::string> runNames(const std::vector<RunNameParts>& runs) {
  const auto named = [&](int level, std::size_t i) {
    std::string name = runs[i].backend;
    if (level >= 1) name += "-" + runs[i].integrator;
    if (level >= 2) name += "-dt" + shortNumber(runs[i].dt);
    if (level >= 3) name += "-" + std::to_string(i + 1);
    return name;
  };
  std::vector<std::string> names(runs.size());
  for (std::size_t i = 0; i < runs.size(); ++i) {
    for (int level = 0; level <= 3; ++level) {
      names[i] = named(level, i);
      bool shared = false;
      for (std::size_t j = 0; j < runs.size() && !shared; ++j) shared = j != i && named(level, j) == names[i];
      if (!shared) break;
    }
  }
  return names;
}

}  // namespace articulab::session
