#include "render/primitive_meshes.hpp"

#include <cmath>
#include <cstdio>
#include <numbers>
#include <utility>

namespace articulab::render {

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

struct Vec3 {
  double x, y, z;
};

Vec3 sub(const Vec3& a, const Vec3& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
double dot(const Vec3& a, const Vec3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

std::uint32_t addVertex(MeshData& mesh, const Vec3& p, const Vec3& n) {
  const auto index = static_cast<std::uint32_t>(mesh.vertexCount());
  mesh.positions.insert(mesh.positions.end(), {float(p.x), float(p.y), float(p.z)});
  mesh.normals.insert(mesh.normals.end(), {float(n.x), float(n.y), float(n.z)});
  return index;
}

void addTriangle(MeshData& mesh, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  mesh.indices.insert(mesh.indices.end(), {a, b, c});
}

// Quad a-b-c-d as two triangles; winding is fixed afterwards by orientOutward.
void addQuad(MeshData& mesh, std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) {
  addTriangle(mesh, a, b, c);
  addTriangle(mesh, a, c, d);
}

Vec3 vertexAt(const std::vector<float>& data, std::uint32_t i) {
  return {data[3 * i], data[3 * i + 1], data[3 * i + 2]};
}

// Makes every triangle counter-clockwise seen from the side its vertex normals point to, so
// gl_FrontFacing agrees with the normals, and drops triangles of zero area (sphere poles).
void orientOutward(MeshData& mesh) {
  std::vector<std::uint32_t> kept;
  kept.reserve(mesh.indices.size());
  for (std::size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
    std::uint32_t tri[3] = {mesh.indices[t], mesh.indices[t + 1], mesh.indices[t + 2]};
    const Vec3 p0 = vertexAt(mesh.positions, tri[0]);
    const Vec3 faceNormal = cross(sub(vertexAt(mesh.positions, tri[1]), p0), sub(vertexAt(mesh.positions, tri[2]), p0));
    if (dot(faceNormal, faceNormal) < 1e-20) continue;
    Vec3 n{0.0, 0.0, 0.0};
    for (std::uint32_t corner : tri) {
      const Vec3 nk = vertexAt(mesh.normals, corner);
      n = {n.x + nk.x, n.y + nk.y, n.z + nk.z};
    }
    if (dot(faceNormal, n) < 0.0) std::swap(tri[1], tri[2]);
    kept.insert(kept.end(), tri, tri + 3);
  }
  mesh.indices = std::move(kept);
}

// Grid of (rows + 1) x (columns + 1) vertices from a surface function; quads between them.
template <class Surface>
void addParametricGrid(MeshData& mesh, int rows, int columns, Surface surface) {
  const auto first = static_cast<std::uint32_t>(mesh.vertexCount());
  for (int i = 0; i <= rows; ++i)
    for (int j = 0; j <= columns; ++j) {
      Vec3 p, n;
      surface(double(i) / rows, double(j) / columns, p, n);
      addVertex(mesh, p, n);
    }
  const auto at = [&](int i, int j) { return first + static_cast<std::uint32_t>(i * (columns + 1) + j); };
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < columns; ++j) addQuad(mesh, at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1));
}

// Unit sphere patch for polar angle in [0, thetaMax] (theta measured from +z).
MeshData makeSphereCap(int slices, int stacks, double thetaMax) {
  MeshData mesh;
  addParametricGrid(mesh, stacks, slices, [&](double u, double v, Vec3& p, Vec3& n) {
    const double theta = u * thetaMax, phi = v * kTwoPi;
    n = {std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi), std::cos(theta)};
    p = n;
  });
  orientOutward(mesh);
  return mesh;
}

// Flat disc of radius 1 at height z facing +z or -z.
void addDisc(MeshData& mesh, int slices, double z, double normalZ) {
  const std::uint32_t centre = addVertex(mesh, {0.0, 0.0, z}, {0.0, 0.0, normalZ});
  const auto first = static_cast<std::uint32_t>(mesh.vertexCount());
  for (int j = 0; j <= slices; ++j) {
    const double phi = kTwoPi * j / slices;
    addVertex(mesh, {std::cos(phi), std::sin(phi), z}, {0.0, 0.0, normalZ});
  }
  for (int j = 0; j < slices; ++j) addTriangle(mesh, centre, first + j, first + j + 1);
}

}  // namespace

MeshData makeBox() {
  MeshData mesh;
  for (int axis = 0; axis < 3; ++axis)
    for (double sign : {-1.0, 1.0}) {
      const int u = (axis + 1) % 3, v = (axis + 2) % 3;
      std::uint32_t corners[4];
      const double su[4] = {-0.5, 0.5, 0.5, -0.5}, sv[4] = {-0.5, -0.5, 0.5, 0.5};
      for (int k = 0; k < 4; ++k) {
        double p[3], n[3] = {0.0, 0.0, 0.0};
        p[axis] = 0.5 * sign;
        p[u] = su[k];
        p[v] = sv[k];
        n[axis] = sign;
        corners[k] = addVertex(mesh, {p[0], p[1], p[2]}, {n[0], n[1], n[2]});
      }
      addQuad(mesh, corners[0], corners[1], corners[2], corners[3]);
    }
  orientOutward(mesh);
  return mesh;
}

MeshData makeSphere(int slices, int stacks) { return makeSphereCap(slices, stacks, std::numbers::pi); }

MeshData makeHemisphere(int slices, int stacks) { return makeSphereCap(slices, stacks, 0.5 * std::numbers::pi); }

MeshData makeCylinder(int slices) {
  MeshData mesh;
  addParametricGrid(mesh, 1, slices, [](double u, double v, Vec3& p, Vec3& n) {
    const double phi = v * kTwoPi;
    n = {std::cos(phi), std::sin(phi), 0.0};
    p = {n.x, n.y, u - 0.5};
  });
  addDisc(mesh, slices, 0.5, 1.0);
  addDisc(mesh, slices, -0.5, -1.0);
  orientOutward(mesh);
  return mesh;
}

MeshData makeTorus(double minorOverMajor, int majorSegments, int minorSegments) {
  MeshData mesh;
  addParametricGrid(mesh, majorSegments, minorSegments, [&](double u, double v, Vec3& p, Vec3& n) {
    const double around = u * kTwoPi, tube = v * kTwoPi;
    n = {std::cos(tube) * std::cos(around), std::cos(tube) * std::sin(around), std::sin(tube)};
    p = {std::cos(around) + minorOverMajor * n.x, std::sin(around) + minorOverMajor * n.y, minorOverMajor * n.z};
  });
  orientOutward(mesh);
  return mesh;
}

std::string torusFileName(double minorOverMajor) {
  char name[64];
  std::snprintf(name, sizeof name, "torus_ratio_%.3g.obj", minorOverMajor);
  return name;
}

}  // namespace articulab::render
