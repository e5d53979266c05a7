// Live edits of a Model's plain parameters (joint springs, body masses, gravity, force elements), checked
// first: each returns an empty string on success or the reason the value was refused, and
// leaves the model untouched when it refuses.
#pragma once

#include <string>

#include "engine/multibody/model.hpp"
#include "engine/solvers/drift_control.hpp"

namespace articulab::session {

enum class JointField { Stiffness, Damping, Rest };

// Rest needs the coordinate index (0 <= coordinate < joint nq); the others ignore it.
std::string setJointField(Model& model, int joint, JointField field, double value, int coordinate = 0);
// Scales the body's shape masses by mass / old mass (a single shape gets mass) and sums their
// inertias as the loader does, so that a saved scene loads back to this body bit for bit.
std::string setBodyMass(Model& model, int body, double mass);
std::string setGravity(Model& model, const Vector3& gravity);
// Coulomb coefficients (>= 0, finite): the ground's, which is also the default of every body
// without its own, and a body's own (combined with the ground's as friction_pyramid.hpp says).
std::string setGroundFriction(Model& model, double mu);
std::string setBodyFriction(Model& model, int body, double mu);
// Drift control of the constraint back-ends (sueda 1.12); Baumgarte gains in 1/s, >= 0.
std::string setDriftControl(Model& model, DriftControl drift, double alpha, double beta);

// "stiffness", "damping" or "rest"; false for anything else.
bool parseJointField(const std::string& name, JointField& out);

// Fields of a force element (engine/multibody/force_element.hpp): stiffness N/m, damping N s/m,
// rest length m (spring-dampers), force N (point forces; coordinate 0-2 is x, y, z).
enum class ForceField { Stiffness, Damping, RestLength, Force };
std::string setForceField(Model& model, int element, ForceField field, double value, int coordinate = 0);
// "stiffness", "damping", "rest_length" or "force"; false for anything else.
bool parseForceField(const std::string& name, ForceField& out);

// A muscle's excitation becomes the constant u (engine/forces/muscle_excitation.hpp), refused
// outside [0, 1] (never clamped); the activation follows it from the next step on.
std::string setMuscleExcitation(Model& model, int muscle, double excitation);
// Gives the muscle back the excitation schedule it has in scene (the model as loaded); refused
// when scene has no muscle of that index and name.
std::string restoreMuscleExcitation(Model& model, const Model& scene, int muscle);
// The same schedule (knots or wave), compared exactly.
bool sameExcitation(const Excitation& a, const Excitation& b);

}  // namespace articulab::session
