// The inspector and the model tree (issue 16): what the selected body is and does.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "app/gui/body_inspection.hpp"
#include "app/gui/panels.hpp"

namespace articulab::gui {

namespace {

void vectorRow(const char* label, const Vector3& v, const char* unit) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextUnformatted(label);
  ImGui::TableSetColumnIndex(1);
  ImGui::Text("%+.4g  %+.4g  %+.4g %s", v.x(), v.y(), v.z(), unit);
}

void scalarRow(const char* label, double value, const char* unit) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextUnformatted(label);
  ImGui::TableSetColumnIndex(1);
  ImGui::Text("%.6g %s", value, unit);
}

// The units of a joint's coordinates and of the quantities per coordinate (rate, acceleration,
// stiffness, damping): the angle's and the length's.
struct CoordinateUnits {
  const char* angle;
  const char* length;
};

const char* unitOf(CoordinateKind kind, const CoordinateUnits& units, std::string& either) {
  if (kind == CoordinateKind::Angle) return units.angle;
  if (kind == CoordinateKind::Length) return units.length;
  either = std::string(units.angle) + " or " + units.length;
  return either.c_str();
}

// One unit when every coordinate has the same ("rad" for a revolute joint, "m" for a prismatic
// one); otherwise each value is followed by its own (a free joint: m, m, m, rad, rad, rad).
void coordinatesRow(const char* label, const VectorX& x, const std::vector<CoordinateKind>& kinds,
                    const CoordinateUnits& units) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextUnformatted(label);
  ImGui::TableSetColumnIndex(1);
  if (x.size() == 0) {
    ImGui::TextUnformatted("none");
    return;
  }
  const bool oneKind = std::all_of(kinds.begin(), kinds.end(), [&](CoordinateKind k) { return k == kinds.front(); });
  std::string text, either;
  char value[48];
  for (Eigen::Index k = 0; k < x.size(); ++k) {
    const CoordinateKind kind = k < static_cast<Eigen::Index>(kinds.size()) ? kinds[k] : CoordinateKind::Unknown;
    if (oneKind) std::snprintf(value, sizeof value, "%+.5g  ", x[k]);
    else std::snprintf(value, sizeof value, "%+.5g %s  ", x[k], unitOf(kind, units, either));
    text += value;
  }
  if (oneKind && !kinds.empty()) text += unitOf(kinds.front(), units, either);
  ImGui::TextUnformatted(text.c_str());
}

// A joint's scalar per coordinate (stiffness, damping) in the unit of its coordinates' kind.
void jointScalarRow(const char* label, double value, const std::vector<CoordinateKind>& kinds,
                    const CoordinateUnits& units) {
  const bool oneKind = !kinds.empty() &&
                       std::all_of(kinds.begin(), kinds.end(), [&](CoordinateKind k) { return k == kinds.front(); });
  std::string either;
  const char* unit = oneKind ? unitOf(kinds.front(), units, either) : unitOf(CoordinateKind::Unknown, units, either);
  scalarRow(label, value, unit);
}

