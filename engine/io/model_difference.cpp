#include "engine/io/model_difference.hpp"

#include <algorithm>
#include <cstdio>
#include <tuple>

#include "engine/multibody/scleronomic_joint.hpp"

namespace articulab {

namespace {

std::string exact(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

// Collects the first difference; later checks are skipped once one is found.
class Differences {
 public:
  bool found() const { return !first_.empty(); }
  const std::string& first() const { return first_; }

  void number(const std::string& what, double a, double b) {
    if (!found() && !(a == b)) first_ = what + " " + exact(a) + " vs " + exact(b);
  }
  void flag(const std::string& what, bool a, bool b) {
    if (!found() && a != b) first_ = what + " " + (a ? "true" : "false") + " vs " + (b ? "true" : "false");
  }
  void integer(const std::string& what, long a, long b) {
    if (!found() && a != b) first_ = what + " " + std::to_string(a) + " vs " + std::to_string(b);
  }
  void text(const std::string& what, const std::string& a, const std::string& b) {
    if (!found() && a != b) first_ = what + " '" + a + "' vs '" + b + "'";
  }
  template <class Derived>
  void matrix(const std::string& what, const Eigen::MatrixBase<Derived>& a, const Eigen::MatrixBase<Derived>& b) {
    if (found()) return;
    if (a.rows() != b.rows() || a.cols() != b.cols()) {
      first_ = what + ": sizes differ";
      return;
    }
    for (Eigen::Index i = 0; i < a.size(); ++i)
      if (!(a.derived().data()[i] == b.derived().data()[i])) {
        first_ = what + " entry " + std::to_string(i) + " " + exact(a.derived().data()[i]) + " vs " +
                 exact(b.derived().data()[i]);
        return;
      }
  }

 private:
  std::string first_;
};

void compareBody(const Body& a, const Body& b, Differences& d) {
  const std::string what = "body '" + a.name + "'";
  d.text(what + " name", a.name, b.name);
  d.integer(what + " shape count", static_cast<long>(a.shapes.size()), static_cast<long>(b.shapes.size()));
  for (std::size_t s = 0; s < a.shapes.size() && !d.found(); ++s) {
    const std::string shape = what + " shape " + std::to_string(s);
    d.integer(shape + " type", static_cast<long>(a.shapes[s].dims.type), static_cast<long>(b.shapes[s].dims.type));
    d.matrix(shape + " size", a.shapes[s].dims.size, b.shapes[s].dims.size);
    d.matrix(shape + " frame", a.shapes[s].E_bs, b.shapes[s].E_bs);
    d.number(shape + " mass", a.shapes[s].mass, b.shapes[s].mass);
    d.integer(shape + " role", static_cast<long>(a.shapes[s].role), static_cast<long>(b.shapes[s].role));
    const TriangleMesh *meshA = a.shapes[s].dims.mesh.get(), *meshB = b.shapes[s].dims.mesh.get();
    d.flag(shape + " has a mesh", meshA != nullptr, meshB != nullptr);
    if (meshA && meshB) {
      d.text(shape + " mesh file", meshA->file, meshB->file);
      d.integer(shape + " mesh triangles", static_cast<long>(meshA->triangles.size()), static_cast<long>(meshB->triangles.size()));
    }
  }
  d.flag(what + " inertial", a.inertial.given, b.inertial.given);
  d.number(what + " inertial mass", a.inertial.mass, b.inertial.mass);
  d.matrix(what + " inertial centre of mass", a.inertial.com, b.inertial.com);
  d.matrix(what + " inertial inertia", a.inertial.inertia, b.inertial.inertia);
  d.number(what + " mass", a.mass, b.mass);
  d.matrix(what + " centre of mass", a.com, b.com);
  d.matrix(what + " spatial inertia", a.M, b.M);
  d.number(what + " friction", a.friction, b.friction);
}

// A general joint keeps its definition in derived form: compare what it computes, Q, S and
// Sdot at the initial coordinates of joint `a` (a point where both are defined).
void compareGeneral(const Joint& a, const Joint& b, const double* q, const double* qd, Differences& d) {
  const std::string what = "joint '" + a.name + "'";
  if (!a.general || !b.general) {
    d.flag(what + " has a general definition", a.general != nullptr, b.general != nullptr);
    return;
  }
  d.text(what + " general type", a.general->typeName(), b.general->typeName());
  if (d.found()) return;
  JointKinematics ka, kb;
  a.general->evaluate(q, qd, ka);
  b.general->evaluate(q, qd, kb);
  d.matrix(what + " Q(q0)", ka.Q, kb.Q);
  d.matrix(what + " S(q0)", ka.S, kb.S);
  d.matrix(what + " Sdot(q0, qd0)", ka.Sdot, kb.Sdot);
}

void compareJoint(const Model& ma, const Joint& a, const Joint& b, Differences& d) {
  const std::string what = "joint '" + a.name + "'";
  d.text(what + " name", a.name, b.name);
  d.text(what + " type", jointTypeName(a), jointTypeName(b));
  d.integer(what + " parent", a.parent, b.parent);
  d.integer(what + " coordinates", a.nq, b.nq);
  d.integer(what + " part count", static_cast<long>(a.parts.size()), static_cast<long>(b.parts.size()));
  for (std::size_t p = 0; p < a.parts.size() && !d.found(); ++p) {
    d.integer(what + " part type", static_cast<long>(a.parts[p].type), static_cast<long>(b.parts[p].type));
    d.matrix(what + " axis", a.parts[p].axis, b.parts[p].axis);
  }
  if (!d.found() && (a.general || b.general))
    compareGeneral(a, b, ma.q0.data() + a.qIndex, ma.qd0.data() + a.qIndex, d);
  d.matrix(what + " frame in the parent", a.E_pj, b.E_pj);
  d.matrix(what + " child frame", a.E_jc, b.E_jc);
  d.number(what + " stiffness", a.stiffness, b.stiffness);
  d.number(what + " damping", a.damping, b.damping);
  d.number(what + " armature", a.armature, b.armature);
  d.matrix(what + " rest", a.rest, b.rest);
  d.flag(what + " limits", a.hasLimits, b.hasLimits);
  if (a.hasLimits && b.hasLimits) {
    d.matrix(what + " lower limit", a.lower, b.lower);
    d.matrix(what + " upper limit", a.upper, b.upper);
  }
  d.flag(what + " driven", a.driven, b.driven);
  d.number(what + " friction mu", a.friction.mu, b.friction.mu);
  d.number(what + " friction radius", a.friction.radius, b.friction.radius);
  d.number(what + " friction length", a.friction.length, b.friction.length);
  d.number(what + " friction loss", a.friction.loss, b.friction.loss);
}

void compareLoop(const LoopConstraint& a, const LoopConstraint& b, Differences& d) {
  const std::string what = "constraint '" + a.name + "'";
  d.text(what + " name", a.name, b.name);
  d.integer(what + " type", static_cast<long>(a.type), static_cast<long>(b.type));
  d.integer(what + " body_a", a.bodyA, b.bodyA);
  d.integer(what + " body_b", a.bodyB, b.bodyB);
  d.matrix(what + " frame on a", a.E_aA, b.E_aA);
  d.matrix(what + " frame on b", a.E_bB, b.E_bB);
  d.matrix(what + " axis", a.axis, b.axis);
}

void compareAttachment(const std::string& what, const Attachment& a, const Attachment& b, Differences& d) {
  d.integer(what + " body", a.body, b.body);
  d.matrix(what + " point", a.point, b.point);
}

void compareForce(const ForceElement& a, const ForceElement& b, Differences& d) {
  const std::string what = "force '" + a.name + "'";
  d.text(what + " name", a.name, b.name);
  d.integer(what + " type", static_cast<long>(a.type), static_cast<long>(b.type));
  compareAttachment(what + " a", a.a, b.a, d);
  compareAttachment(what + " b", a.b, b.b, d);
  d.matrix(what + " force", a.force, b.force);
  d.number(what + " stiffness", a.stiffness, b.stiffness);
  d.number(what + " damping", a.damping, b.damping);
  d.number(what + " rest length", a.restLength, b.restLength);
}

void compareExcitation(const std::string& what, const Excitation& a, const Excitation& b, Differences& d) {
  d.flag(what + " wave", a.wave, b.wave);
  d.integer(what + " knots", static_cast<long>(a.times.size()), static_cast<long>(b.times.size()));
  for (std::size_t k = 0; k < a.times.size() && k < b.times.size(); ++k) {
    d.number(what + " knot time", a.times[k], b.times[k]);
    d.number(what + " knot value", a.values[k], b.values[k]);
  }
  d.number(what + " mean", a.mean, b.mean);
  d.number(what + " amplitude", a.amplitude, b.amplitude);
  d.number(what + " period", a.period, b.period);
  d.number(what + " phase", a.phase, b.phase);
}

void compareMuscle(const Muscle& a, const Muscle& b, Differences& d) {
  const std::string what = "muscle '" + a.name + "'";
  d.text(what + " name", a.name, b.name);
  d.integer(what + " path points", static_cast<long>(a.path.size()), static_cast<long>(b.path.size()));
  for (std::size_t k = 0; k < a.path.size() && !d.found(); ++k)
    compareAttachment(what + " path point " + std::to_string(k), a.path[k], b.path[k], d);
  d.number(what + " max_isometric_force", a.maxIsometricForce, b.maxIsometricForce);
  d.number(what + " optimal_fiber_length", a.optimalFiberLength, b.optimalFiberLength);
  d.number(what + " tendon_slack_length", a.tendonSlackLength, b.tendonSlackLength);
  d.number(what + " max_contraction_velocity", a.maxContractionVelocity, b.maxContractionVelocity);
  d.number(what + " activation_time", a.activationTimes.activation, b.activationTimes.activation);
  d.number(what + " deactivation_time", a.activationTimes.deactivation, b.activationTimes.deactivation);
  compareExcitation(what + " excitation", a.excitation, b.excitation, d);
  d.number(what + " initial_activation", a.initialActivation, b.initialActivation);
}

// Solver settings are looked up by back-end and name, so their order does not matter.
std::vector<SettingValue> sortedSettings(std::vector<SettingValue> settings) {
  std::sort(settings.begin(), settings.end(), [](const SettingValue& x, const SettingValue& y) {
    return std::tie(x.backend, x.name) < std::tie(y.backend, y.name);
  });
  return settings;
}

void compareDefaults(const SimulationDefaults& a, const SimulationDefaults& b, Differences& d) {
  d.text("simulation backend", a.backend, b.backend);
  d.text("simulation integrator", a.integrator, b.integrator);
  d.text("simulation drift_control", a.driftControl, b.driftControl);
  d.number("simulation baumgarte alpha", a.baumgarteAlpha, b.baumgarteAlpha);
  d.number("simulation baumgarte beta", a.baumgarteBeta, b.baumgarteBeta);
  d.number("simulation dt", a.dt, b.dt);
  d.number("simulation duration", a.duration, b.duration);
  const std::vector<SettingValue> settingsA = sortedSettings(a.solverSettings), settingsB = sortedSettings(b.solverSettings);
  d.integer("solver setting count", static_cast<long>(settingsA.size()), static_cast<long>(settingsB.size()));
  for (std::size_t k = 0; k < settingsA.size() && !d.found(); ++k) {
    const SettingValue &sa = settingsA[k], &sb = settingsB[k];
    d.text("solver setting", sa.backend + "/" + sa.name, sb.backend + "/" + sb.name);
    d.text("solver setting word " + sa.backend + "/" + sa.name, sa.word, sb.word);
    d.number("solver setting " + sa.backend + "/" + sa.name, sa.value, sb.value);
  }
}

template <class T, class Compare>
void compareList(const std::string& what, const std::vector<T>& a, const std::vector<T>& b, Differences& d,
                 Compare compare) {
  d.integer(what + " count", static_cast<long>(a.size()), static_cast<long>(b.size()));
  for (std::size_t i = 0; i < a.size() && !d.found(); ++i) compare(a[i], b[i], d);
}

}  // namespace

std::string modelDifference(const Model& a, const Model& b) {
  Differences d;
  compareList("body", a.bodies, b.bodies, d, compareBody);
  compareList("joint", a.joints, b.joints, d,
              [&a](const Joint& ja, const Joint& jb, Differences& out) { compareJoint(a, ja, jb, out); });
  compareList("constraint", a.loops, b.loops, d, compareLoop);
  compareList("force", a.forces, b.forces, d, compareForce);
  compareList("muscle", a.muscles, b.muscles, d, compareMuscle);
  d.matrix("gravity", a.gravity, b.gravity);
  d.flag("ground_contact", a.groundContact, b.groundContact);
  d.number("ground friction", a.groundFriction, b.groundFriction);
  d.flag("body_contact", a.bodyContact, b.bodyContact);
  d.integer("coordinates", a.nq, b.nq);
  d.matrix("q0", a.q0, b.q0);
  d.matrix("qd0", a.qd0, b.qd0);
  compareDefaults(a.defaults, b.defaults, d);
  compareList("keyframe", a.keyframes, b.keyframes, d, [](const Model::Keyframe& x, const Model::Keyframe& y, Differences& out) {
    out.text("keyframe name", x.name, y.name);
    out.matrix("keyframe '" + x.name + "' q", x.q, y.q);
    out.matrix("keyframe '" + x.name + "' qd", x.qd, y.qd);
  });
  return d.first();
}

}  // namespace articulab
