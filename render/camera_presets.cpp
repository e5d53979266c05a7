#include "render/camera_presets.hpp"

#include <cmath>

namespace articulab::render {

namespace {

constexpr float kHalfPi = 1.57079632679f;
constexpr float kTopPitch = 1.55f;          // the orbit's limit: straight down, x to the right
const float kIsometricPitch = std::atan(1.0f / std::sqrt(2.0f));  // the cube's diagonal towards the eye

struct PresetAngles {
  float yaw, pitch;  // Camera::yaw, Camera::pitch: the eye at (cos p cos y, cos p sin y, sin p) from the target
};

PresetAngles anglesOf(CameraPreset preset) {
  switch (preset) {
    case CameraPreset::Front: return {-kHalfPi, 0.0f};  // eye on -y: x to the right, z up
    case CameraPreset::Side: return {0.0f, 0.0f};       // eye on +x: y to the right, z up
    case CameraPreset::Top: return {-kHalfPi, kTopPitch};
    case CameraPreset::Isometric: return {-0.5f * kHalfPi, kIsometricPitch};
  }
  return {-kHalfPi, 0.0f};
}

}  // namespace

const char* cameraPresetName(CameraPreset preset) {
  switch (preset) {
    case CameraPreset::Front: return "front";
    case CameraPreset::Side: return "side";
    case CameraPreset::Top: return "top";
    case CameraPreset::Isometric: return "iso";
  }
  return "front";
}

std::optional<CameraPreset> cameraPresetNamed(const std::string& name) {
  for (CameraPreset preset : kCameraPresets)
    if (name == cameraPresetName(preset)) return preset;
  return std::nullopt;
}

void applyCameraPreset(Camera& camera, CameraPreset preset) {
  const PresetAngles angles = anglesOf(preset);
  camera.yaw = angles.yaw;
  camera.pitch = angles.pitch;
}

}  // namespace articulab::render
