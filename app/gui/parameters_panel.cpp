#include <imgui.h>

#include <cstdio>

#include "app/gui/panels.hpp"
#include "app/gui/validated_field.hpp"
#include "engine/solvers/drift_control.hpp"
#include "engine/solvers/registry.hpp"
#include "app/gui/ui_scale.hpp"

namespace articulab::gui {

namespace {

// The integrators the back-end offers (registry), those it cannot use on this scene greyed
// out with the reason as tooltip.
void drawIntegrator(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  ImGui::SetNextItemWidth(uiPixels(180.0f));
  if (!ImGui::BeginCombo("integrator", integratorName(snap.integrator))) return;
  for (const IntegratorOffer& offer : snap.integrators) {
    const bool available = offer.unavailable.empty();
    ImGui::BeginDisabled(!available);
    if (ImGui::Selectable(integratorName(offer.integrator), offer.integrator == snap.integrator)) {
      if (const std::string error = app.session().choices().setIntegrator(offer.integrator); !error.empty())
        app.showError(error);
    }
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      wrappedTooltip(available ? offer.description : "unavailable: " + offer.unavailable);
  }
  ImGui::EndCombo();
}

// Drift control of the back-ends that hold constraints with multipliers (sueda 1.12, eq 1.82).
void drawDriftControl(Workbench& app) {
  const SimulationDefaults& d = app.snapshot().model->defaults;
  Session& sim = app.session();
  DriftControl current = DriftControl::PostStabilization;
  parseDriftControl(d.driftControl, current);  // validateSceneChoices checked the name
  ImGui::SetNextItemWidth(uiPixels(180.0f));
  if (ImGui::BeginCombo("drift control", driftControlName(current))) {
    for (DriftControl drift : {DriftControl::None, DriftControl::Baumgarte, DriftControl::PostStabilization})
      if (ImGui::Selectable(driftControlName(drift), drift == current))
        sim.edits().driftControl(drift, d.baumgarteAlpha, d.baumgarteBeta);
    ImGui::EndCombo();
  }
  if (current != DriftControl::Baumgarte) return;
  ImGui::SetNextItemWidth(uiPixels(120.0f));
  validatedField("Baumgarte alpha [1/s]", "drift.alpha", d.baumgarteAlpha, [&](double v) {
    return sim.edits().driftControl(DriftControl::Baumgarte, v, app.snapshot().model->defaults.baumgarteBeta);
  }, app.ui());
  ImGui::SetNextItemWidth(uiPixels(120.0f));
  validatedField("Baumgarte beta [1/s]", "drift.beta", d.baumgarteBeta, [&](double v) {
    return sim.edits().driftControl(DriftControl::Baumgarte, app.snapshot().model->defaults.baumgarteAlpha, v);
  }, app.ui());
}

// One setting by its kind: a number field (real, count: unit, range refused with the range), a
// checkbox (on/off) or a combo box of the named values (choice).
void drawSolverSetting(Workbench& app, const BackendInfo& backend, const SolverSetting& setting, double value) {
  const std::string key = "setting." + backend.name + "." + setting.name;
  const auto edit = [&app, &setting](const std::string& text) {
    if (const std::string error = app.session().edits().solverSetting(setting.name, text); !error.empty())
      app.showError(error);
  };
  ImGui::SetNextItemWidth(uiPixels(120.0f));
  switch (setting.kind) {
    case SettingKind::Real:
    case SettingKind::Count: {
      const std::string label = std::string(setting.name) + " [" + setting.unit + "]";
      validatedField(label.c_str(), key, value, [&](double v) {
        return app.session().edits().solverSetting(setting.name, exactNumberText(v));
      }, app.ui());
      break;
    }
    case SettingKind::OnOff: {
      bool on = value >= 0.5;
      if (ImGui::Checkbox(setting.name, &on)) edit(on ? "on" : "off");
      break;
    }
    case SettingKind::Choice:
      if (ImGui::BeginCombo(setting.name, settingValueText(setting, value).c_str())) {
        for (const SettingChoice& choice : setting.choices)
          if (ImGui::Selectable(choiceToken(choice.name).c_str(), choice.value == value))
            edit(choiceToken(choice.name));
        ImGui::EndCombo();
      }
      break;
  }
  if (ImGui::IsItemHovered()) wrappedTooltip(setting.description);
}

// The running back-end's own settings (its table: kind, unit, range, description as tooltip),
// with the values the run uses (the scene's and the edits).
void drawSolverSettings(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  const BackendInfo* backend = findBackend(snap.backend);
  if (!backend || backend->settings.empty()) return;
  if (!ImGui::TreeNode("Solver settings")) return;
  const SettingList& settings = backend->settings;
  for (std::size_t k = 0; k < settings.rows().size(); ++k)
    drawSolverSetting(app, *backend, settings.rows()[k], settings.valueOf(snap.solverSettings, static_cast<int>(k)));
  ImGui::TreePop();
}

void drawGravity(Workbench& app) {
  const Model& model = *app.snapshot().model;
  const char* labels[3] = {"gravity x [m/s^2]", "gravity y [m/s^2]", "gravity z [m/s^2]"};
  for (int axis = 0; axis < 3; ++axis) {
    ImGui::SetNextItemWidth(uiPixels(120.0f));
    validatedField(labels[axis], "gravity." + std::to_string(axis), model.gravity[axis], [&](double v) {
      Vector3 g = app.snapshot().model->gravity;
      g[axis] = v;
      return app.session().edits().gravity(g);
    }, app.ui());
  }
  if (!model.groundContact) return;
  ImGui::SetNextItemWidth(uiPixels(120.0f));
  validatedField("ground friction [1]", "ground.friction", model.groundFriction,
                 [&](double v) { return app.session().edits().groundFriction(v); }, app.ui());
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Coulomb coefficient of the ground and of every body without its own; 0 is frictionless");
}

// Units of a joint's spring: per radian for rotations, per metre for translations.
bool isRotational(const Joint& joint) {
  for (const JointPart& part : joint.parts)
    if (isTranslationCoordinate(part, part.nq - 1)) return false;
  return true;
}

void drawJoint(Workbench& app, int i) {
  const Model& model = *app.snapshot().model;
  const Joint& joint = model.joints[i];
  std::string key = "joint" + std::to_string(i) + ".";
  bool rotational = isRotational(joint);
  Session& sim = app.session();
  ImGui::SetNextItemWidth(uiPixels(120.0f));
  validatedField(rotational ? "stiffness [N m/rad]" : "stiffness [N/m]", key + "stiffness", joint.stiffness,
                 [&](double v) { return sim.edits().joint(i, JointField::Stiffness, v); }, app.ui());
  ImGui::SetNextItemWidth(uiPixels(120.0f));
  validatedField(rotational ? "damping [N m s/rad]" : "damping [N s/m]", key + "damping", joint.damping,
                 [&](double v) { return sim.edits().joint(i, JointField::Damping, v); }, app.ui());
  for (int k = 0; k < joint.nq; ++k) {
    std::string label = "rest q" + std::to_string(k) + (rotational ? " [rad]" : " [m]");
    double rest = joint.rest.size() == joint.nq ? joint.rest[k] : 0.0;
    ImGui::SetNextItemWidth(uiPixels(120.0f));
    validatedField(label.c_str(), key + "rest" + std::to_string(k), rest,
                   [&](double v) { return sim.edits().joint(i, JointField::Rest, v, k); }, app.ui());
  }
  ImGui::SetNextItemWidth(uiPixels(120.0f));
  validatedField("body mass [kg]", "body" + std::to_string(i) + ".mass", model.bodies[i].mass,
                 [&](double v) { return sim.edits().bodyMass(i, v); }, app.ui());
  if (!model.groundContact) return;
  const Body& body = model.bodies[i];
  ImGui::SetNextItemWidth(uiPixels(120.0f));
  validatedField("friction coefficient [1]", "body" + std::to_string(i) + ".friction",
                 body.friction >= 0.0 ? body.friction : model.groundFriction,
                 [&](double v) { return sim.edits().bodyFriction(i, v); }, app.ui());
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(body.friction >= 0.0 ? "this body's own Coulomb coefficient, combined with the ground's as "
                                             "sqrt(mu_body mu_ground)"
                                           : "the ground's coefficient (the scene gives this body none); an edit "
                                             "gives it its own");
}

// A force element's fields (engine/multibody/force_element.hpp), with the loader's units.
void drawForce(Workbench& app, int e) {
  const ForceElement& element = app.snapshot().model->forces[e];
  const std::string key = "force" + std::to_string(e) + ".";
  Session& sim = app.session();
  if (element.type == ForceElementType::PointForce) {
    const char* labels[3] = {"force x [N]", "force y [N]", "force z [N]"};
    for (int k = 0; k < 3; ++k) {
      ImGui::SetNextItemWidth(uiPixels(120.0f));
      validatedField(labels[k], key + "force" + std::to_string(k), element.force[k],
                     [&](double v) { return sim.edits().force(e, ForceField::Force, v, k); }, app.ui());
    }
    return;
  }
  ImGui::SetNextItemWidth(uiPixels(120.0f));
  validatedField("stiffness [N/m]", key + "stiffness", element.stiffness,
                 [&](double v) { return sim.edits().force(e, ForceField::Stiffness, v); }, app.ui());
  ImGui::SetNextItemWidth(uiPixels(120.0f));
  validatedField("damping [N s/m]", key + "damping", element.damping,
                 [&](double v) { return sim.edits().force(e, ForceField::Damping, v); }, app.ui());
  if (element.type != ForceElementType::SpringDamper) return;
  ImGui::SetNextItemWidth(uiPixels(120.0f));
  validatedField("rest length [m]", key + "rest", element.restLength,
                 [&](double v) { return sim.edits().force(e, ForceField::RestLength, v); }, app.ui());
}

void drawForces(Workbench& app) {
  const Model& model = *app.snapshot().model;
  if (model.forces.empty()) return;
  ImGui::TextDisabled("Force elements (springs drawn grey at rest, red stretched, blue compressed):");
  for (int e = 0; e < static_cast<int>(model.forces.size()); ++e) {
    const ForceElement& element = model.forces[e];
    const std::string title = "force " + std::to_string(e) + ": " + element.name + " (" +
                              forceElementTypeName(element.type) + ")";
    if (ImGui::TreeNode(title.c_str())) {
      drawForce(app, e);
      ImGui::TreePop();
    }
  }
}

}  // namespace

void drawParametersPanel(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  if (!snap.model) return;
  drawIntegrator(app);
  drawDriftControl(app);
  drawSolverSettings(app);
  drawGravity(app);
  ImGui::TextDisabled("Joint i moves body i; edits apply live.");
  for (int i = 0; i < snap.model->bodyCount(); ++i) {
    const Joint& joint = snap.model->joints[i];
    std::string title = std::to_string(i) + ": " + snap.model->bodies[i].name + " (" + jointTypeName(joint) + ")";
    if (ImGui::TreeNode(title.c_str())) {
      drawJoint(app, i);
      ImGui::TreePop();
    }
  }
  drawForces(app);
}

}  // namespace articulab::gui
