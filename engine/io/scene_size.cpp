#include "engine/io/scene_size.hpp"

#include "engine/io/json_reader.hpp"
#include "engine/io/scene_bodies.hpp"
#include "engine/io/scene_joints.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/workspace_budget.hpp"

namespace articulab::scene_io {

namespace {

// Names and JSON pointers: a few dozen characters, beyond the short-string buffer.
constexpr double kTextBytes = heapBlock(48.0);

// The loader's BodySource and JointLink as they were when they held every pointer as a string
// (two strings; two vectors and six strings).
constexpr double kSourceBytes = 2.0 * sizeof(std::string);
constexpr double kLinkBytes = 2.0 * sizeof(VectorX) + 6.0 * sizeof(std::string);

// A body in the model (its shape, its joint with one part, 6 coordinates of q0, qd0, rest and
// limits) plus the loader's BodySource and JointLink (names and pointers) and its entry in the
// name index. An upper bound: the specs' term still counts a second Body and Joint, as when the
// loader copied them, and the pointers as strings, so that the limit refuses the same scenes as
// before.
double bodyBytes() {
  const double model = sizeof(Body) + heapBlock(sizeof(BodyShape)) + sizeof(Joint) + heapBlock(sizeof(JointPart)) +
                       5.0 * heapBlock(6.0 * sizeof(double)) + 2.0 * kTextBytes;
  const double specs = sizeof(Body) + kSourceBytes + sizeof(Joint) + kLinkBytes + heapBlock(sizeof(BodyShape)) +
                       heapBlock(sizeof(JointPart)) + 2.0 * heapBlock(6.0 * sizeof(double)) + 10.0 * kTextBytes;
  const double index = 2.0 * heapBlock(64.0 + kTextBytes);  // the tree's and the references' name maps
  return model + specs + index;
}

}  // namespace

double estimateModelBytes(const ModelSize& size) {
  const double muscle = sizeof(Muscle) + heapBlock(kMaxMusclePathPoints * sizeof(Attachment)) + kTextBytes;
  return static_cast<double>(size.bodies) * bodyBytes() +
         static_cast<double>(size.forces) * (sizeof(ForceElement) + kTextBytes) +
         static_cast<double>(size.muscles) * muscle +
         static_cast<double>(size.loops) * (sizeof(LoopConstraint) + kTextBytes);
}

SceneLimits resolveLimits(const SceneLimits& limits) {
  SceneLimits resolved = limits;
  if (!(resolved.memoryBytes > 0.0)) resolved.memoryBytes = availableMemoryBytes();
  return resolved;
}

void checkModelSize(const Node& at, const ModelSize& size) {
  const SceneLimits& limits = at.context().limits;
  if (size.bodies > limits.maxBodies)
    at.fail("the model would have " + std::to_string(size.bodies) + " bodies, more than the limit of " +
            std::to_string(limits.maxBodies) + " (raise it with --max-bodies N)");
  const double bytes = estimateModelBytes(size);
  if (bytes > limits.memoryBytes)
    at.fail("the model would have " + std::to_string(size.bodies) + " bodies, " + std::to_string(size.forces) +
            " force elements, " + std::to_string(size.muscles) + " muscles and " + std::to_string(size.loops) +
            " loop constraints, about " + formatBytes(bytes) + " to load, more than the " +
            formatBytes(limits.memoryBytes) + " of memory available");
}

void checkSceneTextSize(const std::string& file, double bytes, const SceneLimits& limits) {
  const SceneLimits resolved = resolveLimits(limits);
  if (bytes > resolved.memoryBytes)
    throw SceneError(file, "", "the file is " + formatBytes(bytes) + ", more than the " +
                                   formatBytes(resolved.memoryBytes) + " of memory available to read it");
}

std::string documentTooLarge(const SceneLimits& limits) {
  return "the JSON document needs more than the " + formatBytes(limits.memoryBytes) + " of memory available";
}

}  // namespace articulab::scene_io
