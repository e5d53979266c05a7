#include "app/session/scene_files.hpp"

#include <spdlog/spdlog.h>

#include <memory>

#include "engine/io/model_loader.hpp"

namespace articulab::session {

RunRequest sessionRequest(const std::string& backend) {
  RunRequest request;
  request.backend = backend;
  request.stopOnBlowUp = false;
  request.checkStepStability = true;
  return request;
}

PreparedScene prepareScene(const std::string& path, const ParameterOverrides& overrides,
                           const std::string& preferredBackend, const SceneLimits& limits) {
  PreparedScene scene{std::nullopt, path, overrides, ""};
  auto model = std::make_shared<const Model>(loadModel(path, overrides, {}, limits));
  for (const std::string& line : model->importReport) spdlog::warn("import: {}", line);
  try {
    scene.run.emplace(model, sessionRequest(preferredBackend));
    return scene;
  } catch (const RunRefusal& refused) {
    if (!preferredBackend.empty() || !refused.field().empty()) throw;  // asked for, or not about the back-end
    for (const BackendInfo& other : backends()) {
      if (other.name == model->defaults.backend) continue;
      try {
        scene.run.emplace(model, sessionRequest(other.name));
      } catch (const RunRefusal&) {
        continue;
      }
      scene.notice = std::string(refused.what()) + "; the app runs it on back-end '" + other.name + "' instead";
      return scene;
    }
    throw RunRefusal("", std::string(refused.what()) + " (and no other back-end can: " + backendNames() + ")",
                     refused.reason());
  }
}

bool SceneFiles::load(const std::string& path, const ParameterOverrides& overrides, const std::string& preferredBackend,
                      std::string& error) {
  auto scene = std::make_shared<PreparedScene>();
  error.clear();
  try {
    *scene = prepareScene(path, overrides, preferredBackend, limits_);
  } catch (const std::exception& e) {  // the loader's message, a refusal, or out of memory
    error = e.what();
  }
  if (!error.empty()) {
    spdlog::error("cannot open scene: {}", error);
    return false;
  }
  std::lock_guard<std::mutex> lock(core_.mutex);
  core_.commandLocked("opening " + path, [this, scene] {
    installLocked(*scene);
    return std::string();
  });
  return true;
}

bool SceneFiles::reload(std::string& error) {
  std::string path, backend;
  ParameterOverrides overrides;
  {
    std::lock_guard<std::mutex> lock(core_.mutex);
    if (core_.scenePath.empty()) {
      error = "no scene file is open, so there is nothing to reload";
      return false;
    }
    path = core_.scenePath;
    overrides = core_.overrides;
    backend = core_.setup.plan.backend->name;
  }
  return load(path, overrides, backend, error);
}

bool SceneFiles::loadInBackground(const std::string& path, const ParameterOverrides& overrides, std::string& error) {
  std::lock_guard<std::mutex> lock(core_.mutex);
  if (!core_.loadingPath.empty()) {
    error = "still opening " + core_.loadingPath + "; wait until it is open";
    return false;
  }
  if (loader_.joinable()) loader_.join();  // ended: it released the lock for good
  core_.loadingPath = path;
  loader_ = std::thread([this, path, overrides] {
    std::string failure;
    load(path, overrides, "", failure);  // never throws: every failure is a message
    std::lock_guard<std::mutex> done(core_.mutex);
    core_.loadingPath.clear();
    core_.loadFinished = true;
    core_.loadError = failure;
    core_.stepEnded.notify_all();
  });
  spdlog::info("opening {} ...", path);
  return true;
}

bool SceneFiles::takeLoadResult(std::string& error) {
  std::lock_guard<std::mutex> lock(core_.mutex);
  if (!core_.loadFinished) return false;
  core_.loadFinished = false;
  error = core_.loadError;
  return true;
}

void SceneFiles::finishLoading(bool ended) {
  if (!loader_.joinable()) return;
  if (ended) loader_.join();
  else loader_.detach();  // inside a load that does not end: see Workbench::stopSession
}

// The prepared run replaces the session's (and its comparisons, which belong to the old scene),
// starting paused.
void SceneFiles::installLocked(PreparedScene& scene) {
  SessionCore& c = core_;
  c.runs.start(std::move(*scene.run));
  const Run& run = c.runs.main();
  c.sceneModel = run.sharedModel();  // edits replace the run's model by an edited copy; this one stays as loaded
  c.edits.clear();
  ++c.modelVersion;
  if (scene.path != c.scenePath || scene.overrides != c.overrides) ++c.sceneVersion;  // a reload keeps the view
  c.scenePath = scene.path;
  c.overrides = scene.overrides;
  c.running = false;
  c.samples.clearPrevious();  // a finished run kept by Reset belongs to the old scene
  c.publishSetupLocked();
  c.restartLocked();
  spdlog::info("opened scene '{}' from {} ({} bodies, back-end {}, {} integrator, dt = {} s)", run.model().name,
               c.scenePath, run.model().bodyCount(), run.backend().name, run.plan().integrator.name(), run.plan().dt);
  if (scene.notice.empty()) return;
  spdlog::warn("{}", scene.notice);
  c.postNoticeLocked(scene.notice);
}

}  // namespace articulab::session
