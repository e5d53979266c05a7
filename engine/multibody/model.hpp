// The static model: bodies, the joint tree, extra constraints, gravity, defaults.
// Built once (by the scene loader or by code); every engine function takes it as const.
#pragma once

#include <iosfwd>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/forces/force_element.hpp"
#include "engine/forces/muscle.hpp"
#include "engine/multibody/body.hpp"
#include "engine/multibody/constraint.hpp"
#include "engine/multibody/joint.hpp"

namespace articulab {

// A time integrator, named as on the command line and in scene files. The set is open: each
// back-end's registry entry (engine/solvers/registry.hpp) lists the integrators it offers, so a
// back-end with an integrator of its own declares it in its folder, as a constant like those
// below. A default-constructed Integrator means "the back-end's default" (its first one).
class Integrator {
 public:
  constexpr Integrator() = default;
  // name must outlive the Integrator (a string literal).
  constexpr explicit Integrator(const char* name) : name_(name) {}
  constexpr const char* name() const { return name_ ? name_ : "default"; }
  constexpr bool isDefault() const { return name_ == nullptr; }
  // The name, e.g. for SimulationDefaults::integrator.
  constexpr operator std::string_view() const { return name(); }
  friend constexpr bool operator==(Integrator a, Integrator b) {
    return a.name_ == b.name_ || (a.name_ && b.name_ && std::string_view(a.name_) == std::string_view(b.name_));
  }
  friend bool operator==(Integrator a, std::string_view name) { return a.name_ && name == a.name_; }

  // The integrators of the reduced-coordinate back-ends (reduced_solver.hpp); baraff offers
  // the last two on SE(3).
  static const Integrator LinearlyImplicitEuler;  // sueda eq 2.77-2.79, every force linearised
  static const Integrator SpringImplicitEuler;    // the same with joint springs, dampers, mouse spring only
  static const Integrator SemiImplicitEuler;      // symplectic Euler: qdot then q
  static const Integrator RK4;                    // classical explicit Runge-Kutta, accuracy reference

 private:
  const char* name_ = nullptr;
};

inline constexpr Integrator Integrator::LinearlyImplicitEuler{"implicit"};
inline constexpr Integrator Integrator::SpringImplicitEuler{"implicit-springs"};
inline constexpr Integrator Integrator::SemiImplicitEuler{"semi-implicit"};
inline constexpr Integrator Integrator::RK4{"rk4"};

// The integrators of the reduced back-ends, in their order of offer.
inline constexpr Integrator kIntegrators[] = {Integrator::LinearlyImplicitEuler, Integrator::SpringImplicitEuler,
                                              Integrator::SemiImplicitEuler, Integrator::RK4};

// "implicit", "implicit-springs", "semi-implicit", "rk4", a back-end's own, or "default".
inline const char* integratorName(Integrator integrator) { return integrator.name(); }
std::ostream& operator<<(std::ostream& out, Integrator integrator);
// Both linearly implicit Euler variants.
inline bool isLinearlyImplicit(Integrator integrator) {
  return integrator == Integrator::LinearlyImplicitEuler || integrator == Integrator::SpringImplicitEuler;
}

// Constraint drift control of back-ends with constraint rows (sueda notes 1.12): maximal
// coordinates for every joint, reduced coordinates for loop closures.
enum class DriftControl {
  None,               // acceleration-level constraints only: drift grows
  Baumgarte,          // G a = -Gdot phi - 2 alpha G phi - beta^2 g (eq 1.82)
  PostStabilization,  // project positions and velocities onto the constraints after each step
};

const char* driftControlName(DriftControl drift);
// Parses "none", "baumgarte" or "post-stabilization"; false for anything else.
bool parseDriftControl(const std::string& name, DriftControl& out);

// A value for one of a back-end's own settings (its registry entry lists them with ranges),
// from a scene file ("solver_settings"), the CLI (--setting) or the app.
struct SettingValue {
  std::string backend;  // the back-end whose setting it is
  std::string name;     // as the registry lists it, e.g. "gmres-tolerance"
  double value = 0.0;
};

struct SimulationDefaults {
  // Names as the scene file gives them; the loader does not know the back-ends, so they are
  // checked where a run is created (validateSceneChoices, engine/solvers/registry.hpp).
  std::string backend = "redmax";
  std::string integrator;  // empty: the back-end's default integrator
  DriftControl driftControl = DriftControl::PostStabilization;
  double baumgarteAlpha = 10.0;  // 1/s (eq 1.82)
  double baumgarteBeta = 10.0;   // 1/s (eq 1.82)
  double dt = 1e-3;       // s
  double duration = 5.0;  // s
  std::vector<SettingValue> solverSettings;  // checked where a run is created, like the names
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
  std::vector<ForceElement> forces;  // springs, dampers, point forces (engine/forces/)
  std::vector<Muscle> muscles;       // musculotendon actuators (engine/forces/muscle.hpp)
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

  int bodyCount() const { return static_cast<int>(bodies.size()); }
  int parentOf(int i) const { return joints[i].parent; }
  // Index of the body with this name, or -1.
  int findBody(const std::string& name) const;
};

// Assigns qIndex and nq from the joints and checks the depth-first ordering; returns an empty
// string on success or a description of what is wrong.
std::string finalizeModel(Model& model);

}  // namespace articulab
