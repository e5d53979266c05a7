// The tree an importer (URDF, MJCF) describes, turned into a Model: links with their mass
// properties and shapes in their own frame, each hanging from its parent link (or the world) by
// a joint; links on fixed joints merged into their parent (shapes moved, inertias combined
// exactly, eq 1.25-1.26), the rest stored depth-first as the scene loader stores them.
#pragma once

#include <string>
#include <vector>

#include "engine/multibody/model.hpp"

namespace articulab {

struct ImportedLink {
  Body body;              // name, shapes and inertial in the link frame
  int parent = -1;        // index of the parent link in ImportTree::links, -1 the world
  Joint joint;            // type Fixed: merged into the parent (unless the parent is the world)
  VectorX q0, qd0;        // joint.nq entries (zeros when empty)
  std::string where;      // "file:line" and the element ("<link name=\"x\">") for messages
  std::string element;
};

// Mass properties of an <inertial>: mass, centre at the origin of frame E (in the link frame),
// tensor I in E's axes turned into the link's (R I R^T, made symmetric to the last bit so that a
// scene file's six numbers give it back).
BodyInertial inertialAt(double mass, const Matrix4& E, const Matrix3& I);

// Adds mass properties b (in b's own frame placed at E_ab in frame a) to a's: one inertial
// about the combined centre (parallel axis theorem), exact to rounding.
BodyInertial combineInertials(const BodyInertial& a, const BodyInertial& b, const Matrix4& E_ab);

// Where a link ended up: its body (-1: the world) and its frame in that body's frame.
struct LinkPlacement {
  int body = -1;
  Matrix4 E_body_link = Matrix4::Identity();
};

// The model of the links: fixed joints merged, bodies in depth-first order, finalized. A link
// welded to the world stays a body on a fixed joint when it has mass or shapes, and is dropped
// (its children hang from the world) otherwise. Throws SceneError (at the link's `where`) for a
// moving body without mass.
// Returns each link's placement.
std::vector<LinkPlacement> buildImportedModel(std::vector<ImportedLink> links, Model& model);

}  // namespace articulab
