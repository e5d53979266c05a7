// articulab.compare (the package's compare() wraps it): runs of one scene side by side through
// the comparison the CLI's compare uses (app/compare), the GIL released while they step; the
// table as one dict per run with the fields of `articulab compare --json`.
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include <pybind11/stl.h>

#include "app/compare/comparison.hpp"
#include "python/src/bindings.hpp"
#include "python/src/errors.hpp"
#include "python/src/run_arguments.hpp"
#include "python/src/scene.hpp"

namespace articulab::python {

namespace {

// A run given as a dict {backend, integrator, dt, settings} written as the run spec
// BACKEND[:INTEGRATOR][@dt=SECONDS][@SETTING=VALUE]..., which the spec parser then checks.
std::string specText(const py::dict& run, std::size_t index) {
  const std::string place = "run " + std::to_string(index + 1) + ": ";
  for (const auto& [key, value] : run) {
    const std::string name = py::str(key);
    if (name != "backend" && name != "integrator" && name != "dt" && name != "settings")
      throw InputError("runs", place + "unknown key '" + name + "' (expected backend, integrator, dt, settings)");
  }
  if (!run.contains("backend") || !py::isinstance<py::str>(run["backend"]))
    throw InputError("runs", place + "expected the back-end's name as the str 'backend'");
  std::string text = run["backend"].cast<std::string>();
  if (run.contains("integrator") && !run["integrator"].is_none()) {
    if (!py::isinstance<py::str>(run["integrator"])) throw InputError("runs", place + "expected 'integrator' as a str");
    text += ":" + run["integrator"].cast<std::string>();
  }
  if (run.contains("dt") && !run["dt"].is_none()) {
    const py::object dt = run["dt"];
    if (!PyNumber_Check(dt.ptr()) || py::isinstance<py::bool_>(dt))
      throw InputError("runs", place + "expected 'dt' as a number of seconds, got " + typeName(dt));
    text += "@dt=" + std::string(py::repr(py::float_(dt)));
  }
  if (run.contains("settings") && !run["settings"].is_none()) {
    const py::object settings = run["settings"];
    if (!py::isinstance<py::dict>(settings))
      throw InputError("runs", place + "expected 'settings' as a dict of setting names and values, got " + typeName(settings));
    for (const auto& [key, value] : settings.cast<py::dict>()) {
      const std::string name = py::str(key);
      text += "@" + name + "=" + settingText(name, value);
    }
  }
  return text;
}

// The runs as specs: a str is a spec (or several, separated by commas, as the CLI's --runs
// takes them), a dict one run.
std::vector<session::RunSpec> runSpecs(const py::sequence& runs) {
  std::vector<std::string> texts;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const py::object run = runs[i];
    if (py::isinstance<py::str>(run)) texts.push_back(run.cast<std::string>());
    else if (py::isinstance<py::dict>(run)) texts.push_back(specText(run.cast<py::dict>(), i));
    else throw InputError("runs", "run " + std::to_string(i + 1) + ": expected a run spec (str) or a dict, got " + typeName(run));
  }
  if (texts.empty()) throw InputError("runs", "expected at least one run, got none");
  // One list as the CLI's --runs takes it, so that an error names the run by the same number.
  std::string list;
  for (const std::string& text : texts) list += (list.empty() ? "" : ",") + text;
  try {
    return session::parseRunSpecList(list);
  } catch (const session::RunSpecError& e) {
    throw InputError("runs", e.what());
  }
}

py::object value(const std::string& v) { return py::str(v); }
py::object value(double v) { return std::isfinite(v) ? py::object(py::float_(v)) : py::object(py::none()); }
py::object value(long v) { return py::int_(v); }
template <class T>
py::object value(const std::optional<T>& v) {
  return v ? value(*v) : py::none();
}

py::dict rowDict(const compare::TableRow& row) {
  py::dict out;
  compare::visitFields(row, [&](const char* name, const auto& v) { out[name] = value(v); }, [] {});
  return out;
}

py::list compareRuns(const Scene& scene, const py::sequence& runs, std::optional<double> duration,
                     const std::string& reference, const std::string& onBlowUp, long every) {
  if (every < 1) throw InputError("every", "expected a number of steps >= 1, got " + std::to_string(every));
  const std::vector<session::RunSpec> specs = runSpecs(runs);
  RunArguments arguments;
  arguments.duration = duration;
  arguments.onBlowUp = onBlowUp;
  const RunRequest base = requestFrom(arguments);
  std::vector<compare::ComparedRun> compared;
  std::size_t referenceRun = 0;
  try {
    compared = compare::startRuns(scene.model, specs, base, warnRun);
    referenceRun = compare::referenceIndex(reference, compared);
  } catch (const compare::ComparisonError& e) {
    throw InputError(e.field(), e.what());
  }
  session::TimeSeries series = compare::comparisonSeries(compared);
  {
    py::gil_scoped_release released;
    compare::runAll(compared, referenceRun, series, RecorderColumns{}, every);
  }
  py::list table;
  for (const compare::ComparedRun& run : compared) table.append(rowDict(compare::tableRow(run)));
  return table;
}

}  // namespace

void bindCompare(py::module_& module) {
  module.def("_compare", &compareRuns, py::arg("scene"), py::arg("runs"), py::arg("duration") = py::none(),
             py::arg("reference") = "", py::arg("on_blow_up") = "stop", py::arg("every") = 1,
             "The table of `articulab compare --json` of the runs (see articulab.compare).");
}

}  // namespace articulab::python
