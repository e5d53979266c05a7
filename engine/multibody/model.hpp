// The static model: bodies, the joint tree, extra constraints, gravity, defaults.
// Built once (by the scene loader or by code); every engine function takes it as const.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "engine/multibody/body.hpp"
#include "engine/multibody/constraint.hpp"
#include "engine/multibody/force_element.hpp"
#include "engine/multibody/joint.hpp"
#include "engine/multibody/muscle.hpp"

namespace articulab {

// A value for one of a back-end's own settings, as a scene file gives it ("solver_settings"):
// a number, or a word (a choice's name, on or off). The back-end's table of settings checks it
// where a run is created (validateSceneChoices and resolveSolverOptions, engine/solvers/).
struct SettingValue {
  std::string backend;  // the back-end whose setting it is
  std::string name;     // as the back-end lists it, e.g. "gmres-tolerance"
  double value = 0.0;   // when given as a number
  std::string word;     // when given as a word ("newton", "on"); empty for a number
};

// How the scene asks to be simulated, as the file states it (names and numbers, as MuJoCo's
// mjOption): the loader does not know the back-ends, so names and settings are checked where a
// run is created (validateSceneChoices, engine/solvers/registry.hpp).
struct SimulationDefaults {
  std::string backend = "redmax";
  std::string integrator;                         // empty: the back-end's default integrator
  std::string driftControl = "post-stabilization";  // none, baumgarte, post-stabilization
  double baumgarteAlpha = 10.0;  // 1/s (sueda eq 1.82)
  double baumgarteBeta = 10.0;   // 1/s (sueda eq 1.82)
  double dt = 1e-3;       // s
  double duration = 5.0;  // s
  std::vector<SettingValue> solverSettings;
};

// Bodies and joints share indices: joint i has child body i, and parent[i] < i (the tree is
// stored in depth-first order, so a forward loop visits parents before children).
struct Model {
  std::string name;
  std::string description;
  std::string sourceFile;
  std::vector<Body> bodies;
  std::vector<Joint> joints;
  std::vector<LoopConstraint> loops;
  std::vector<ForceElement> forces;  // springs, dampers, point forces (force_element.hpp; laws in engine/forces/)
  std::vector<Muscle> muscles;       // musculotendon actuators (engine/multibody/muscle.hpp)
  Vector3 gravity{0.0, 0.0, -9.81};  // m/s^2
  // Body shapes collide with the ground plane z = 0; enforced only by back-ends that support
  // contact. groundFriction is the ground's Coulomb coefficient and every body's default
  // (Body::friction; combined as engine/contact/friction_pyramid.hpp says); 0: frictionless.
  bool groundContact = false;
  double groundFriction = 0.0;
  // Body shapes collide with each other (engine/contact/body_contact; bodies joined by a joint
  // excepted), with the friction of the pair (friction_pyramid.hpp); only on back-ends that
  // support it (baraff).
  bool bodyContact = false;
  int nq = 0;
  VectorX q0, qd0;  // initial coordinates and velocities from the scene
  SimulationDefaults defaults;
  std::map<std::string, double> parameters;  // resolved scene parameters
  // What an import (URDF, MJCF: engine/io/model_loader.hpp) approximated or left out, one line
  // each, "file:line: <element>: what"; empty for a scene file.
  std::vector<std::string> importReport;
  // Named initial states (MJCF keyframes): q and qdot with nq entries each.
  struct Keyframe {
    std::string name;
    VectorX q, qd;
  };
  std::vector<Keyframe> keyframes;
  // The exact solution the scene declares ("closed_form", engine/diagnostics/closed_form.hpp), for a
  // study's "reference": "closed-form"; empty when it declares none.
  std::string closedForm;

  int bodyCount() const { return static_cast<int>(bodies.size()); }
  int parentOf(int i) const { return joints[i].parent; }
  // Index of the body with this name, or -1.
  int findBody(const std::string& name) const;
};

// Assigns qIndex and nq from the joints and checks the depth-first ordering; returns an empty
// string on success or a description of what is wrong.
std::string finalizeModel(Model& model);

}  // namespace articulab
