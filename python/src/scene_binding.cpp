// articulab.Scene and the loaders behind articulab.load: the scene loader (engine/io), its
// description, which back-ends run it (resolveRun, as `articulab describe`), and the writer.
#include <pybind11/stl.h>

#include <optional>

#include "engine/diagnostics/channel_catalog.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/io/scene_writer.hpp"
#include "engine/run/run_plan.hpp"
#include "python/src/arrays.hpp"
#include "python/src/errors.hpp"
#include "python/src/scene.hpp"

namespace articulab::python {

namespace {

Scene sceneOf(Model model) { return {std::make_shared<const Model>(std::move(model))}; }

std::string bodyName(const Model& model, int body) { return body < 0 ? "world" : model.bodies[body].name; }

template <class Items>
py::list namesOf(const Items& items) {
  py::list names;
  for (const auto& item : items) names.append(item.name);
  return names;
}

// Each coordinate's name: the q channel's without "q_" ("crank_pivot_0").
py::list coordinateNames(const Model& model) {
  py::list names;
  for (const ChannelDef& channel : channelCatalog(model))
    if (channel.group == "q") names.append(channel.name.substr(2));
  return names;
}

py::list channelList(const Model& model) {
  py::list channels;
  for (const ChannelDef& channel : channelCatalog(model))
    channels.append(py::dict(py::arg("name") = channel.name, py::arg("unit") = channel.unit,
                             py::arg("group") = channel.group));
  return channels;
}

py::dict defaultsOf(const Model& model) {
  const SimulationDefaults& d = model.defaults;
  return py::dict(py::arg("backend") = d.backend,
                  py::arg("integrator") = d.integrator.empty() ? py::object(py::none()) : py::str(d.integrator),
                  py::arg("dt") = d.dt, py::arg("duration") = d.duration);
}

// Whether a back-end runs the scene as the scene asks (its integrator where the back-end offers
// it), with which integrator, which integrators it could use, and its warnings and notes.
py::dict backendSupport(const Model& model, const BackendInfo& info) {
  RunRequest request;
  request.backend = info.name;
  py::dict entry(py::arg("name") = info.name);
  try {
    const RunPlan plan = resolveRun(model, request);
    entry["runs"] = true;
    entry["reason"] = py::none();
    entry["integrator"] = plan.integrator.name();
    entry["warnings"] = plan.support.warnings;
    entry["notes"] = plan.support.notes;
  } catch (const RunRefusal& refused) {
    entry["runs"] = false;
    entry["reason"] = refused.reason();
    entry["integrator"] = py::none();
    entry["warnings"] = py::list();
    entry["notes"] = py::list();
  }
  py::dict integrators;
  for (const IntegratorInfo& offered : info.integrators) {
    request.requireIntegrator(offered.integrator.name());
    integrators[offered.integrator.name()] = resolves(model, request);
  }
  entry["integrators"] = integrators;
  return entry;
}

py::list jointList(const Model& model) {
  py::list joints;
  for (const Joint& joint : model.joints)
    joints.append(py::dict(py::arg("name") = joint.name, py::arg("type") = jointTypeName(joint),
                           py::arg("dof") = joint.nq, py::arg("q_index") = joint.qIndex,
                           py::arg("parent") = bodyName(model, joint.parent),
                           py::arg("child") = bodyName(model, joint.child)));
  return joints;
}

py::dict describe(const Scene& scene) {
  const Model& model = *scene.model;
  py::list bodies, loops, forces, backends;
  for (const Body& body : model.bodies)
    bodies.append(py::dict(py::arg("name") = body.name, py::arg("mass") = body.mass, py::arg("com") = arrayOf(body.com)));
  for (const LoopConstraint& loop : model.loops)
    loops.append(py::dict(py::arg("name") = loop.name, py::arg("type") = loopTypeName(loop.type)));
  for (const ForceElement& element : model.forces)
    forces.append(py::dict(py::arg("name") = element.name, py::arg("type") = forceElementTypeName(element.type)));
  for (const BackendInfo& info : articulab::backends()) backends.append(backendSupport(model, info));
  return py::dict(py::arg("name") = model.name, py::arg("description") = model.description,
                  py::arg("source") = model.sourceFile, py::arg("parameters") = model.parameters,
                  py::arg("gravity") = arrayOf(model.gravity), py::arg("defaults") = defaultsOf(model),
                  py::arg("dof") = model.nq, py::arg("bodies") = bodies, py::arg("joints") = jointList(model),
                  py::arg("loops") = loops, py::arg("forces") = forces, py::arg("muscles") = namesOf(model.muscles),
                  py::arg("backends") = backends);
}

// Where a written scene starts: the model's q0 and qd0, or the given coordinates.
struct StartCoordinates {
  std::optional<VectorX> q, qd;
  StartCoordinates(const Model& model, py::object q_, py::object qd_) {
    if (!q_.is_none()) q = coordinatesFrom(q_, "q", model.nq);
    if (!qd_.is_none()) qd = coordinatesFrom(qd_, "qd", model.nq);
  }
  SceneStart start() const { return {q ? &*q : nullptr, qd ? &*qd : nullptr}; }
};

std::string sceneText(const Scene& scene, py::object q, py::object qd) {
  const StartCoordinates start(*scene.model, std::move(q), std::move(qd));
  WrittenScene written = writeScene(*scene.model, start.start());
  if (!written.error.empty()) throw std::invalid_argument("cannot write the scene: " + written.error);
  return written.text;
}

void save(const Scene& scene, const std::string& path, py::object q, py::object qd) {
  const StartCoordinates start(*scene.model, std::move(q), std::move(qd));
  const std::string refused = saveScene(*scene.model, path, start.start());
  if (refused.empty()) return;
  // The scene cannot be written in the format (ValueError), or the file cannot (OSError).
  if (refused.rfind("cannot save the scene", 0) == 0) throw std::invalid_argument(refused);
  PyErr_SetString(PyExc_OSError, refused.c_str());
  throw py::error_already_set();
}

std::string sceneRepr(const Scene& scene) {
  const Model& model = *scene.model;
  return "<articulab.Scene '" + model.name + "': " + std::to_string(model.bodyCount()) + " bodies, " +
         std::to_string(model.nq) + " DOF, from " + model.sourceFile + ">";
}

}  // namespace

void bindScene(py::module_& module) {
  py::class_<Scene>(module, "Scene",
                    "A loaded scene (articulab.load): the model, immutable, which runs on any thread may share.")
      .def_property_readonly("name", [](const Scene& s) { return s.model->name; }, "The scene's name.")
      .def_property_readonly("description", [](const Scene& s) { return s.model->description; },
                             "The scene's description.")
      .def_property_readonly("source", [](const Scene& s) { return s.model->sourceFile; },
                             "The file it was loaded from, or '<dict>' or '<string>'.")
      .def_property_readonly("parameters", [](const Scene& s) { return s.model->parameters; },
                             "The scene's parameters with the values it was loaded with.")
      .def_property_readonly("dof", [](const Scene& s) { return s.model->nq; }, "The number of coordinates q.")
      .def_property_readonly("gravity", [](const Scene& s) { return arrayOf(s.model->gravity); }, "m/s^2")
      .def_property_readonly("bodies", [](const Scene& s) { return namesOf(s.model->bodies); }, "Body names.")
      .def_property_readonly("joints", [](const Scene& s) { return namesOf(s.model->joints); }, "Joint names.")
      .def_property_readonly("loops", [](const Scene& s) { return namesOf(s.model->loops); },
                             "Loop-closing constraint names.")
      .def_property_readonly("muscles", [](const Scene& s) { return namesOf(s.model->muscles); }, "Muscle names.")
      .def_property_readonly("coordinates", [](const Scene& s) { return coordinateNames(*s.model); },
                             "The name of each coordinate, JOINT_K (the channel q_JOINT_K).")
      .def_property_readonly("q0", [](const Scene& s) { return arrayOf(s.model->q0); }, "Initial coordinates.")
      .def_property_readonly("qd0", [](const Scene& s) { return arrayOf(s.model->qd0); }, "Initial velocities.")
      .def_property_readonly("defaults", [](const Scene& s) { return defaultsOf(*s.model); },
                             "The scene's back-end, integrator (None: the back-end's default), dt and duration.")
      .def("channels", [](const Scene& s) { return channelList(*s.model); },
           "Every channel Run.record can record of this scene, in the CLI's column order: dicts of name, unit and "
           "group (the groups are those of `articulab run --record`, plus the ones always recorded).")
      .def("describe", &describe,
           "The scene as `articulab describe` gives it, as a dict: name, description, source, parameters, gravity, "
           "defaults, dof, bodies, joints, loops, forces, muscles, and backends: for each back-end whether it runs "
           "the scene (runs, reason why not), the integrator the scene's run would use, which of its integrators "
           "run the scene, and its warnings and notes.")
      .def("to_json", &sceneText, py::kw_only(), py::arg("q") = py::none(), py::arg("qd") = py::none(),
           "The scene as a scene file's text (written expanded, as File > Save scene as), starting from q and qd "
           "when given (e.g. a run's current state).")
      .def("save", &save, py::arg("path"), py::kw_only(), py::arg("q") = py::none(), py::arg("qd") = py::none(),
           "Writes the scene file after checking that it loads back to the same model (ValueError when it cannot, "
           "OSError when the file cannot be written); starts from q and qd when given.")
      .def("__repr__", &sceneRepr);

  module.def(
      "_load_file", [](const std::string& path, const ParameterOverrides& parameters) { return sceneOf(loadScene(path, parameters)); },
      py::arg("path"), py::arg("parameters"));
  module.def(
      "_load_text",
      [](const std::string& text, const std::string& name, const ParameterOverrides& parameters) {
        return sceneOf(loadSceneFromString(text, name, parameters));
      },
      py::arg("text"), py::arg("name"), py::arg("parameters"));
}

}  // namespace articulab::python
