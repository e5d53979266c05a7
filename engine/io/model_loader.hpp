// One way to open a model file, by its extension: a scene (.json), a URDF (.urdf) or an MJCF
// (.xml, .mjcf). The CLI (run, describe, record, gui, import), the app's File > Open and scene
// list and the Python module load through it. An import's report is in Model::importReport.
#pragma once

#include <string>

#include "engine/io/import_options.hpp"
#include "engine/io/scene_loader.hpp"

namespace articulab {

enum class ModelFormat { Scene, Urdf, Mjcf };

// The format of a file by its extension (case-insensitive); Scene for anything else.
ModelFormat modelFormatOf(const std::string& path);
// Whether the extension names a model file this loader reads (.json, .urdf, .xml, .mjcf).
bool isModelFile(const std::string& path);

// Reads a model; throws SceneError naming the file (and the line and element of an XML file)
// for every problem. Parameter overrides apply to scenes only: one given for a URDF or MJCF is
// an error (they declare no parameters).
// `limits` (--max-bodies) bound a scene's size as loadScene says, and an imported model's bodies.
Model loadModel(const std::string& path, const ParameterOverrides& overrides = {}, const ImportOptions& options = {},
                const SceneLimits& limits = {});

// The importers (engine/io/urdf_import.cpp, mjcf_import.cpp).
Model importUrdf(const std::string& path, const ImportOptions& options = {});
Model importMjcf(const std::string& path, const ImportOptions& options = {});

}  // namespace articulab
