// articulab describe SCENE and articulab backends.
#include <algorithm>
#include <iomanip>
#include <sstream>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/describe_facts.hpp"
#include "app/cli/describe_json.hpp"
#include "app/cli/last_resort.hpp"
#include "engine/diagnostics/closed_form.hpp"
#include "engine/forces/muscle_excitation.hpp"

namespace articulab::cli {

namespace {

std::string attachmentText(const Model& model, const Attachment& attachment) {
  std::ostringstream text;
  text << (attachment.body < 0 ? "world" : model.bodies[attachment.body].name) << " [" << attachment.point.transpose()
       << "] m";
  return text.str();
}

void describeForce(const Model& model, const ForceElement& element, std::ostream& out) {
  out << "  " << std::left << std::setw(16) << element.name << std::right << ' ' << forceElementTypeName(element.type);
  if (element.type == ForceElementType::PointForce) {
    out << " on " << attachmentText(model, element.b) << ", force [" << element.force.transpose() << "] N\n";
    return;
  }
  out << " from " << attachmentText(model, element.a) << " to " << attachmentText(model, element.b) << ", stiffness "
      << element.stiffness << " N/m, damping " << element.damping << " N s/m";
  if (element.type == ForceElementType::SpringDamper) out << ", rest length " << element.restLength << " m";
  out << '\n';
}

std::string excitationText(const Excitation& e) {
  std::ostringstream text;
  if (e.wave) text << "wave " << e.mean << " + " << e.amplitude << " sin(2 pi t / " << e.period << " s + " << e.phase << ")";
  else if (e.times.size() <= 1 || e.values.size() <= 1) text << excitationAt(e, 0.0);  // a constant (0 without knots)
  else text << "piecewise linear, " << e.times.size() << " knots over " << e.times.front() << "-" << e.times.back() << " s";
  return text.str();
}

void describeMuscle(const Model& model, const Muscle& muscle, std::ostream& out) {
  out << "  " << std::left << std::setw(16) << muscle.name << std::right << " f_opt " << muscle.maxIsometricForce
      << " N, l_opt " << muscle.optimalFiberLength << " m, l_T " << muscle.tendonSlackLength << " m, v_max "
      << muscle.maxContractionVelocity << " l_opt/s, excitation " << excitationText(muscle.excitation) << "\n    path:";
  for (const Attachment& point : muscle.path) out << ' ' << attachmentText(model, point) << ';';
  out << '\n';
}

void describeBackends(const Model& model, std::ostream& out) {
  for (const BackendVerdict& verdict : backendVerdicts(model)) {
    if (!verdict.runs) {
      out << "  " << verdict.name << ": cannot run this scene: " << verdict.refusal << '\n';
      continue;
    }
    out << "  " << verdict.name << ": runs this scene\n    integrators:";
    for (const IntegratorVerdict& integrator : verdict.integrators)
      out << ' ' << integrator.name << (integrator.onThisScene ? "" : " (not on this scene)");
    out << '\n';
    for (const std::string& warning : verdict.warnings) out << "    warning: " << warning << '\n';
    for (const std::string& note : verdict.notes) out << "    note: " << note << '\n';
  }
}

// "revolute 500, fixed 1".
std::string countsText(const std::map<std::string, int>& counts) {
  std::string text;
  for (const auto& [name, count] : counts) text += (text.empty() ? "" : ", ") + name + " " + std::to_string(count);
  return text.empty() ? "none" : text;
}

void describeHeader(const Model& model, const std::string& scene, std::ostream& out) {
  out << model.name << " (" << scene << ")\n";
  if (!model.description.empty()) out << "  " << model.description << '\n';
  for (const auto& [name, value] : model.parameters) out << "  parameter " << name << " = " << value << '\n';
  out << "  gravity " << model.gravity.transpose() << " m/s^2\n";
  out << "  defaults: back-end " << model.defaults.backend << ", integrator "
      << (model.defaults.integrator.empty() ? std::string("(the back-end's default)") : model.defaults.integrator)
      << ", dt " << model.defaults.dt << " s, duration " << model.defaults.duration << " s\n";
  out << "  " << model.bodyCount() << " bodies, " << model.joints.size() << " joints, " << model.loops.size()
      << " loop constraints, " << model.forces.size() << " force elements, " << model.muscles.size() << " muscles, "
      << model.nq << " DOF\n";
  if (const std::string& solution = model.closedForm; !solution.empty()) {
    out << "  closed form " << solution << " (an exact solution; a study's \"reference\": \"closed-form\"):\n";
    for (const std::string& line : ClosedForm(model, solution).summary()) out << "    " << line << '\n';
  }
}

// --summary: counts by type instead of one line per body, joint, force and muscle.
void describeSummary(const Model& model, std::ostream& out) {
  double mass = 0.0;
  for (const Body& body : model.bodies) mass += body.mass;
  out << "  joints by type: " << countsText(jointTypeCounts(model)) << '\n';
  out << "  shapes by type: " << countsText(shapeTypeCounts(model)) << '\n';
  out << "  total mass " << mass << " kg\n";
  std::map<std::string, int> loops, forces;
  for (const LoopConstraint& loop : model.loops) ++loops[loopTypeName(loop.type)];
  for (const ForceElement& element : model.forces) ++forces[forceElementTypeName(element.type)];
  if (!loops.empty()) out << "  loops by type: " << countsText(loops) << '\n';
  if (!forces.empty()) out << "  force elements by type: " << countsText(forces) << '\n';
  if (!model.keyframes.empty()) out << "  " << model.keyframes.size() << " keyframes\n";
  if (!model.importReport.empty())
    out << "  import report: " << model.importReport.size() << " items approximated or not imported\n";
}

void describeLists(const Model& model, std::ostream& out) {
  out << "bodies:\n";
  for (const Body& body : model.bodies) {
    out << "  " << std::left << std::setw(16) << body.name << std::right << " mass " << body.mass << " kg, com ["
        << body.com.transpose() << "] m, shapes:";
    for (const BodyShape& shape : body.shapes) out << ' ' << shapeTypeName(shape.dims.type);
    out << '\n';
  }
  out << "joints:\n";
  for (const Joint& joint : model.joints) {
    out << "  " << std::left << std::setw(16) << joint.name << std::right << ' ' << jointTypeName(joint) << ", "
        << joint.nq << " DOF (q" << joint.qIndex << (joint.nq > 1 ? "-q" + std::to_string(joint.qIndex + joint.nq - 1) : "")
        << "), parent " << (joint.parent < 0 ? "world" : model.bodies[joint.parent].name) << ", child "
        << model.bodies[joint.child].name;
    if (joint.stiffness != 0.0) out << ", stiffness " << joint.stiffness;
    if (joint.damping != 0.0) out << ", damping " << joint.damping;
    out << '\n';
  }
  for (const LoopConstraint& loop : model.loops)
    out << "  loop " << loop.name << ' ' << loopTypeName(loop.type) << '\n';
  if (!model.forces.empty()) out << "forces:\n";
  for (const ForceElement& element : model.forces) describeForce(model, element, out);
  if (!model.muscles.empty()) out << "muscles:\n";
  for (const Muscle& muscle : model.muscles) describeMuscle(model, muscle, out);
  for (const Model::Keyframe& key : model.keyframes) out << "keyframe " << key.name << '\n';
  printImportReport(model, out);
}

}  // namespace

int describeCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream&) {
  std::string scene;
  ParameterOverrides overrides;
  SceneLimits limits;  // --max-bodies
  ImportOptions import;
  bool summary = false, json = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (parseImportFlag(args, i, import)) continue;
    if (args[i] == "--set") parseOverride(flagValue(args, i), overrides);
    else if (args[i] == "--max-bodies") limits.maxBodies = parseMaxBodies(flagValue(args, i));
    else if (args[i] == "--summary") summary = true;
    else if (args[i] == "--json") json = true;
    else if (args[i].rfind("--", 0) == 0) throw UsageError("unknown flag '" + args[i] + "' for 'describe'");
    else if (scene.empty()) scene = args[i];
    else throw UsageError("unexpected argument '" + args[i] + "': 'describe' takes one scene file");
  }
  if (scene.empty()) throw UsageError("'describe' needs a scene file");
  const Model model = loadModel(scene, overrides, import, limits);
  if (json) {
    out << describeJson(model, scene, summary).dump(2) << '\n';
    return kExitOk;
  }
  out << std::setprecision(6);
  describeHeader(model, scene, out);
  if (summary) describeSummary(model, out);
  else describeLists(model, out);
  out << "back-ends:\n";
  describeBackends(model, out);
  return kExitOk;
}

