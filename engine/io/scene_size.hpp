// The size of the model a scene describes, checked while the loader builds it and before the
// memory is taken: the bodies against a limit the user may raise (SceneLimits::maxBodies, the
// command line's --max-bodies), the estimated memory of the JSON document and of the model
// against the memory available. A joint has at most 6 coordinates, so the body limit bounds
// the coordinates (DOF) too.
#pragma once

#include <string>

namespace articulab {

// Twice the longest chain a "chains" entry makes (kMaxChainLinks).
constexpr long kDefaultMaxBodies = 200000;

struct SceneLimits {
  long maxBodies = kDefaultMaxBodies;
  // Bytes the scene's document and model may take; 0: the memory available when the scene is
  // loaded (availableMemoryBytes, engine/solvers/workspace_budget.hpp).
  double memoryBytes = 0.0;
};

namespace scene_io {

class Node;

// What the model holds (or will hold once an entry is expanded).
struct ModelSize {
  long bodies = 0;  // each with its joint and up to 6 coordinates
  long forces = 0, muscles = 0, loops = 0;
};

// A heap block of `bytes` with the allocator's bookkeeping (glibc: 16 bytes), for estimates.
constexpr double heapBlock(double bytes) { return bytes + 16.0; }

// Estimated bytes of a model of this size while it is loaded (the model and the loader's
// copies of its bodies and joints).
double estimateModelBytes(const ModelSize& size);
// The limits with memoryBytes set (the memory available when it was 0).
SceneLimits resolveLimits(const SceneLimits& limits);
// Throws SceneError at `at` when the model would exceed at.context().limits: more bodies than
// maxBodies, or more estimated memory than memoryBytes; the message names the total and the limit.
void checkModelSize(const Node& at, const ModelSize& size);
// Throws SceneError when a scene text of `bytes` would not fit in the limits' memory.
void checkSceneTextSize(const std::string& file, double bytes, const SceneLimits& limits);
// The message for a JSON document whose values need more than the limits' memory.
std::string documentTooLarge(const SceneLimits& limits);

}  // namespace scene_io
}  // namespace articulab
