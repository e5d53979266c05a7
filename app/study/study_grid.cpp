#include "app/study/study_grid.hpp"

#include <cstdint>
#include <cstdio>

#include "engine/io/json_layout.hpp"

namespace articulab::study {

namespace {

using scene_io::exactNumber;

// Every point of the grid: the product of the parameters' values, the last parameter fastest.
std::vector<ParameterOverrides> gridPoints(const StudyScene& scene) {
  std::vector<ParameterOverrides> points{{}};
  for (const auto& [name, values] : scene.grid) {
    std::vector<ParameterOverrides> next;
    for (const ParameterOverrides& point : points)
      for (double value : values) {
        ParameterOverrides p = point;
        p[name] = value;
        next.push_back(std::move(p));
      }
    points = std::move(next);
  }
  return points;
}

std::string overridesText(const ParameterOverrides& parameters) {
  std::string text;
  for (const auto& [name, value] : parameters) text += (text.empty() ? "" : " ") + name + "=" + exactNumber(value);
  return text;
}

}  // namespace

std::string StudyCase::parametersText() const { return overridesText(parameters); }

std::string hashId(const std::string& text) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
  return out;
}

std::string sceneKey(const Study& study, const StudyCase& c) {
  return study.scenes[c.scene].file + "|" + c.parametersText();
}

std::string caseSceneText(const Study& study, const StudyCase& c) {
  const std::string parameters = c.parametersText();
  return "scene " + study.scenes[c.scene].file + (parameters.empty() ? " at its own parameters" : " with " + parameters);
}

std::vector<StudyCase> expandStudy(const Study& study) {
  std::vector<StudyCase> cases;
  for (std::size_t s = 0; s < study.scenes.size(); ++s)
    for (const ParameterOverrides& point : gridPoints(study.scenes[s]))
      for (const session::RunSpec& spec : study.runs) {
        // A spec with its own @dt keeps it; the others take every step of the study.
        const std::vector<double> dts = spec.dt > 0.0 || study.dts.empty() ? std::vector<double>{spec.dt} : study.dts;
        for (double dt : dts) {
          StudyCase c;
          c.index = cases.size();
          c.scene = s;
          c.parameters = point;
          c.run = spec;
          c.run.dt = dt;
          c.key = study.scenes[s].file + "|" + overridesText(point) + "|" + spec.text + "|dt=" + exactNumber(dt);
          c.id = hashId(c.key);
          cases.push_back(std::move(c));
        }
      }
  return cases;
}

}  // namespace articulab::study
