// Which overlays the user has switched on. The mouse perturbation spring is always drawn while
// it is active.
#pragma once

namespace articulab::render {

// What the muscles' colour shows: activation a, or force over maximum isometric force f / f_opt.
enum class MuscleColouring { Activation, Force };

struct Overlays {
  bool jointFrames = false;    // RGB axes of each joint frame, plus the axis of 1-DOF joints
  bool centresOfMass = false;  // a marker at each body's centre of mass
  bool constraints = true;     // loop-closure anchors, their gap, hinge axes
  bool contacts = true;        // contact points passed to Renderer::draw
  bool forces = true;          // force elements: springs coloured by tension, point-force arrows
  bool anchors = true;         // where joints hold bodies to the world (pivots, hips)
  bool grid = true;            // the ground plane z = 0 with its grid
  bool shadows = true;         // shadow map from the directional light
  bool muscles = true;         // muscles as tubes along their paths, with dots at their path points
  MuscleColouring muscleColouring = MuscleColouring::Activation;
  int selectedBody = -1;       // outlined in yellow: the body the inspector shows (-1: none)
  int hoveredBody = -1;        // outlined in cyan: the body under the mouse (-1: none)
};

}  // namespace articulab::render