namespace {

// "1e-08 relative (real, range 1e-14 to 0.01)", "on (on/off)", "settled (choice: plain, settled, newton)".
std::string settingText(const SolverSetting& setting) {
  std::ostringstream text;
  text << std::setprecision(6) << settingValueText(setting, setting.defaultValue);
  switch (setting.kind) {
    case SettingKind::Real:
    case SettingKind::Count:
      text << ' ' << setting.unit << " (" << settingKindName(setting.kind) << ", range " << setting.min << " to "
           << setting.max << ")";
      break;
    case SettingKind::OnOff: text << " (on/off)"; break;
    case SettingKind::Choice:
      text << " (choice:";
      for (const SettingChoice& choice : setting.choices)
        text << (&choice == &setting.choices.front() ? " " : ", ") << choiceToken(choice.name);
      text << ")";
      break;
  }
  return text.str();
}

// "default: the first of rk4, semi-implicit, implicit that runs the scene", or "first: default".
std::string defaultRuleText(const BackendInfo& info) {
  const std::vector<Integrator>& order = info.capabilities.defaultOrder;
  if (order.empty()) return "first: default";
  std::string names;
  for (Integrator integrator : order) names += (names.empty() ? "" : ", ") + std::string(integrator.name());
  return "default: the first of " + names + " that runs the scene";
}

}  // namespace

