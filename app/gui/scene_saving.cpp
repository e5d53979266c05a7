// File > Save scene as (the dialog's Save button and the save-scene script command): the model
// as edited, with the run's back-end, integrator, dt and back-end settings, through
// engine/io/scene_writer.hpp.
#include <spdlog/spdlog.h>

#include <filesystem>

#include "app/gui/workbench.hpp"
#include "engine/io/scene_writer.hpp"

namespace articulab::gui {

bool Workbench::saveSceneAs(const std::string& path, bool fromCurrentPose, std::string& error) {
  Snapshot current;
  session_->snapshot(current);
  if (!current.model) {
    error = "no scene is open; nothing to save";
    return false;
  }
  Model model = *current.model;
  model.defaults.backend = current.backend;
  if (!current.integrator.isDefault()) model.defaults.integrator = current.integrator.name();
  model.defaults.dt = current.dt;
  model.defaults.solverSettings = current.sceneSettings;  // the scene's and the edits
  SceneStart start;
  if (fromCurrentPose) start = SceneStart{&current.state.q, &current.state.qd};
  std::error_code ec;
  const std::string absolute = std::filesystem::absolute(path, ec).lexically_normal().string();
  error = saveScene(model, absolute, start);
  if (!error.empty()) {
    spdlog::error("{}", error);
    return false;
  }
  ui_.exportStatus = "saved the scene to " + absolute;
  spdlog::info("{}", ui_.exportStatus);
  return true;
}

bool Workbench::saveSceneFromBrowser(const std::string& path, std::string& error) {
  std::error_code ec;
  if (std::filesystem::exists(path, ec) && ui_.overwriteAsked != path) {
    ui_.overwriteAsked = path;
    error = path + " exists; press Save again to overwrite it";
    return false;
  }
  ui_.overwriteAsked.clear();
  return saveSceneAs(path, ui_.saveFromCurrentPose, error);
}

}  // namespace articulab::gui
