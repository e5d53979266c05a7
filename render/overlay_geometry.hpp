// What the overlays draw, built on the CPU from the model and state: coloured line segments and
// small sphere markers. Joint frames, centres of mass, loop constraints, the mouse spring,
// contact points.
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "engine/multibody/state.hpp"

namespace articulab::render {

struct Overlays;

struct ColoredLine {
  glm::vec3 a, b, color;
};

struct Marker {
  glm::vec3 centre;
  float radius;
  glm::vec3 color;
};

struct OverlayGeometry {
  std::vector<ColoredLine> lines;
  std::vector<Marker> markers;
};

// Appends the outline (the 12 edges of each shape's box) of every body posed by `ghost`: the
// pose of a second run of the same model, drawn over the first.
void addGhost(const Model& model, const State& ghost, std::vector<ColoredLine>& out);
// The same in the run's own colour (the colour of its series in the plots).
void addGhost(const Model& model, const State& ghost, const glm::vec3& colour, std::vector<ColoredLine>& out);
// Appends the friction force of each contact of the last step (State::outputs) as a line from
// its point, 0.15 sceneSize long for a force equal to the step's largest normal force.
void addFrictionForces(const State& state, float sceneSize, std::vector<ColoredLine>& out);
// Appends the box outline of one body's shapes (nothing for an index out of range).
void addBodyOutline(const Model& model, const State& state, int body, const glm::vec3& colour,
                    std::vector<ColoredLine>& out);

// Appends the guide lines of the general joints (ScleronomicJoint::guideLines: the curve or
// surface a joint slides on) as world segments.
void addGuideLines(const Model& model, const State& state, std::vector<ColoredLine>& out);

// Appends a dark wire glyph at every joint that holds a body to the world (pivots, hips; not
// free, planar, translational or welded joints): a ring about a hinge's axis with the axis, a
// wire ball of three rings about other pivots. Wire, not a solid marker, so that an anchor is
// never mistaken for a body (a welded body is itself the fixed part and gets none).
void addWorldAnchors(const Model& model, float sceneSize, OverlayGeometry& out);

// Appends the force elements: each spring as a segment between its attachment points, grey at
// rest, red under tension and blue under compression (scaled by the largest |tension|), and each
// point force as an arrow along F.
void addForceElements(const Model& model, const State& state, float sceneSize, OverlayGeometry& out);

// sceneSize (m) sets the marker size where a body gives no scale of its own.
OverlayGeometry buildOverlayGeometry(const Model& model, const State& state, const Overlays& overlays,
                                     const std::vector<Vector3>& contactPoints, float sceneSize);

}  // namespace articulab::render
