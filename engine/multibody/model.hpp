// The static model: bodies, the joint tree, extra constraints, gravity, defaults.
// Built once (by the scene loader or by code); every engine function takes it as const.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "engine/forces/force_element.hpp"
#include "engine/multibody/body.hpp"
#include "engine/multibody/constraint.hpp"
#include "engine/multibody/joint.hpp"

namespace articulab {

enum class Integrator {
  LinearlyImplicitEuler,  // sueda eq 2.77-2.79 with every force linearised: stable, dissipative
  SpringImplicitEuler,    // sueda eq 2.77-2.79 as written: joint springs, dampers and the mouse
                          // spring implicit, other forces explicit; O(n) on the recursive back-end
  SemiImplicitEuler,      // symplectic Euler: qdot then q, as most engines use it
  RK4,                    // classical explicit Runge-Kutta on (q, qdot), accuracy reference
};

inline constexpr Integrator kIntegrators[] = {Integrator::LinearlyImplicitEuler, Integrator::SpringImplicitEuler,
                                              Integrator::SemiImplicitEuler, Integrator::RK4};

// "implicit", "implicit-springs", "semi-implicit", "rk4".
const char* integratorName(Integrator integrator);
// The names above, comma-separated, for messages.
std::string integratorNames();
// Parses one of the names above; false for anything else.
bool parseIntegrator(const std::string& name, Integrator& out);
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

struct SimulationDefaults {
  std::string backend = "redmax";
  Integrator integrator = Integrator::LinearlyImplicitEuler;
  DriftControl driftControl = DriftControl::PostStabilization;
  double baumgarteAlpha = 10.0;  // 1/s (eq 1.82)
  double baumgarteBeta = 10.0;   // 1/s (eq 1.82)
  double dt = 1e-3;       // s
  double duration = 5.0;  // s
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
  Vector3 gravity{0.0, 0.0, -9.81};  // m/s^2
  // Body shapes collide with the ground plane z = 0 (frictionless); enforced only by back-ends
  // that support contact.
  bool groundContact = false;
  int nq = 0;
  VectorX q0, qd0;  // initial coordinates and velocities from the scene
  SimulationDefaults defaults;
  std::map<std::string, double> parameters;  // resolved scene parameters

  int bodyCount() const { return static_cast<int>(bodies.size()); }
  int parentOf(int i) const { return joints[i].parent; }
  // Index of the body with this name, or -1.
  int findBody(const std::string& name) const;
};

// Assigns qIndex and nq from the joints and checks the depth-first ordering; returns an empty
// string on success or a description of what is wrong.
std::string finalizeModel(Model& model);

}  // namespace articulab
