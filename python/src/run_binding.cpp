// articulab.Run (python_run.hpp) and articulab.forward_dynamics: the arguments, the GIL released
// while stepping, the state as NumPy arrays.
#include <pybind11/stl.h>

#include <chrono>

#include "engine/multibody/coordinate_check.hpp"
#include "engine/run/time_text.hpp"
#include "python/src/arrays.hpp"
#include "python/src/errors.hpp"
#include "python/src/python_run.hpp"
#include "python/src/run_arguments.hpp"
#include "python/src/run_values.hpp"
#include "python/src/scene.hpp"

namespace articulab::python {

namespace {

using Clock = std::chrono::steady_clock;

// How often a long step(n) takes the GIL back to let Ctrl-C (KeyboardInterrupt) through.
constexpr std::chrono::milliseconds kSignalInterval{50};

std::unique_ptr<PythonRun> startRun(const Scene& scene, const RunArguments& arguments) {
  auto run = std::make_unique<PythonRun>(scene.model, requestFrom(arguments));
  const RunPlan& plan = run->run().plan();
  for (const std::string& warning : plan.support.warnings) warnRun(warning);
  if (!plan.slowStep.empty()) warnRun("slow steps ahead: " + plan.slowStep);
  return run;
}

// Steps without the GIL, in chunks that grow to about kSignalInterval so that a signal is seen
// between them; a failure raises DivergenceError.
void step(PythonRun& run, long steps) {
  if (steps < 0) throw InputError("n", "expected a number of steps >= 0, got " + std::to_string(steps));
  PythonRun::Busy busy(run);
  run.throwIfFailed();
  long chunk = 1;
  while (steps > 0) {
    const Clock::time_point start = Clock::now();
    {
      py::gil_scoped_release released;
      steps -= run.advance(std::min(chunk, steps));
    }
    run.throwIfFailed();
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    if (Clock::now() - start < kSignalInterval / 2 && chunk < steps) chunk *= 2;
  }
}

py::tuple record(PythonRun& run, const std::optional<std::vector<std::string>>& channels, long steps, long every) {
  if (steps < 0) throw InputError("steps", "expected a number of steps >= 0, got " + std::to_string(steps));
  if (every < 1) throw InputError("every", "expected a number of steps >= 1, got " + std::to_string(every));
  const ChannelSelection selection = selectChannels(run.run().model(), channels);
  PythonRun::Busy busy(run);
  run.throwIfFailed();
  RecordedTable table;
  {
    py::gil_scoped_release released;
    table = run.record(selection, steps, every);
  }
  return py::make_tuple(table.names, table.units, table.groups, tableArray(table.values, table.rows, table.names.size()));
}

Array forwardDynamics(PythonRun& run) {
  PythonRun::Busy busy(run);
  VectorX qdd;
  {
    py::gil_scoped_release released;
    qdd = run.forwardDynamics();
  }
  return arrayOf(qdd);
}

void setState(PythonRun& run, py::object q, py::object qd, std::optional<std::vector<int>> hold) {
  const Model& model = run.run().model();
  StateEdit edit;
  if (!q.is_none()) edit.q = coordinatesFrom(q, "q", model.nq);
  if (!qd.is_none()) edit.qd = coordinatesFrom(qd, "qd", model.nq);
  if (hold && !edit.q) throw InputError("hold", "holds coordinates while q is set; give q too");
  edit.hold = std::move(hold);
  run.setState(edit);
}

// Every setting of the run's back-end with the value the run uses: a number, or on/off as a
// bool, a choice by its name.
py::dict settingsOf(const RunPlan& plan) {
  py::dict settings;
  const SettingList& list = plan.backend->settings;
  for (std::size_t k = 0; k < list.rows().size(); ++k) {
    const SolverSetting& setting = list.rows()[k];
    const double value = list.valueOf(plan.options.settings, static_cast<int>(k));
    if (setting.kind == SettingKind::OnOff) settings[setting.name] = value >= 0.5;
    else if (setting.kind == SettingKind::Choice) settings[setting.name] = settingValueText(setting, value);
    else if (setting.kind == SettingKind::Count) settings[setting.name] = static_cast<long>(std::lround(value));
    else settings[setting.name] = value;
  }
  return settings;
}

py::list warningsOf(const RunPlan& plan) {
  py::list warnings(py::cast(plan.support.warnings));
  if (!plan.slowStep.empty()) warnings.append("slow steps ahead: " + plan.slowStep);
  return warnings;
}

std::string runRepr(const PythonRun& python) {
  const Run& run = python.run();
  return "<articulab.Run '" + run.model().name + "' on " + run.backend().name + " (" + run.plan().integrator.name() +
         "), dt " + formatTime(run.plan().dt, run.plan().dt) + " s, t = " + formatTime(run.state().t, run.plan().dt) +
         " s" + (run.failed() ? ", failed" : "") + ">";
}

Array sceneForwardDynamics(const Scene& scene, std::optional<std::string> backend, py::object q, py::object qd,
                           std::optional<std::string> integrator, py::object settings) {
  RunArguments arguments;
  arguments.backend = std::move(backend);
  arguments.integrator = std::move(integrator);
  arguments.settings = std::move(settings);
  RunRequest request = requestFrom(arguments);
  const auto values = [&](py::object given, const char* field) {
    const VectorX v = coordinatesFrom(given, field, scene.model->nq);
    return std::vector<double>(v.data(), v.data() + v.size());
  };
  if (!q.is_none()) request.q0 = values(q, "q");
  if (!qd.is_none()) request.qd0 = values(qd, "qd");
  PythonRun run(scene.model, request);
  if (std::string problem = checkGeneralJointCoordinates(run.run().model(), run.run().state().q); !problem.empty())
    throw InputError("q", problem);
  return forwardDynamics(run);
}

const char* const kRunDoc = R"(A run of a scene on a back-end (the engine's Run: the numbers of `articulab run`, bitwise).

Run(scene, backend=None, *, integrator=None, dt=None, duration=None, settings=None, q0=None, qd0=None,
    watch_energy=True, on_blow_up="stop")

backend, integrator, dt, duration: None for the scene's (its integrator where the back-end offers it, else
the back-end's default with a RunWarning); an integrator named is required (RunRefusal when the back-end
does not offer it). settings: {NAME: VALUE} of the back-end's own settings (articulab.backends()).
q0, qd0: initial coordinates and velocities, one per coordinate or one for all. watch_energy: the energy
watch after every step (off: only coordinates that are not finite stop the run, as a benchmark wants).
on_blow_up: "stop" (a DivergenceError) or "warn" (Monitor.blow_up says the run is not to be trusted).

A Run takes one call at a time: while step() runs on one thread, a call on the same Run from another
raises RuntimeError. Runs of the same Scene on several threads step in parallel.)";

}  // namespace