void drawBodyTable(const BodyInspection& b) {
  if (!ImGui::BeginTable("inspected body", 2, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) return;
  scalarRow("mass", b.mass, "kg");
  vectorRow("centre of mass", b.centreOfMass, "m (body)");
  vectorRow("principal moments", b.principalMoments, "kg m^2");
  vectorRow("position", b.position, "m");
  vectorRow("rotation vector", b.rotation, "rad");
  vectorRow("angular velocity", b.angularVelocity, "rad/s");
  vectorRow("velocity of centre", b.centreVelocity, "m/s");
  scalarRow("kinetic energy", b.kinetic, "J");
  ImGui::EndTable();
}

void drawJointTable(const BodyInspection& b) {
  ImGui::Text("joint '%s' (%s) on %s", b.joint.c_str(), b.jointType.c_str(), b.parent.c_str());
  if (!ImGui::BeginTable("inspected joint", 2, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) return;
  const std::vector<CoordinateKind>& kinds = b.coordinateKinds;
  coordinatesRow("q", b.q, kinds, {"rad", "m"});
  coordinatesRow("qdot", b.qd, kinds, {"rad/s", "m/s"});
  coordinatesRow("qddot", b.qdd, kinds, {"rad/s^2", "m/s^2"});
  if (b.hasLimits) {
    coordinatesRow("lower limit", b.lower, kinds, {"rad", "m"});
    coordinatesRow("upper limit", b.upper, kinds, {"rad", "m"});
  }
  jointScalarRow("stiffness", b.stiffness, kinds, {"N m/rad", "N/m"});
  jointScalarRow("damping", b.damping, kinds, {"N m s/rad", "N s/m"});
  ImGui::EndTable();
}

// While paused (and live): a drag field per coordinate of the body's joint that sets the pose;
// the loops close again around the value (LiveEdits::jointCoordinate), or the edit is refused
// and the reason shown.
void drawJointSliders(Workbench& app, int joint, const BodyInspection& b) {
  const Snapshot& snap = app.snapshot();
  if (b.q.size() == 0) return;
  if (snap.running || snap.history.viewing) {
    ImGui::TextDisabled("pause (live) to set the joint's coordinates here");
    return;
  }
  std::string& refusal = app.ui().poseRefusal;
  for (int k = 0; k < b.q.size(); ++k) {
    double value = b.q(k);
    const double lo = b.hasLimits ? b.lower(k) : -1e9, hi = b.hasLimits ? b.upper(k) : 1e9;
    char label[32];
    std::snprintf(label, sizeof label, "q%d (set)##pose", k);
    if (ImGui::DragScalar(label, ImGuiDataType_Double, &value, 0.002f, &lo, &hi, "%.4f"))
      refusal = app.session().edits().jointCoordinate(joint, k, value);
  }
  if (!refusal.empty()) ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.45f, 1.0f), "%s", refusal.c_str());
}

void drawForceTable(const BodyInspection& b) {
  if (!ImGui::BeginTable("inspected forces", 3, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) return;
  for (const char* header : {"force", "kind", "magnitude [N]"}) ImGui::TableSetupColumn(header);
  ImGui::TableHeadersRow();
  for (const InspectedForce& f : b.forces) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted(f.name.c_str());
    ImGui::TableSetColumnIndex(1);
    ImGui::TextUnformatted(f.kind.c_str());
    ImGui::TableSetColumnIndex(2);
    ImGui::Text("%.4g", f.magnitude);
  }
  ImGui::EndTable();
}

// Each contact of the last step on the body (of the state shown: live or the history's) and their sum.
void drawContactTable(const BodyInspection& b) {
  if (b.contacts.empty()) {
    ImGui::TextDisabled("no contact in the last step");
    return;
  }
  ImGui::Text("%zu contact(s) in the last step, sum %+.4g  %+.4g  %+.4g N", b.contacts.size(), b.contactSum.x(),
              b.contactSum.y(), b.contactSum.z());
  if (!ImGui::BeginTable("inspected contacts", 4, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) return;
  for (const char* header : {"with", "point [m]", "normal [N]", "friction [N]"}) ImGui::TableSetupColumn(header);
  ImGui::TableHeadersRow();
  for (const InspectedContact& c : b.contacts) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted(c.with.c_str());
    ImGui::TableSetColumnIndex(1);
    ImGui::Text("%+.3f %+.3f %+.3f", c.point.x(), c.point.y(), c.point.z());
    ImGui::TableSetColumnIndex(2);
    ImGui::Text("%.4g", c.normalForce);
    ImGui::TableSetColumnIndex(3);
    ImGui::Text("%+.3g %+.3g %+.3g", c.friction.x(), c.friction.y(), c.friction.z());
  }
  ImGui::EndTable();
}

