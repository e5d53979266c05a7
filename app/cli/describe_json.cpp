#include "app/cli/describe_json.hpp"

#include "app/cli/describe_facts.hpp"
#include "engine/diagnostics/closed_form.hpp"
#include "engine/solvers/registry.hpp"

namespace articulab::cli {

namespace {

OrderedJson vector3(const Vector3& v) { return OrderedJson::array({v.x(), v.y(), v.z()}); }

OrderedJson attachmentJson(const Model& model, const Attachment& attachment) {
  return {{"body", attachment.body < 0 ? std::string("world") : model.bodies[attachment.body].name},
          {"point", vector3(attachment.point)}};
}

OrderedJson bodiesJson(const Model& model) {
  OrderedJson bodies = OrderedJson::array();
  for (const Body& body : model.bodies) {
    OrderedJson shapes = OrderedJson::array();
    for (const BodyShape& shape : body.shapes) shapes.push_back(shapeTypeName(shape.dims.type));
    bodies.push_back({{"name", body.name}, {"mass", body.mass}, {"com", vector3(body.com)}, {"shapes", shapes}});
  }
  return bodies;
}

OrderedJson jointsJson(const Model& model) {
  OrderedJson joints = OrderedJson::array();
  for (const Joint& joint : model.joints)
    joints.push_back({{"name", joint.name},
                      {"type", jointTypeName(joint)},
                      {"dof", joint.nq},
                      {"q_index", joint.qIndex},
                      {"parent", joint.parent < 0 ? std::string("world") : model.bodies[joint.parent].name},
                      {"child", model.bodies[joint.child].name},
                      {"stiffness", joint.stiffness},
                      {"damping", joint.damping}});
  return joints;
}

OrderedJson forcesJson(const Model& model) {
  OrderedJson forces = OrderedJson::array();
  for (const ForceElement& element : model.forces) {
    OrderedJson entry = {{"name", element.name}, {"type", forceElementTypeName(element.type)}};
    if (element.type == ForceElementType::PointForce) {
      entry["on"] = attachmentJson(model, element.b);
      entry["force"] = vector3(element.force);
    } else {
      entry["from"] = attachmentJson(model, element.a);
      entry["to"] = attachmentJson(model, element.b);
      entry["stiffness"] = element.stiffness;
      entry["damping"] = element.damping;
      if (element.type == ForceElementType::SpringDamper) entry["rest_length"] = element.restLength;
    }
    forces.push_back(entry);
  }
  return forces;
}

OrderedJson musclesJson(const Model& model) {
  OrderedJson muscles = OrderedJson::array();
  for (const Muscle& muscle : model.muscles) {
    OrderedJson path = OrderedJson::array();
    for (const Attachment& point : muscle.path) path.push_back(attachmentJson(model, point));
    muscles.push_back({{"name", muscle.name},
                       {"max_isometric_force", muscle.maxIsometricForce},
                       {"optimal_fiber_length", muscle.optimalFiberLength},
                       {"tendon_slack_length", muscle.tendonSlackLength},
                       {"max_contraction_velocity", muscle.maxContractionVelocity},
                       {"path", path}});
  }
  return muscles;
}

OrderedJson verdictsJson(const Model& model) {
  OrderedJson out = OrderedJson::array();
  for (const BackendVerdict& verdict : backendVerdicts(model)) {
    OrderedJson integrators = OrderedJson::array();
    for (const IntegratorVerdict& integrator : verdict.integrators)
      integrators.push_back({{"name", integrator.name}, {"on_this_scene", integrator.onThisScene}});
    out.push_back({{"name", verdict.name},
                   {"runs", verdict.runs},
                   {"refusal", verdict.runs ? OrderedJson() : OrderedJson(verdict.refusal)},
                   {"integrators", integrators},
                   {"warnings", verdict.warnings},
                   {"notes", verdict.notes}});
  }
  return out;
}

OrderedJson countsJson(const std::map<std::string, int>& counts) {
  OrderedJson out = OrderedJson::object();
  for (const auto& [name, count] : counts) out[name] = count;
  return out;
}

OrderedJson settingJson(const SolverSetting& setting) {
  OrderedJson out = {{"name", setting.name},
                     {"kind", settingKindName(setting.kind)},
                     {"default", settingValueText(setting, setting.defaultValue)},
                     {"description", setting.description}};
  if (setting.kind == SettingKind::Real || setting.kind == SettingKind::Count) {
    out["unit"] = setting.unit;
    out["min"] = setting.min;
    out["max"] = setting.max;
  }
  if (setting.kind == SettingKind::Choice) {
    OrderedJson choices = OrderedJson::array();
    for (const SettingChoice& choice : setting.choices) choices.push_back(choiceToken(choice.name));
    out["choices"] = choices;
  }
  return out;
}

OrderedJson capabilitiesJson(const BackendCapabilities& c) {
  OrderedJson contactIntegrators = OrderedJson::array();
  for (Integrator integrator : c.contactIntegrators) contactIntegrators.push_back(integrator.name());
  return {{"loops", c.loops},
          {"ground_contact", c.groundContact},
          {"body_contact", c.bodyContact},
          {"contact_integrators", contactIntegrators},
          {"joint_friction", c.jointFriction},
          {"text", capabilityText(c)}};
}

}  // namespace

OrderedJson describeJson(const Model& model, const std::string& scene, bool summary) {
  OrderedJson out = {{"name", model.name}, {"file", scene}, {"description", model.description}};
  OrderedJson parameters = OrderedJson::object();
  for (const auto& [name, value] : model.parameters) parameters[name] = value;
  out["parameters"] = parameters;
  out["gravity"] = vector3(model.gravity);
  out["defaults"] = {{"backend", model.defaults.backend},
                     {"integrator", model.defaults.integrator.empty() ? OrderedJson() : OrderedJson(model.defaults.integrator)},
                     {"dt", model.defaults.dt},
                     {"duration", model.defaults.duration}};
  out["counts"] = {{"bodies", model.bodyCount()},      {"joints", model.joints.size()},
                   {"loops", model.loops.size()},      {"forces", model.forces.size()},
                   {"muscles", model.muscles.size()},  {"dof", model.nq},
                   {"keyframes", model.keyframes.size()}};
  out["joint_types"] = countsJson(jointTypeCounts(model));
  out["shape_types"] = countsJson(shapeTypeCounts(model));
  if (!summary) {
    out["bodies"] = bodiesJson(model);
    out["joints"] = jointsJson(model);
    OrderedJson loops = OrderedJson::array();
    for (const LoopConstraint& loop : model.loops) loops.push_back({{"name", loop.name}, {"type", loopTypeName(loop.type)}});
    out["loops"] = loops;
    out["forces"] = forcesJson(model);
    out["muscles"] = musclesJson(model);
    OrderedJson keyframes = OrderedJson::array();
    for (const Model::Keyframe& key : model.keyframes) keyframes.push_back(key.name);
    out["keyframes"] = keyframes;
  }
  if (const std::string& solution = model.closedForm; !solution.empty())
    out["closed_form"] = {{"solution", solution}, {"bodies", ClosedForm(model, solution).summary()}};
  out["import_report"] = model.importReport;
  out["backends"] = verdictsJson(model);
  return out;
}

OrderedJson backendsJson() {
  OrderedJson list = OrderedJson::array();
  for (const BackendInfo& info : backends()) {
    OrderedJson integrators = OrderedJson::array();
    for (const IntegratorInfo& integrator : info.integrators)
      integrators.push_back({{"name", integrator.integrator.name()}, {"description", integrator.description}});
    OrderedJson defaultOrder = OrderedJson::array();
    for (Integrator integrator : info.capabilities.defaultOrder) defaultOrder.push_back(integrator.name());
    if (defaultOrder.empty())
      for (const IntegratorInfo& integrator : info.integrators) defaultOrder.push_back(integrator.integrator.name());
    OrderedJson settings = OrderedJson::array();
    for (const SolverSetting& setting : info.settings) settings.push_back(settingJson(setting));
    list.push_back({{"name", info.name},
                    {"description", info.description},
                    {"simulates", capabilitiesJson(info.capabilities)},
                    {"integrators", integrators},
                    {"default_order", defaultOrder},
                    {"settings", settings}});
  }
  return {{"backends", list}};
}

}  // namespace articulab::cli
