// The ground plane z = 0 as geometry (no OpenGL here): a tessellated square that reaches as far
// as the fog lets the ground show, grid lines where their cells are at least a few pixels wide,
// and the x and y axes. shaders/ground.vert lights, fogs and fades it per vertex, so a ground
// fragment costs one interpolated colour: the ground covers most of the view, and software
// rasterisers (Mesa llvmpipe) pay for every fragment.
#pragma once

#include <vector>

#include <glm/glm.hpp>

namespace articulab::render {

struct GroundVertex {
  glm::vec3 position;
  glm::vec3 color;  // display colour
  float spacing;    // grid spacing of a grid line, m; 0 for the fill and the axes (they never fade)
};

// Everything the geometry depends on; the renderer rebuilds it when this changes.
struct GroundView {
  glm::vec3 eye{0.0f};
  float pixelAngle = 1e-3f;              // view angle of one pixel, rad
  float majorSpacing = 1.0f;             // major grid lines, m; minor lines are a tenth of it
  float fogStart = 1.0f, fogEnd = 2.0f;  // distances from the eye, m: fog starts, fog is complete

  bool operator==(const GroundView&) const = default;
};

// A grid line fades from its colour at kGridFadeStart to the bare ground at kGridFadeEnd, in
// spacings per pixel: cells 8 pixels wide show fully, cells 3.3 pixels wide no longer show.
inline constexpr float kGridFadeStart = 0.12f;
inline constexpr float kGridFadeEnd = 0.3f;

// Display colours (the shader lights them in linear space).
inline constexpr glm::vec3 kGroundColor{0.80f, 0.80f, 0.78f};
inline constexpr glm::vec3 kMinorLineColor{0.64f, 0.64f, 0.63f};
inline constexpr glm::vec3 kMajorLineColor{0.45f, 0.45f, 0.45f};
inline constexpr glm::vec3 kXAxisColor{0.80f, 0.30f, 0.30f};
inline constexpr glm::vec3 kYAxisColor{0.30f, 0.65f, 0.30f};

struct GroundGeometry {
  std::vector<GroundVertex> vertices;  // fill triangles, then grid line segments, then axis segments
  int fillCount = 0, gridCount = 0, axisCount = 0;  // vertices of each part
};

// World length of one pixel, along the view, on z = 0 at distance dist from the eye: the
// pixel's footprint dist * pixelAngle stretched by 1 / sin(elevation) = dist / |eye z|.
float groundPixelLength(const GroundView& view, float dist);
// Radius about the point below the eye inside which grid lines of this spacing show (their
// cells span more than 1 / kGridFadeEnd pixels); 0 when they show nowhere.
float gridLineRadius(const GroundView& view, float spacing);
// Radius about the point below the eye beyond which the fog hides the ground completely.
float groundRadius(const GroundView& view);

void buildGroundGeometry(const GroundView& view, GroundGeometry& out);

}  // namespace articulab::render
