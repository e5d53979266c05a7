// A scene's closed-form solution (the scene's "closed_form", engine/io/scene_closed_form.hpp): the poses of
// its bodies at any time, exact for the model (not an approximation of it), so that a run's
// error against it is the integrator's alone. Every body of the scene is covered; each sits on a
// free3d joint to the world without spring, damper, friction, limits or drive, and the scene has
// no loops, force elements or muscles.
//  - "free-flight": no contact; each body's centre of mass follows the parabola
//    c0 + v0 t + g t^2 / 2 and its rotation is exp([w] t) R0 with w its initial angular velocity
//    (world), which must lie along a principal axis of its inertia: torque-free, the spin about a
//    principal axis is steady (Euler's equations, Goldstein 3rd ed. eq 5.39).
//  - "slope-slide": ground contact (the plane z = 0); each body starts at rest on the ground and
//    keeps its rotation. With g_n and g_t the components of gravity along the ground's normal and
//    in its plane, it slides along g_t with acceleration |g_t| - mu |g_n| when |g_t| > mu |g_n|
//    (Coulomb friction, mu the body's ground coefficient), else it stays put. The slide must go
//    along the ground's x or y axis, an axis of the back-ends' friction pyramids
//    (engine/contact/friction_pyramid.hpp), along which the pyramid is Coulomb's cone.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "engine/multibody/model.hpp"

namespace articulab {

// The solutions a scene may declare.
const std::vector<std::string>& closedFormNames();

// Why a model is not one its declared solution is exact for (the loader adds file and field).
class ClosedFormError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ClosedForm {
 public:
  // The solution named (closedFormNames), with its numbers taken from the model (gravity, ground
  // friction, initial poses and twists); throws ClosedFormError when the name is none of them or
  // the solution does not hold for the model.
  ClosedForm(const Model& model, const std::string& solution);
  // The same from the initial state q0, qd0 (nq entries each) in place of the model's: a scene
  // saved mid-run starts there (engine/io/scene_closed_form.hpp), with no copy of the model.
  ClosedForm(const Model& model, const std::string& solution, const VectorX& q0, const VectorX& qd0);

  const std::string& solution() const { return solution_; }
  // E_0i of every body at time t (s after the initial state).
  std::vector<Matrix4> poses(double t) const;
  // One line per body: what it does, with its numbers.
  std::vector<std::string> summary() const;

 private:
  struct BodyMotion {
    std::string name;
    Vector3 c0, v0, a;  // centre of mass at t = 0, its velocity and acceleration (world)
    Matrix3 R0;         // rotation at t = 0
    Vector3 omega;      // constant angular velocity (world)
    Vector3 com;        // centre of mass in the body frame
  };

  std::string solution_;
  std::vector<BodyMotion> bodies_;
};

}  // namespace articulab
