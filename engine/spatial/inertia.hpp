// Spatial inertia of primitive shapes and composite bodies (sueda notes 1.7, eq 1.24-1.26).
// Every shape is centred at its frame origin; cylinder, capsule and torus have their axis along z.
#pragma once

#include <memory>

#include "engine/spatial/triangle_mesh.hpp"
#include "engine/spatial/types.hpp"

namespace articulab {

enum class ShapeType { Box, Sphere, Ellipsoid, Cylinder, Capsule, Torus, Mesh };

// Shape dimensions, metres:
//   Box: full side lengths (x, y, z).     Sphere: radius in x.
//   Ellipsoid: semi-axes (x, y, z).       Cylinder: radius x, length y (along z).
//   Capsule: radius x, length y of the cylindrical part (along z, hemispheres beyond).
//   Torus: major radius x (centre to tube centre), minor radius y (tube), axis z.
//   Mesh: the scale of the mesh's vertices along x, y, z (the mesh is not centred at its frame).
struct ShapeDims {
  ShapeType type = ShapeType::Box;
  Vector3 size = Vector3::Ones();
  std::shared_ptr<const TriangleMesh> mesh;  // Mesh only
};

// Volume in m^3.
double shapeVolume(const ShapeDims& shape);
// Principal moments of inertia (kg m^2) about the centre for the given mass.
Vector3 shapePrincipalMoments(const ShapeDims& shape, double mass);
// 6x6 spatial inertia about the centre, diag(I, m 1) (eq 1.24); not for meshes (shapeSpatialInertia).
Matrix6 centralSpatialInertia(const ShapeDims& shape, double mass);
// 6x6 spatial inertia about the shape frame: the central one for primitives (centred at their
// frame), a mesh's from its volume integrals (triangle_mesh.hpp).
Matrix6 shapeSpatialInertia(const ShapeDims& shape, double mass);
// The spatial inertia about frame b of a mass with centre com and inertia I_c about the centre,
// both in b's axes (eq 1.25-1.26 for a point-mass translation).
Matrix6 spatialInertiaAbout(double mass, const Vector3& com, const Matrix3& I_c);
// Moves a spatial inertia given in frame k into frame c: Ad_kc^T M_k Ad_kc (eq 1.26).
// E_ck is the pose of frame k in frame c.
Matrix6 transformInertia(const Matrix6& M_k, const Matrix4& E_ck);
// Mass (1 1 1 block of the linear part) and centre of mass of a spatial inertia.
double inertiaMass(const Matrix6& M);
Vector3 inertiaCentreOfMass(const Matrix6& M);

}  // namespace articulab
