#include "tests/engine/io/hostile_scenes.hpp"

#include <fstream>

#include "tests/engine/test_util.hpp"

namespace articulab::test {

nlohmann::json shippedSceneJson(const std::string& file) {
  std::ifstream in(kScenes + file);
  return nlohmann::json::parse(in, nullptr, true, /*ignore_comments=*/true);
}

std::string legWithoutExcitation() {
  nlohmann::json scene = shippedSceneJson("leg.json");
  scene["muscles"][4].erase("excitation");
  return scene.dump();
}

std::string tenChainsOf100000() {
  nlohmann::json scene = {{"chains", nlohmann::json::array()}};
  for (int c = 0; c < 10; ++c)
    scene["chains"].push_back({{"name", "c" + std::to_string(c) + "_"},
                               {"count", 100000},
                               {"parent", "world"},
                               {"spacing", {0, 0, -0.1}},
                               {"body", {{"mass", 1}, {"shape", {{"type", "sphere"}, {"radius", 0.05}}}}},
                               {"joint", {{"type", "revolute"}, {"axis", {0, 1, 0}}}}});
  return scene.dump();
}

}  // namespace articulab::test
