// A closed triangle mesh: the geometry of a "mesh" shape (read by engine/io/mesh_file.hpp), and
// its volume integrals for mass properties (Eberly, "Polyhedral Mass Properties (Revisited)",
// 2002: the divergence theorem over each triangle, exact for a closed, consistently oriented mesh).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "engine/spatial/types.hpp"

namespace articulab {

struct TriangleMesh {
  std::string file;                            // the file it was read from, as resolved
  std::vector<Vector3> vertices;               // in the mesh frame, unscaled
  std::vector<std::array<int, 3>> triangles;   // vertex indices, counter-clockwise seen from outside
  // The vertices furthest along the 8 diagonals (+-1, +-1, +-1) of the mesh frame, corner j
  // with bit 0, 1, 2 of j choosing +x, +y, +z (a box's corners): its ground support points.
  std::array<int, 8> corners{};
};

// Fills mesh.corners from its vertices.
void findMeshCorners(TriangleMesh& mesh);

// Volume, centroid and second moments of the solid a mesh encloses, with its vertices scaled.
struct MeshVolume {
  double volume = 0.0;                     // m^3; negative for an inside-out mesh
  Vector3 centroid = Vector3::Zero();      // in the mesh frame
  Matrix3 inertiaAboutCentroid = Matrix3::Zero();  // per unit density, mesh axes
};
MeshVolume meshVolume(const TriangleMesh& mesh, const Vector3& scale);

// The mesh's vertex furthest along d (the support point of its convex hull), scaled.
Vector3 meshSupportVertex(const TriangleMesh& mesh, const Vector3& scale, const Vector3& d);
// Lowest and highest scaled vertex coordinates (the box that holds the mesh in its frame).
void meshBounds(const TriangleMesh& mesh, const Vector3& scale, Vector3& lo, Vector3& hi);

}  // namespace articulab
