// Contact generation against the ground plane z = 0 (frictionless normal; sueda notes 1.10-1.11):
// every body shape offers support points, its lowest points in the world -z direction (every
// corner of a box, one point per end of a cylinder or capsule, one for the round shapes). A
// support point's height is the gap g(x) of a unilateral constraint g >= 0 whose rate is the
// row e_z^T R Gamma(x) of the body twist (eq 1.12). Which points become active rows, and at
// which level they are enforced, is the back-end's choice.
#pragma once

#include "engine/constraints/constraint_row.hpp"
#include "engine/multibody/model.hpp"

namespace articulab::contact {

// Most support points of one shape (the corners of a box).
constexpr int kMaxSupportPoints = 8;

struct GroundSupport {
  Vector3 body = Vector3::Zero();   // the point in body coordinates, m
  Vector3 world = Vector3::Zero();  // the point in world coordinates; world.z() is the gap, m
  constraints::Row6 J = constraints::Row6::Zero();  // d gap / dt = J phi (body twist phi)
};

// Support points of a shape: 8 for a box or a mesh, 2 for a cylinder or capsule, 0 for a shape
// that does not collide, 1 otherwise.
int supportPointCount(const BodyShape& shape);
// Support points of every shape of every body when the model has ground contact, else 0.
int groundSupportCapacity(const Model& model);
// Support point j of a shape (shape frame) in the unit direction d (shape frame): the lowest
// point of the shape when d is world -z; boxes and meshes give corner j whatever d.
Vector3 shapeSupportPoint(const ShapeDims& dims, const Vector3& d, int j);
// The support points of one shape of a body at world pose E_0b, into out[0 .. count); returns
// count (supportPointCount(shape), at most kMaxSupportPoints).
int groundSupportPoints(const BodyShape& shape, const Matrix4& E_0b, GroundSupport* out);

}  // namespace articulab::contact
