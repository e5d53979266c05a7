// Opening scene files in a live session: the scene is read and its run built before the lock is
// taken (a big model's solver takes seconds), on the calling thread or on a thread of its own,
// and replaces the session's scene between steps; a scene that fails to open leaves the current
// one running.
#pragma once

#include <optional>
#include <string>
#include <thread>

#include "app/session/session_core.hpp"

namespace articulab::session {

// A scene read and its run built, ready to replace the session's.
struct PreparedScene {
  std::optional<Run> run;
  std::string path;
  ParameterOverrides overrides;
  std::string notice;  // the scene's back-end cannot run it: which one the app uses instead
};

// The request a session's runs start from: the back-end (empty: the scene's) with the scene's
// integrator, the energy watched after every step, and a blow-up marked but not stopping the
// run (the app pauses on divergence only).
RunRequest sessionRequest(const std::string& backend);

// Reads the scene and creates its run on preferredBackend, refused as `articulab run --backend`
// refuses it; without one, on the scene's back-end or, when that one cannot run the scene, on
// the first back-end that can, with a notice saying so. Throws SceneError, RunRefusal, or what
// starting the solver throws.
// `limits` bound the model's size (--max-bodies; scene_size.hpp).
PreparedScene prepareScene(const std::string& path, const ParameterOverrides& overrides,
                           const std::string& preferredBackend, const SceneLimits& limits = {});

class SceneFiles {
 public:
  explicit SceneFiles(SessionCore& core) : core_(core) {}

  // Loads a scene; on failure returns false with the message and keeps the current scene
  // running. While a step runs, the new scene replaces the old one right after it.
  bool load(const std::string& path, const ParameterOverrides& overrides, const std::string& preferredBackend,
            std::string& error);
  // The size limits of every scene load() opens (the app's --max-bodies; set before the first load).
  void setSceneLimits(const SceneLimits& limits) { limits_ = limits; }
  // Loads the current scene file again on the back-end in use (discarding live edits).
  bool reload(std::string& error);
  // load() on a thread of its own, so that the window keeps drawing; takeLoadResult() gives the
  // outcome. False (with the reason) while another scene is still being opened.
  bool loadInBackground(const std::string& path, const ParameterOverrides& overrides, std::string& error);
  // True once after a background load ended, with its error (empty when the scene opened).
  bool takeLoadResult(std::string& error);
  // After the session stopped waiting for a background load: joins its thread, or detaches it
  // when it did not end in time.
  void finishLoading(bool ended);

 private:
  void installLocked(PreparedScene& scene);

  SessionCore& core_;
  SceneLimits limits_;
  std::thread loader_;
};

}  // namespace articulab::session
