#include "app/gui/scene_catalog.hpp"

#include <algorithm>
#include <filesystem>

#include "app/gui/text_search.hpp"
#include "engine/io/model_loader.hpp"

namespace articulab::gui {

std::vector<SceneEntry> listScenes(const std::string& dir) {
  std::vector<SceneEntry> scenes;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (!entry.is_regular_file() || !isModelFile(entry.path().string())) continue;
    SceneEntry scene;
    scene.path = entry.path().string();
    try {
      Model model = loadModel(scene.path);
      scene.name = model.name;
      scene.description = model.description;
      scene.loads = true;
    } catch (const std::exception& e) {
      scene.description = e.what();
    }
    scenes.push_back(std::move(scene));
  }
  std::sort(scenes.begin(), scenes.end(), [](const SceneEntry& a, const SceneEntry& b) { return a.path < b.path; });
  return scenes;
}

bool sceneMatches(const SceneEntry& scene, const std::string& query) {
  const std::string file = std::filesystem::path(scene.path).filename().string();
  return containsEveryWord(scene.name + '\n' + scene.description + '\n' + file, query);
}

}  // namespace articulab::gui
