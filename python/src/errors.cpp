#include "python/src/errors.hpp"

#include <initializer_list>
#include <utility>

#include "engine/io/scene_loader.hpp"
#include "python/src/bindings.hpp"

namespace articulab::python {

Diverged::Diverged(const Run& run)
    : std::runtime_error(run.failure()),
      backend(run.backend().name),
      integrator(run.plan().integrator.name()),
      reason(run.failureReason()),
      step(run.state().step),
      t(run.state().t) {}

namespace {

// The exception types, created once with the module and kept for the life of the process.
PyObject* sceneErrorType = nullptr;
PyObject* runRefusalType = nullptr;
PyObject* divergenceErrorType = nullptr;
PyObject* runWarningType = nullptr;

PyObject* addException(py::module_& module, const char* name, const char* doc, PyObject* base) {
  PyObject* type = PyErr_NewExceptionWithDoc((std::string("articulab.") + name).c_str(), doc, base, nullptr);
  if (!type) throw py::error_already_set();
  module.add_object(name, py::handle(type));
  return type;
}

using Attributes = std::initializer_list<std::pair<const char*, py::object>>;

// Raises an instance of type with the message and attributes.
void raise(PyObject* type, const std::string& message, Attributes attributes) {
  py::object instance = py::reinterpret_steal<py::object>(PyObject_CallFunction(type, "s", message.c_str()));
  if (!instance) return;  // the call's own error stays set
  for (const auto& [name, value] : attributes)
    if (PyObject_SetAttrString(instance.ptr(), name, value.ptr()) != 0) return;
  PyErr_SetObject(type, instance.ptr());
}

// The Python argument a RunRefusal's field stands for.
std::string argumentName(const std::string& field) { return field == "setting" ? "settings" : field; }

void translate(std::exception_ptr thrown) {
  try {
    std::rethrow_exception(thrown);
  } catch (const Diverged& e) {
    raise(divergenceErrorType, e.what(),
          {{"backend", py::str(e.backend)}, {"integrator", py::str(e.integrator)}, {"step", py::int_(e.step)},
           {"t", py::float_(e.t)}, {"reason", py::str(e.reason)}});
  } catch (const RunRefusal& e) {
    const std::string field = argumentName(e.field());
    raise(runRefusalType, field.empty() ? e.what() : field + ": " + e.what(),
          {{"field", py::str(field)}, {"reason", py::str(e.reason())}});
  } catch (const SceneError& e) {
    raise(sceneErrorType, e.what(),
          {{"file", py::str(e.file())}, {"pointer", py::str(e.pointer())}, {"message", py::str(e.message())}});
  }
}

}  // namespace

void warnRun(const std::string& message) {
  if (PyErr_WarnEx(runWarningType, message.c_str(), 1) != 0) throw py::error_already_set();
}

void bindErrors(py::module_& module) {
  sceneErrorType = addException(module, "SceneError",
                                "A scene that cannot be loaded: str() is 'FILE: POINTER: MESSAGE'; the attributes "
                                "file, pointer (the JSON pointer of the field) and message.",
                                PyExc_ValueError);
  runRefusalType = addException(module, "RunRefusal",
                                "A run that cannot start as asked: str() is 'ARGUMENT: MESSAGE' (as the CLI's "
                                "'--FLAG: MESSAGE'), or the back-end's refusal of the scene; the attributes field "
                                "(the argument, '' for the back-end's refusal) and reason.",
                                PyExc_ValueError);
  divergenceErrorType = addException(module, "DivergenceError",
                                     "A run that failed or diverged: str() is 'BACKEND (INTEGRATOR) at step N (t = T s): "
                                     "WHAT'; the attributes backend, integrator, step, t and reason (WHAT). The run "
                                     "takes no further step until reset() or a state is set.",
                                     PyExc_RuntimeError);
  runWarningType = addException(module, "RunWarning",
                                 "What a run warns of as it starts (the CLI's 'warning: ...'): an integrator "
                                 "replaced, what the back-end ignores, slow steps ahead.",
                                 PyExc_UserWarning);
  py::register_exception_translator(translate);
}

}  // namespace articulab::python
