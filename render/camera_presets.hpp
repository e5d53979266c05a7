// The standard views of the View menu and keys 1-4: front (along +y), side (along -x), top (down
// -z) and isometric, each looking at the camera's target from its distance.
#pragma once

#include <optional>
#include <string>

#include "render/camera.hpp"

namespace articulab::render {

enum class CameraPreset { Front, Side, Top, Isometric };

inline constexpr CameraPreset kCameraPresets[] = {CameraPreset::Front, CameraPreset::Side, CameraPreset::Top,
                                                  CameraPreset::Isometric};

// "front", "side", "top", "iso": the names of the menu and of the script command.
const char* cameraPresetName(CameraPreset preset);
std::optional<CameraPreset> cameraPresetNamed(const std::string& name);

// Turns the camera to the preset's direction; target and distance stay.
void applyCameraPreset(Camera& camera, CameraPreset preset);

}  // namespace articulab::render