// What the body's joint transmits to it (from its parent or the world), by inverse dynamics.
void drawJointWrench(const BodyInspection& b) {
  if (!b.hasJointWrench) {
    ImGui::TextDisabled("joint wrench: after the first step (it needs the step's accelerations)");
    return;
  }
  ImGui::TextUnformatted("joint wrench on the body (world axes, moment about the joint)");
  if (!ImGui::BeginTable("inspected wrench", 2, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) return;
  vectorRow("force", b.jointWrench.force, "N");
  vectorRow("moment", b.jointWrench.moment, "N m");
  vectorRow("joint origin", b.jointWrench.point, "m");
  ImGui::EndTable();
  if (b.loopOnSubtree)
    ImGui::TextDisabled("a loop closure acts on this subtree: the wrench includes its force (tree inverse dynamics)");
}

// The bodies in model order (a parent before its children), indented by their depth in the
// joint tree; clipped to the rows in view, so a chain of 100000 links costs what it shows.
void drawBodyList(Workbench& app, const Model& model) {
  int& selected = app.ui().overlays.selectedBody;
  std::vector<int>& depth = app.ui().treeDepths;  // reused frame to frame
  depth.assign(static_cast<std::size_t>(model.bodyCount()), 0);
  for (int i = 0; i < model.bodyCount(); ++i)
    if (model.joints[i].parent >= 0) depth[i] = depth[model.joints[i].parent] + 1;
  ImGuiListClipper clipper;
  clipper.Begin(model.bodyCount());
  while (clipper.Step())
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const std::string label = std::string(static_cast<std::size_t>(std::min(depth[i], 20)), ' ') +
                                model.bodies[i].name + "  (" + model.joints[i].name + ", " +
                                jointTypeName(model.joints[i]) + ")##body" + std::to_string(i);
      if (ImGui::Selectable(label.c_str(), selected == i)) selected = selected == i ? -1 : i;
    }
}

}  // namespace

void drawInspectorPanel(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  const int b = app.ui().overlays.selectedBody;
  if (!snap.model || b < 0 || b >= snap.model->bodyCount() || static_cast<int>(snap.state.E_0i.size()) <= b) {
    ImGui::TextDisabled("click a body in the 3D view (or in the model tree) to inspect it");
    return;
  }
  const BodyInspection inspection = inspectBody(*snap.model, snap.state, b);
  ImGui::Text("body %d: %s%s", b, inspection.name.c_str(), snap.history.viewing ? "  (at the history time)" : "");
  ImGui::SameLine();
  if (ImGui::SmallButton("clear")) app.ui().overlays.selectedBody = -1;
  drawBodyTable(inspection);
  drawJointTable(inspection);
  drawJointSliders(app, b, inspection);
  drawForceTable(inspection);
  drawContactTable(inspection);
  drawJointWrench(inspection);
}

void drawModelTree(Workbench& app) {
  const Snapshot& snap = app.snapshot();
  if (!snap.model) return;
  const Model& model = *snap.model;
  ImGui::TextDisabled("bodies (indented under their parents) and their joints");
  if (ImGui::BeginChild("model bodies",
                        ImVec2(0.0f, std::min(10, model.bodyCount()) * ImGui::GetTextLineHeightWithSpacing() + 4.0f)))
    drawBodyList(app, model);
  ImGui::EndChild();
  const auto name = [&model](int body) { return body < 0 ? std::string("world") : model.bodies[body].name; };
  if (!model.loops.empty()) ImGui::TextDisabled("loop closures");
  for (const LoopConstraint& loop : model.loops)
    ImGui::BulletText("%s: %s between %s and %s", loop.name.c_str(), loopTypeName(loop.type), name(loop.bodyA).c_str(),
                      name(loop.bodyB).c_str());
  if (!model.forces.empty()) ImGui::TextDisabled("force elements");
  for (const ForceElement& force : model.forces)
    ImGui::BulletText("%s: %s, %s to %s", force.name.c_str(), forceElementTypeName(force.type),
                      name(force.a.body).c_str(), name(force.b.body).c_str());
  if (!model.muscles.empty()) ImGui::TextDisabled("muscles");
  for (const Muscle& muscle : model.muscles)
    ImGui::BulletText("%s: %zu path points, f_opt %.4g N", muscle.name.c_str(), muscle.path.size(),
                      muscle.maxIsometricForce);
}

}  // namespace articulab::gui
