#include "engine/io/import_tree.hpp"

#include "engine/io/scene_loader.hpp"
#include "engine/spatial/se3.hpp"
#include "engine/spatial/so3.hpp"

namespace articulab {

namespace {

// Inertia of a point mass m at offset d about the origin: m (|d|^2 1 - d d^T).
Matrix3 pointInertia(double m, const Vector3& d) { return m * (d.squaredNorm() * Matrix3::Identity() - d * d.transpose()); }

// Moves link `child` (its frame at E_pc in its parent's) into the parent body.
void mergeInto(Body& parent, const Body& child, const Matrix4& E_pc) {
  for (BodyShape shape : child.shapes) {
    shape.E_bs = E_pc * shape.E_bs;
    parent.shapes.push_back(shape);
  }
  if (child.inertial.given) parent.inertial = combineInertials(parent.inertial, child.inertial, E_pc);
}

bool hasMassOrShapes(const Body& body) { return body.inertial.given || !body.shapes.empty(); }

}  // namespace

BodyInertial inertialAt(double mass, const Matrix4& E, const Matrix3& I) {
  const Matrix3 R = E.topLeftCorner<3, 3>();
  const Matrix3 turned = R * I * R.transpose();
  return {true, mass, E.topRightCorner<3, 1>(), 0.5 * (turned + turned.transpose())};
}

BodyInertial combineInertials(const BodyInertial& a, const BodyInertial& b, const Matrix4& E_ab) {
  if (!b.given) return a;
  const Matrix3 R = E_ab.topLeftCorner<3, 3>();
  const Vector3 comB = R * b.com + E_ab.topRightCorner<3, 1>();
  const Matrix3 inertiaB = R * b.inertia * R.transpose();
  if (!a.given) return {true, b.mass, comB, inertiaB};
  BodyInertial out;
  out.given = true;
  out.mass = a.mass + b.mass;
  out.com = (a.mass * a.com + b.mass * comB) / out.mass;
  out.inertia = a.inertia + pointInertia(a.mass, a.com - out.com) + inertiaB + pointInertia(b.mass, comB - out.com);
  out.inertia = 0.5 * (out.inertia + out.inertia.transpose());
  return out;
}

std::vector<LinkPlacement> buildImportedModel(std::vector<ImportedLink> links, Model& model) {
  const int n = static_cast<int>(links.size());
  std::vector<std::vector<int>> children(n);
  std::vector<int> roots;
  for (int i = 0; i < n; ++i) (links[i].parent < 0 ? roots : children[links[i].parent]).push_back(i);
  // Where each link lives: its body (-1: the world) and its frame in that body's.
  std::vector<int> bodyOf(n, -1);
  std::vector<Matrix4> E_body_link(n, Matrix4::Identity());
  std::vector<int> linkOfBody;  // the link each body was made from
  std::vector<int> stack(roots.rbegin(), roots.rend());
  while (!stack.empty()) {
    const int i = stack.back();
    stack.pop_back();
    ImportedLink& link = links[i];
    const int parentBody = link.parent < 0 ? -1 : bodyOf[link.parent];
    const Matrix4 E_parent = link.parent < 0 ? Matrix4::Identity() : E_body_link[link.parent];
    const bool fixed = link.joint.type == JointType::Fixed;
    if (fixed && parentBody >= 0) {  // merged into the parent's body
      bodyOf[i] = parentBody;
      E_body_link[i] = E_parent * link.joint.E_pj * link.joint.E_jc;
      mergeInto(model.bodies[parentBody], link.body, E_body_link[i]);
    } else if (fixed && !hasMassOrShapes(link.body)) {  // an empty link welded to the world: dropped
      bodyOf[i] = -1;
      E_body_link[i] = E_parent * link.joint.E_pj * link.joint.E_jc;
    } else {
      Joint joint = link.joint;
      joint.parent = parentBody;
      joint.child = model.bodyCount();
      joint.E_pj = E_parent * joint.E_pj;
      bodyOf[i] = model.bodyCount();
      linkOfBody.push_back(i);
      model.bodies.push_back(link.body);
      model.joints.push_back(joint);
    }
    for (auto c = children[i].rbegin(); c != children[i].rend(); ++c) stack.push_back(*c);
  }
  // Coordinates in body order.
  int nq = 0;
  for (Joint& joint : model.joints) {
    joint.nq = 0;
    for (const JointPart& part : joint.parts) joint.nq += part.nq;
    nq += joint.nq;
  }
  model.q0 = VectorX::Zero(nq);
  model.qd0 = VectorX::Zero(nq);
  for (int b = 0, q = 0; b < model.bodyCount(); ++b) {
    const ImportedLink& link = links[linkOfBody[b]];
    const int dof = model.joints[b].nq;
    if (link.q0.size() == dof) model.q0.segment(q, dof) = link.q0;
    if (link.qd0.size() == dof) model.qd0.segment(q, dof) = link.qd0;
    q += dof;
  }
  for (Body& body : model.bodies) computeBodyInertia(body);
  for (int b = 0; b < model.bodyCount(); ++b) {
    const Body& body = model.bodies[b];
    if (model.joints[b].type != JointType::Fixed && !(body.mass > 0.0))
      throw SceneError(links[linkOfBody[b]].where, links[linkOfBody[b]].element,
                       "link '" + body.name + "' moves (joint '" + model.joints[b].name +
                           "') but has no mass, nor has any link welded to it; give it an inertial with a positive mass");
  }
  const std::string problem = finalizeModel(model);
  if (!problem.empty()) throw SceneError(model.sourceFile, "", "inconsistent model: " + problem);
  std::vector<LinkPlacement> placement(n);
  for (int i = 0; i < n; ++i) placement[i] = {bodyOf[i], E_body_link[i]};
  return placement;
}

}  // namespace articulab
