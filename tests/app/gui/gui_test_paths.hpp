// Files the app tests load: the shipped chain scene, the broken and diverging test scenes and
// the muscle arm (a two-muscle elbow).
#pragma once

#include <string>

namespace articulab::gui::test {

inline const std::string kSource = ARTICULAB_SOURCE_DIR;
inline const std::string kChain = kSource + "/scenes/chain.json";
inline const std::string kBroken = kSource + "/tests/app/gui/data/broken_scene.json";
inline const std::string kDiverging = kSource + "/tests/app/gui/data/diverging_chain.json";
inline const std::string kMuscleArm = kSource + "/tests/app/gui/data/muscle_arm.json";

}  // namespace articulab::gui::test
