#include "render/ground_geometry.hpp"

#include <algorithm>
#include <cmath>

namespace articulab::render {

namespace {

constexpr int kFillCells = 12;          // per side of the fill square
constexpr float kPiecesPerRadius = 4;   // line pieces per radius of the region a line level shows in
constexpr float kPiecesPerFogRamp = 8;  // line pieces per fogEnd - fogStart
constexpr long kMaxLinesPerAxis = 4096;
constexpr float kMinEyeHeight = 1e-6f;  // m

float eyeHeight(const GroundView& view) { return std::max(std::abs(view.eye.z), kMinEyeHeight); }

// Ground radius (about the point below the eye) of the sphere of radius dist about the eye.
float radiusOnGround(const GroundView& view, float dist) {
  return std::sqrt(std::max(dist * dist - view.eye.z * view.eye.z, 0.0f));
}

// The segment a-b as GL_LINES pieces no longer than maxLength, so per-vertex fog and fade
// interpolate smoothly along it.
void addLine(const glm::vec3& a, const glm::vec3& b, const glm::vec3& color, float spacing, float maxLength,
             std::vector<GroundVertex>& out) {
  const glm::vec3 ab = b - a;  // zero across the line, so the pieces stay exactly on it
  const int pieces = std::max(1, static_cast<int>(std::ceil(glm::length(ab) / maxLength)));
  for (int i = 0; i < pieces; ++i) {
    out.push_back({a + ab * (float(i) / float(pieces)), color, spacing});
    out.push_back({a + ab * (float(i + 1) / float(pieces)), color, spacing});
  }
}

void addFill(const GroundView& view, float radius, std::vector<GroundVertex>& out) {
  const float cell = 2.0f * radius / kFillCells;
  const glm::vec3 corner(view.eye.x - radius, view.eye.y - radius, 0.0f);
  auto at = [&](int i, int j) -> GroundVertex {
    return {corner + glm::vec3(float(i) * cell, float(j) * cell, 0.0f), kGroundColor, 0.0f};
  };
  for (int j = 0; j < kFillCells; ++j)
    for (int i = 0; i < kFillCells; ++i)
      out.insert(out.end(), {at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i, j + 1)});
}

// Lines x = k spacing and y = k spacing inside the disc of this radius about the point below
// the eye, cut to the disc; skipEvery > 0 leaves out every skipEvery-th line (drawn by a
// coarser level).
void addGridLevel(const GroundView& view, float spacing, float radius, float maxPiece, const glm::vec3& color,
                  long skipEvery, std::vector<GroundVertex>& out) {
  const glm::vec2 foot(view.eye.x, view.eye.y);
  for (int axis = 0; axis < 2; ++axis) {
    const long first = static_cast<long>(std::ceil((foot[axis] - radius) / spacing));
    const long last =
        std::min(static_cast<long>(std::floor((foot[axis] + radius) / spacing)), first + kMaxLinesPerAxis);
    for (long k = first; k <= last; ++k) {
      if (skipEvery > 0 && k % skipEvery == 0) continue;
      const float offset = float(k) * spacing - foot[axis];
      const float halfChord = std::sqrt(std::max(radius * radius - offset * offset, 0.0f));
      if (halfChord <= 0.0f) continue;
      glm::vec3 a(0.0f), b(0.0f);
      a[axis] = b[axis] = float(k) * spacing;
      a[1 - axis] = foot[1 - axis] - halfChord;
      b[1 - axis] = foot[1 - axis] + halfChord;
      addLine(a, b, color, spacing, std::min(maxPiece, radius / kPiecesPerRadius), out);
    }
  }
}

// The x axis (y = 0) and the y axis (x = 0) across the disc of this radius.
void addAxes(const GroundView& view, float radius, float maxPiece, std::vector<GroundVertex>& out) {
  const glm::vec2 foot(view.eye.x, view.eye.y);
  const glm::vec3 colors[2] = {kYAxisColor, kXAxisColor};  // line x = 0, line y = 0
  for (int axis = 0; axis < 2; ++axis) {
    const float halfChord = std::sqrt(std::max(radius * radius - foot[axis] * foot[axis], 0.0f));
    if (halfChord <= 0.0f) continue;
    glm::vec3 a(0.0f), b(0.0f);
    a[1 - axis] = foot[1 - axis] - halfChord;
    b[1 - axis] = foot[1 - axis] + halfChord;
    addLine(a, b, colors[axis], 0.0f, std::min(maxPiece, radius / kPiecesPerRadius), out);
  }
}

}  // namespace

float groundPixelLength(const GroundView& view, float dist) { return dist * dist * view.pixelAngle / eyeHeight(view); }

float gridLineRadius(const GroundView& view, float spacing) {
  // groundPixelLength(dist) / spacing = kGridFadeEnd, solved for dist.
  const float dist = std::sqrt(kGridFadeEnd * spacing * eyeHeight(view) / std::max(view.pixelAngle, 1e-9f));
  return radiusOnGround(view, dist);
}

float groundRadius(const GroundView& view) { return radiusOnGround(view, view.fogEnd); }

void buildGroundGeometry(const GroundView& view, GroundGeometry& out) {
  out.vertices.clear();
  const float radius = groundRadius(view);
  if (radius <= 0.0f) {
    out.fillCount = out.gridCount = out.axisCount = 0;
    return;
  }
  const float maxPiece = std::max(view.fogEnd - view.fogStart, 0.25f * radius) / kPiecesPerFogRamp;
  addFill(view, radius, out.vertices);
  out.fillCount = static_cast<int>(out.vertices.size());
  const float major = view.majorSpacing, minor = 0.1f * major;
  addGridLevel(view, minor, std::min(gridLineRadius(view, minor), radius), maxPiece, kMinorLineColor, 10,
               out.vertices);
  addGridLevel(view, major, std::min(gridLineRadius(view, major), radius), maxPiece, kMajorLineColor, 0,
               out.vertices);
  out.gridCount = static_cast<int>(out.vertices.size()) - out.fillCount;
  addAxes(view, radius, maxPiece, out.vertices);
  out.axisCount = static_cast<int>(out.vertices.size()) - out.fillCount - out.gridCount;
}

}  // namespace articulab::render