void bindRun(py::module_& module) {
  bindRunValues(module);
  py::class_<PythonRun>(module, "Run", kRunDoc)
      .def(py::init([](const Scene& scene, std::optional<std::string> backend, std::optional<std::string> integrator,
                       std::optional<double> dt, std::optional<double> duration, py::object settings, py::object q0,
                       py::object qd0, bool watchEnergy, std::string onBlowUp) {
             return startRun(scene, {std::move(backend), std::move(integrator), dt, duration, std::move(settings),
                                     std::move(q0), std::move(qd0), watchEnergy, std::move(onBlowUp)});
           }),
           py::arg("scene"), py::arg("backend") = py::none(), py::kw_only(), py::arg("integrator") = py::none(),
           py::arg("dt") = py::none(), py::arg("duration") = py::none(), py::arg("settings") = py::none(),
           py::arg("q0") = py::none(), py::arg("qd0") = py::none(), py::arg("watch_energy") = true,
           py::arg("on_blow_up") = "stop")
      .def("step", &step, py::arg("n") = 1,
           "Takes n steps of dt with the GIL released (other threads run meanwhile), taken back about every "
           "50 ms so that Ctrl-C stops a long step with KeyboardInterrupt. Raises DivergenceError when a step fails or diverges; the run then takes no further step "
           "until reset() or a state is set.")
      .def("reset", &PythonRun::reset, "Back to the scene's initial state, the monitor restarted, the failure cleared.")
      .def("set_state", &setState, py::arg("q") = py::none(), py::arg("qd") = py::none(), py::kw_only(),
           py::arg("hold") = py::none(),
           "Sets the coordinates and/or velocities (nq finite values each). q is checked against the joint "
           "limits and the loops are closed as the app's joint sliders close them: the coordinates in hold "
           "(by default those q changes) stay, the others move as little as they must (ValueError when the "
           "loops cannot close there). The poses and twists follow from (q, qd) by the kinematics; the energy "
           "watch restarts at the new state and the back-end starts afresh from it. qd is not projected onto "
           "the loops' velocity constraints.")
      .def_property(
          "q", [](const PythonRun& r) { return arrayOf(r.run().state().q); },
          [](PythonRun& r, py::object q) { setState(r, std::move(q), py::none(), std::nullopt); },
          "Joint coordinates (read-only copy; assign to set them, as set_state(q=...)).")
      .def_property(
          "qd", [](const PythonRun& r) { return arrayOf(r.run().state().qd); },
          [](PythonRun& r, py::object qd) { setState(r, py::none(), std::move(qd), std::nullopt); },
          "Joint velocities (read-only copy; assign to set them, as set_state(qd=...)).")
      .def_property_readonly("body_poses", [](const PythonRun& r) { return posesArray(r.run().state().E_0i); },
                             "(bodies, 4, 4): each body's pose in world, E_0i.")
      .def_property_readonly("body_twists", [](const PythonRun& r) { return twistsArray(r.run().state().phi); },
                             "(bodies, 6): each body's twist (omega; v) in body coordinates, rad/s and m/s.")
      .def_property_readonly("t", [](const PythonRun& r) { return r.run().state().t; }, "Simulated time, s.")
      .def_property_readonly("step_count", [](const PythonRun& r) { return r.run().state().step; },
                             "Steps since the scene's initial state.")
      .def_property_readonly("energy", [](const PythonRun& r) { return computeEnergy(r.run().model(), r.run().state()); },
                             "The energy of the current state (Energy).")
      .def_property_readonly(
          "momentum",
          [](const PythonRun& r) {
            const EnergyReport energy = computeEnergy(r.run().model(), r.run().state());
            return Momentum{energy.linearMomentum, energy.angularMomentum};
          },
          "The momentum of the current state (Momentum).")
      .def_property_readonly("drift", [](const PythonRun& r) { return computeDrift(r.run().model(), r.run().state()); },
                             "The constraint drift of the current state (Drift).")
      .def_property_readonly("outputs", [](const PythonRun& r) { return r.run().state().outputs; },
                             "The last step's solver outputs: iterations, residual, contacts (StepOutputs).")
      .def_property_readonly("monitor", [](const PythonRun& r) { return r.run().monitor(); },
                             "What the run watched: energy change, muscle work, largest drift, blow-up (Monitor).")
      .def("forward_dynamics", &forwardDynamics, "The back-end's joint accelerations at the current state.")
      .def_property_readonly("failure",
                             [](const PythonRun& r) {
                               return r.run().failed() ? py::object(py::str(r.run().failure())) : py::none();
                             },
                             "Why the run failed (DivergenceError's message), or None.")
      .def_property_readonly("scene", [](const PythonRun& r) { return Scene{r.run().sharedModel()}; },
                             "The scene the run runs (with q0 and qd0 when given).")
      .def_property_readonly("backend", [](const PythonRun& r) { return r.run().backend().name; },
                             "The back-end's name.")
      .def_property_readonly("integrator", [](const PythonRun& r) { return r.run().plan().integrator.name(); },
                             "The integrator's name (as chosen: the scene's, the back-end's default, or asked).")
      .def_property_readonly("dt", [](const PythonRun& r) { return r.run().plan().dt; }, "s")
      .def_property_readonly("duration", [](const PythonRun& r) { return r.run().plan().duration; }, "s")
      .def_property_readonly("planned_steps", [](const PythonRun& r) { return r.run().plan().steps; },
                             "duration / dt: the steps `articulab run` takes.")
      .def_property_readonly("settings", [](const PythonRun& r) { return settingsOf(r.run().plan()); },
                             "Every setting of the back-end with the value the run uses: a float (real), an int (count), a bool "
                             "(on/off) or a str (choice).")
      .def_property_readonly("warnings", [](const PythonRun& r) { return warningsOf(r.run().plan()); },
                             "The RunWarnings issued when the run started.")
      .def_property_readonly("notes", [](const PythonRun& r) { return r.run().plan().support.notes; },
                             "What is normal but worth knowing (the CLI's 'note: ...').")
      .def("_record", &record, py::arg("channels"), py::arg("steps"), py::arg("every"))
      .def("__repr__", &runRepr);

  module.def("forward_dynamics", &sceneForwardDynamics, py::arg("scene"), py::arg("backend") = py::none(),
             py::arg("q") = py::none(), py::arg("qd") = py::none(), py::kw_only(), py::arg("integrator") = py::none(),
             py::arg("settings") = py::none(),
             "The back-end's joint accelerations qdd at (q, qd) (None: the scene's q0, qd0), at t = 0 with the "
             "muscles' initial activations, as Run.forward_dynamics() at that state.");
}

}  // namespace articulab::python
