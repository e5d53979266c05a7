// articulab.Energy, Momentum, Drift, StepOutputs, Contact and Monitor: read-only views of the
// engine's reports, with the units of the channels of the same names (channel_catalog.hpp).
#include <pybind11/stl.h>


#include "engine/io/number_text.hpp"
#include "python/src/arrays.hpp"
#include "python/src/run_values.hpp"

namespace articulab::python {

namespace {

using scene_io::shortNumber;

void bindEnergy(py::module_& module) {
  py::class_<EnergyReport>(module, "Energy", "The energy of a state (the channels kinetic, potential, total).")
      .def_readonly("kinetic", &EnergyReport::kinetic, "J")
      .def_readonly("potential", &EnergyReport::potential,
                    "J: gravity (zero at z = 0 for gravity along -z), joint springs, force elements")
      .def_property_readonly("total", &EnergyReport::total, "J: kinetic + potential")
      .def_readonly("dissipation", &EnergyReport::dissipation, "W: power taken by the dampers")
      .def_readonly("muscle_power", &EnergyReport::musclePower, "W: power the muscles deliver to the bodies")
      .def("__repr__", [](const EnergyReport& e) {
        return "Energy(kinetic=" + shortNumber(e.kinetic) + " J, potential=" + shortNumber(e.potential) +
               " J, total=" + shortNumber(e.total()) + " J)";
      });
}

void bindMomentum(py::module_& module) {
  py::class_<Momentum>(module, "Momentum", "The momentum of a state in world (the channels p_x.. and L_x..).")
      .def_property_readonly("linear", [](const Momentum& m) { return arrayOf(m.linear); }, "kg m/s")
      .def_property_readonly("angular", [](const Momentum& m) { return arrayOf(m.angular); },
                             "kg m^2/s, about the world origin")
      .def("__repr__", [](const Momentum& m) {
        return "Momentum(linear=[" + shortNumber(m.linear.x()) + ", " + shortNumber(m.linear.y()) + ", " +
               shortNumber(m.linear.z()) + "] kg m/s, angular=[" + shortNumber(m.angular.x()) + ", " +
               shortNumber(m.angular.y()) + ", " + shortNumber(m.angular.z()) + "] kg m^2/s)";
      });
}

void bindDrift(py::module_& module) {
  py::class_<DriftReport>(module, "Drift",
                          "How far the body poses are from satisfying the joints and loop closures (the channels "
                          "drift_position and drift_rotation: root of the sum of squares over them).")
      .def_property_readonly("position", [](const DriftReport& d) { return d.total.position; }, "m")
      .def_property_readonly("rotation", [](const DriftReport& d) { return d.total.rotation; }, "rad")
      .def_property_readonly("worst_position", [](const DriftReport& d) { return d.worst.position; },
                             "m, of the worst joint or loop")
      .def_property_readonly("worst_rotation", [](const DriftReport& d) { return d.worst.rotation; },
                             "rad, of the worst joint or loop")
      .def("__repr__", [](const DriftReport& d) {
        return "Drift(position=" + shortNumber(d.total.position) + " m, rotation=" + shortNumber(d.total.rotation) +
               " rad)";
      });
}

void bindStepOutputs(py::module_& module) {
  py::class_<ContactOutput>(module, "Contact", "A contact of the last step.")
      .def_property_readonly("point", [](const ContactOutput& c) { return arrayOf(c.point); }, "world, m")
      .def_readonly("normal_force", &ContactOutput::normalForce, "N (>= 0)")
      .def_property_readonly("friction", [](const ContactOutput& c) { return arrayOf(c.friction); },
                             "friction force on the body, world, N")
      .def_property_readonly("normal", [](const ContactOutput& c) { return arrayOf(c.normal); },
                             "direction of the normal force on the body, world")
      .def_readonly("body", &ContactOutput::body, "the body index (Scene.bodies) these forces act on")
      .def_readonly("other", &ContactOutput::other, "the body taking the opposite forces; -1: the ground");
  py::class_<StepOutputs>(module, "StepOutputs", "What the last step computed besides the state.")
      .def_readonly("iterations", &StepOutputs::iterations,
                    "iterations of the step's iterative solve; -1 when it solved directly")
      .def_readonly("residual", &StepOutputs::residual, "final relative residual of that solve (0 when direct)")
      .def_readonly("contact_count", &StepOutputs::contactCount, "the number of contacts of the last step")
      .def_property_readonly(
          "contacts",
          [](const StepOutputs& o) {
            return std::vector<ContactOutput>(o.contacts.begin(), o.contacts.begin() + o.contactCount);
          },
          "the contacts of the last step")
      .def_readonly("contact_iterations", &StepOutputs::contactIterations,
                    "staggered-projection iterations of the step (0 without friction)")
      .def_readonly("contact_change", &StepOutputs::contactChange,
                    "last relative change of the contact force (M^-1 norm)")
      .def_property_readonly("multipliers", [](const StepOutputs& o) { return arrayOf(o.multipliers); },
                             "constraint forces (Lagrange multipliers) of the step's solve, in the back-end's order")
      .def_readonly("step_seconds", &StepOutputs::stepSeconds, "wall time of the step, s");
}

void bindMonitor(py::module_& module) {
  py::class_<RunMonitor>(module, "Monitor",
                         "What the run watched since its start (or reset, or a state set by hand), as the summary "
                         "of `articulab run` gives it.")
      .def_property_readonly("energy_start", [](const RunMonitor& m) { return m.energy.start(); }, "J")
      .def_property_readonly("energy_last", [](const RunMonitor& m) { return m.energy.last; }, "J")
      .def_property_readonly("largest_energy_change", [](const RunMonitor& m) { return m.energy.largestChange; },
                             "J, largest |E - E0|")
      .def_property_readonly("largest_kinetic", [](const RunMonitor& m) { return m.energy.largestKinetic; }, "J")
      .def_property_readonly("muscle_work", [](const RunMonitor& m) { return m.work.muscles; }, "J")
      .def_property_readonly(
          "work",
          [](const RunMonitor& m) { return m.work.known() ? py::object(py::float_(m.work.total())) : py::object(py::none()); },
          "J, the work W of the forces that do work (muscles, dampers, contact); None where some force's work is not "
          "known (driven joints, joint friction, joint limits, the mouse pull)")
      .def_property_readonly("largest_drift_position", [](const RunMonitor& m) { return m.drift.position; },
                             "m, over the recorded states")
      .def_property_readonly("largest_drift_rotation", [](const RunMonitor& m) { return m.drift.rotation; },
                             "rad, over the recorded states")
      .def_property_readonly(
          "blow_up", [](const RunMonitor& m) { return m.blowUp.empty() ? py::object(py::none()) : py::str(m.blowUp); },
          "why the run is not to be trusted (the energy grew with no force doing work), or None");
}

}  // namespace

void bindRunValues(py::module_& module) {
  bindEnergy(module);
  bindMomentum(module);
  bindDrift(module);
  bindStepOutputs(module);
  bindMonitor(module);
}

}  // namespace articulab::python
