#include "engine/io/model_loader.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace articulab {

ModelFormat modelFormatOf(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (extension == ".urdf") return ModelFormat::Urdf;
  if (extension == ".xml" || extension == ".mjcf") return ModelFormat::Mjcf;
  return ModelFormat::Scene;
}

bool isModelFile(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension == ".json" || modelFormatOf(path) != ModelFormat::Scene;
}

Model loadModel(const std::string& path, const ParameterOverrides& overrides, const ImportOptions& options,
                const SceneLimits& limits) {
  const ModelFormat format = modelFormatOf(path);
  if (format == ModelFormat::Scene) return loadScene(path, overrides, limits);
  if (!overrides.empty())
    throw SceneError(path, "", "cannot override parameter \"" + overrides.begin()->first +
                                   "\": a URDF or MJCF model declares no parameters (--set applies to scene files)");
  Model model = format == ModelFormat::Urdf ? importUrdf(path, options) : importMjcf(path, options);
  if (model.bodyCount() > limits.maxBodies)
    throw SceneError(path, "", "the model has " + std::to_string(model.bodyCount()) + " bodies, more than the limit of " +
                                   std::to_string(limits.maxBodies) + " (raise it with --max-bodies N)");
  return model;
}

}  // namespace articulab
