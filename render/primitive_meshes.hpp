// Canonical triangle meshes with per-vertex normals, generated in code (no OpenGL here).
// Shared by the asset tool (assets/tools/make_meshes.cpp writes them as OBJ files) and by the
// renderer, which builds tori of ratios that have no stored file at load time.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace articulab::render {

// Indexed triangles; positions and normals are xyz triples, one per vertex.
struct MeshData {
  std::vector<float> positions;
  std::vector<float> normals;
  std::vector<std::uint32_t> indices;

  std::size_t vertexCount() const { return positions.size() / 3; }
  std::size_t triangleCount() const { return indices.size() / 3; }
};

// Unit meshes, all centred at the origin, axis along z (the convention of ShapeDims):
// box of side 1, sphere of radius 1, hemisphere of radius 1 over z >= 0 (open at z = 0),
// cylinder of radius 1 and length 1 with caps, torus of major radius 1 and minor radius ratio.
MeshData makeBox();
MeshData makeSphere(int slices = 32, int stacks = 16);
MeshData makeHemisphere(int slices = 32, int stacks = 8);
MeshData makeCylinder(int slices = 32);
MeshData makeTorus(double minorOverMajor, int majorSegments = 48, int minorSegments = 16);

// Minor/major ratios of the tori stored in assets/; other ratios are generated at load time.
inline constexpr std::array<double, 3> kStoredTorusRatios{0.1, 0.25, 0.5};
// File name of the stored torus of this ratio, e.g. "torus_ratio_0.25.obj".
std::string torusFileName(double minorOverMajor);

}  // namespace articulab::render