void printBackends(std::ostream& out) {
  std::size_t nameWidth = 0;  // the settings' column: the longest name of any back-end's
  for (const BackendInfo& info : backends())
    for (const SolverSetting& setting : info.settings) nameWidth = std::max(nameWidth, std::string(setting.name).size());
  for (const BackendInfo& info : backends()) {
    out << info.name << ": " << info.description << '\n';
    out << "  simulates: " << capabilityText(info.capabilities) << '\n';
    out << "  integrators (" << defaultRuleText(info) << "):\n";
    for (const IntegratorInfo& integrator : info.integrators)
      out << "    " << std::left << std::setw(22) << integrator.integrator.name() << std::right << " " << integrator.description
          << '\n';
    if (info.settings.empty()) continue;
    out << "  settings (default, kind; --setting NAME=VALUE):\n";
    for (const SolverSetting& setting : info.settings)
      out << "    " << std::left << std::setw(static_cast<int>(nameWidth) + 1) << setting.name << std::right
          << settingText(setting) << ": " << setting.description << '\n';
  }
}

int backendsCommand(const std::vector<std::string>& args, std::ostream& out) {
  bool json = false;
  for (const std::string& arg : args) {
    if (arg == "--json") json = true;
    else if (arg.rfind("-", 0) == 0) throw UsageError("unknown flag '" + arg + "' for 'backends'");
    else throw UsageError("unexpected argument '" + arg + "': 'backends' takes no arguments besides --json");
  }
  if (json) out << backendsJson().dump(2) << '\n';
  else printBackends(out);
  return kExitOk;
}

}  // namespace articulab::cli
