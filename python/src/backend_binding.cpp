// articulab.backends(): the registry's own data (engine/solvers/registry.hpp), as dicts.
#include <pybind11/stl.h>

#include "engine/solvers/registry.hpp"
#include "python/src/bindings.hpp"

namespace articulab::python {

namespace {

py::dict integratorEntry(const IntegratorInfo& info, bool isDefault) {
  return py::dict(py::arg("name") = info.integrator.name(), py::arg("description") = info.description,
                  py::arg("default") = isDefault);
}

// kind: "real", "count", "on/off" or "choice"; default as a number (on/off: 1 for on; a choice: its
// value); choices: the names a choice takes (empty otherwise).
py::dict settingEntry(const SolverSetting& setting) {
  py::list choices;
  for (const SettingChoice& choice : setting.choices) choices.append(choiceToken(choice.name));
  return py::dict(py::arg("name") = setting.name, py::arg("kind") = settingKindName(setting.kind),
                  py::arg("default") = setting.defaultValue, py::arg("unit") = setting.unit,
                  py::arg("min") = setting.min, py::arg("max") = setting.max, py::arg("choices") = choices,
                  py::arg("description") = setting.description);
}

py::list backendList() {
  py::list list;
  for (const BackendInfo& info : backends()) {
    py::list integrators, settings;
    for (const IntegratorInfo& integrator : info.integrators)
      integrators.append(integratorEntry(integrator, &integrator == &info.integrators.front()));
    for (const SolverSetting& setting : info.settings) settings.append(settingEntry(setting));
    list.append(py::dict(py::arg("name") = info.name, py::arg("description") = info.description,
                         py::arg("integrators") = integrators, py::arg("settings") = settings));
  }
  return list;
}

}  // namespace

void bindBackends(py::module_& module) {
  module.def("backends", &backendList,
             "The back-ends, as `articulab backends` lists them: dicts of name, description, integrators (name, "
             "description, default: the first is the back-end's default) and settings (name, kind: real, count, on/off "
             "or choice, default, unit, min, max, choices, description), the values Run(settings={...}) takes.");
}

}  // namespace articulab::python
