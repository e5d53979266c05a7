// File > Save scene as: a Model (with its edits) written as a scene file that loadScene reads
// back to the same model. The scene is written expanded: every body, joint, constraint, force
// element and muscle explicitly (no chains, for_each or parameters), numbers exactly, defaults
// that the loader computes (rest lengths, tendon slack lengths, "initial" anchors) as values.
#pragma once

#include <string>

#include "engine/multibody/model.hpp"

namespace articulab {

// Where the written scene starts: the model's q0 and qd0, or given coordinates and velocities
// (e.g. the current state: "start from the current pose").
struct SceneStart {
  const VectorX* q = nullptr;   // nq entries, or null for model.q0
  const VectorX* qd = nullptr;  // nq entries, or null for model.qd0
};

struct WrittenScene {
  std::string text;   // the JSON document
  std::string error;  // why the model cannot be written; text is empty then
};

// The scene text of the model. Refuses (error) what the format cannot hold. Mesh files are named
// relative to the folder of `scenePath` (the file the text is for), or by absolute path without one.
WrittenScene writeScene(const Model& model, const SceneStart& start = {}, const std::string& scenePath = "");
// Writes the scene to `path` after loading the text back and checking that it gives the same
// model (modelDifference): returns "" on success, otherwise the reason, and writes nothing.
std::string saveScene(const Model& model, const std::string& path, const SceneStart& start = {});

}  // namespace articulab
