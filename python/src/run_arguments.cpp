#include "python/src/run_arguments.hpp"

#include "python/src/arrays.hpp"
#include "python/src/errors.hpp"

namespace articulab::python {

std::string typeName(py::handle value) { return py::str(py::type::of(value).attr("__name__")); }

namespace {

std::vector<SettingRequest> settingRequests(py::handle settings) {
  if (settings.is_none()) return {};
  if (!py::isinstance<py::dict>(settings))
    throw InputError("settings", "expected a dict of setting names and values, got " + typeName(settings));
  std::vector<SettingRequest> requests;
  for (const auto& [key, value] : settings.cast<py::dict>()) {
    if (!py::isinstance<py::str>(key)) throw InputError("settings", "expected setting names as str, got " + typeName(key));
    const std::string name = key.cast<std::string>();
    requests.push_back({"", name, settingText(name, value)});
  }
  return requests;
}

// RunRequest takes 0 for the scene's value; an explicit 0 is refused as the engine refuses a
// negative value.
double positive(const char* field, const std::optional<double>& value) {
  if (!value) return 0.0;
  if (*value == 0.0) throw RunRefusal(field, "expected a finite number > 0, got 0");
  return *value;
}

// q0 or qd0: none for the scene's; an empty sequence is refused rather than taken for none.
std::vector<double> initialValues(py::handle value, const char* field) {
  if (value.is_none()) return {};
  std::vector<double> values = numbersFrom(value, field);
  if (values.empty()) throw InputError(field, "expected one value per coordinate or one value, got none");
  return values;
}

}  // namespace

std::string settingText(const std::string& name, py::handle value) {
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>() ? "1" : "0";
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  if (py::isinstance<py::int_>(value)) return py::str(value);
  if (py::isinstance<py::float_>(value) || PyNumber_Check(value.ptr())) return py::repr(py::float_(py::reinterpret_borrow<py::object>(value)));
  throw InputError("settings", "setting '" + name + "': expected a number or a name, got " + typeName(value));
}

RunRequest requestFrom(const RunArguments& arguments) {
  RunRequest request;
  if (arguments.backend) request.backend = *arguments.backend;
  if (arguments.integrator) request.requireIntegrator(*arguments.integrator);
  request.dt = positive("dt", arguments.dt);
  request.duration = positive("duration", arguments.duration);
  request.settings = settingRequests(arguments.settings);
  request.q0 = initialValues(arguments.q0, "q0");
  request.qd0 = initialValues(arguments.qd0, "qd0");
  request.watchEnergy = arguments.watchEnergy;
  if (arguments.onBlowUp != "stop" && arguments.onBlowUp != "warn")
    throw InputError("on_blow_up", "expected stop or warn, got '" + arguments.onBlowUp + "'");
  request.stopOnBlowUp = arguments.onBlowUp == "stop";
  return request;
}

}  // namespace articulab::python
