#include "engine/io/scene_muscles.hpp"

#include <map>

#include "engine/algorithm/kinematics.hpp"
#include "engine/forces/muscle_excitation.hpp"
#include "engine/forces/muscle_path.hpp"
#include "engine/io/scene_body_reference.hpp"
#include "engine/io/scene_repetition.hpp"

namespace articulab::scene_io {

namespace {

double readFraction(const Node& node) {
  const double value = readNumber(node);
  if (value < 0.0 || value > 1.0) node.fail("expected a value in [0, 1], got " + formatNumber(value));
  return value;
}

std::vector<Attachment> readPath(const Node& node, const Model& model, const Repetition& r) {
  const std::size_t count = expectArray(node);
  if (count < 2 || count > static_cast<std::size_t>(kMaxMusclePathPoints))
    node.fail("a muscle path needs 2 to " + std::to_string(kMaxMusclePathPoints) + " points (origin, via points, "
              "insertion), got " + std::to_string(count));
  std::vector<Attachment> path(count);
  for (std::size_t k = 0; k < count; ++k) {
    const Node point = node.element(k);
    expectObject(point, {"body", "point"});
    path[k].body = findBodyReference(point["body"], expand(readName(point["body"]), r), model, "");
    if (point.has("point")) path[k].point = readVector3(point["point"]);
  }
  bool oneBody = true;
  for (const Attachment& a : path) oneBody = oneBody && a.body == path.front().body;
  if (oneBody) node.fail("every point of the path is on the same body, so the muscle exerts no net force");
  return path;
}

// A number, a list of [t, u] knots, or a wave {"mean", "amplitude", "period", "phase", "phase_step"}.
Excitation readExcitation(const Node& node, const Repetition& r) {
  if (node.json().is_array()) {
    Excitation e;
    const std::size_t count = expectArray(node);
    if (count == 0) node.fail("expected at least one [t, u] knot");
    for (std::size_t k = 0; k < count; ++k) {
      const Node knot = node.element(k);
      if (expectArray(knot) != 2) knot.fail("expected a knot [t, u]: time in s and excitation in [0, 1]");
      const double t = readNumber(knot.element(0));
      if (!e.times.empty() && t <= e.times.back()) knot.element(0).fail("knot times must increase");
      e.times.push_back(t);
      e.values.push_back(readFraction(knot.element(1)));
    }
    return e;
  }
  if (node.json().is_object()) {
    expectObject(node, {"mean", "amplitude", "period", "phase", "phase_step"});
    Excitation e;
    e.wave = true;
    e.mean = readFraction(node["mean"]);
    e.amplitude = readNonNegative(node["amplitude"]);
    if (e.mean - e.amplitude < 0.0 || e.mean + e.amplitude > 1.0)
      node.failField("amplitude", "mean +- amplitude must stay in [0, 1], got " + formatNumber(e.mean) + " +- " +
                                      formatNumber(e.amplitude));
    e.period = readPositive(node["period"]);
    if (node.has("phase")) e.phase = readNumber(node["phase"]);
    if (node.has("phase_step")) {
      if (!r.active) node.failField("phase_step", "\"phase_step\" needs \"for_each\" on the muscle (it adds i * phase_step)");
      e.phase += r.i * readNumber(node["phase_step"]);
    }
    return e;
  }
  return constantExcitation(readFraction(node));
}

Muscle readMuscle(const Node& node, const Model& model, const TreeKinematics& initial, const Repetition& r) {
  expectObject(node, {"name", "for_each", "path", "max_isometric_force", "optimal_fiber_length", "tendon_slack_length",
                      "max_contraction_velocity", "activation_time", "deactivation_time", "excitation",
                      "initial_activation"});
  Muscle muscle;
  muscle.name = expand(readName(node["name"]), r);
  muscle.path = readPath(node["path"], model, r);
  muscle.maxIsometricForce = readPositive(node["max_isometric_force"]);
  muscle.optimalFiberLength = readPositive(node["optimal_fiber_length"]);
  if (node.has("max_contraction_velocity")) muscle.maxContractionVelocity = readPositive(node["max_contraction_velocity"]);
  if (node.has("activation_time")) muscle.activationTimes.activation = readPositive(node["activation_time"]);
  if (node.has("deactivation_time")) muscle.activationTimes.deactivation = readPositive(node["deactivation_time"]);
  // Without "excitation" the documented default, a constant 0 (a knot, as every reader expects).
  muscle.excitation = node.has("excitation") ? readExcitation(node["excitation"], r) : constantExcitation(0.0);
  muscle.initialActivation = node.has("initial_activation") ? readFraction(node["initial_activation"])
                                                            : excitationAt(muscle.excitation, 0.0);
  if (node.has("tendon_slack_length")) {
    muscle.tendonSlackLength = readNonNegative(node["tendon_slack_length"]);
  } else {
    MusclePath path;
    musclePath(muscle, TreeMotion{initial}, path);
    muscle.tendonSlackLength = path.length - muscle.optimalFiberLength;
    if (muscle.tendonSlackLength < 0.0)
      node.fail("the path is " + formatNumber(path.length) + " m long at the initial state, shorter than "
                "optimal_fiber_length " + formatNumber(muscle.optimalFiberLength) + " m; give tendon_slack_length");
  }
  return muscle;
}

}  // namespace

void readMuscles(const Node& list, const TreeKinematics& initial, Model& model) {
  const std::size_t count = expectArray(list);
  std::map<std::string, std::string> seen;  // name -> pointer of its entry
  for (std::size_t i = 0; i < count; ++i) {
    const Node node = list.element(i);
    expectObject(node);
    const std::vector<Repetition> repetitions = readRepetitions(node, "muscle");
    checkModelSize(node, {model.bodyCount(), static_cast<long>(model.forces.size()),
                          static_cast<long>(model.muscles.size() + repetitions.size()),
                          static_cast<long>(model.loops.size())});
    for (const Repetition& r : repetitions) {
      model.muscles.push_back(readMuscle(node, model, initial, r));
      const auto [it, inserted] = seen.emplace(model.muscles.back().name, node.fieldPointer("name"));
      if (!inserted)
        node.failField("name", "duplicate muscle name " + inQuotes(model.muscles.back().name) +
                                   "; it is already defined at " + it->second);
    }
  }
}

}  // namespace articulab::scene_io
