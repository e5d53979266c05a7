#include "app/study/study_file.hpp"

#include <algorithm>
#include <filesystem>

#include "engine/io/json_reader.hpp"
#include "engine/io/model_loader.hpp"
#include "engine/io/scene_error.hpp"
#include "engine/io/scene_json.hpp"

namespace articulab::study {

using scene_io::Node;

namespace {

std::vector<double> readPositiveList(const Node& node) {
  std::vector<double> values;
  const std::size_t n = scene_io::expectArray(node);
  if (n == 0) node.fail("expected a non-empty array of positive numbers");
  for (std::size_t i = 0; i < n; ++i) values.push_back(scene_io::readPositive(node.element(i)));
  return values;
}

StudyScene readScene(const Node& node, const std::string& folder) {
  StudyScene scene;
  if (node.json().is_string()) {
    scene.file = scene_io::readName(node);
  } else {
    scene_io::expectObject(node, {"file", "parameters"});
    scene.file = scene_io::readName(node["file"]);
    if (node.has("parameters")) {
      const Node parameters = node["parameters"];
      scene_io::expectObject(parameters);
      for (const auto& [name, value] : parameters.json().items()) {
        const Node values(value, parameters.fieldPointer(name), parameters.context());
        if (value.is_number()) scene.grid[name] = {scene_io::readNumber(values)};
        else {
          const std::size_t n = scene_io::expectArray(values);
          if (n == 0) values.fail("expected a number or a non-empty array of numbers");
          for (std::size_t i = 0; i < n; ++i) scene.grid[name].push_back(scene_io::readNumber(values.element(i)));
        }
      }
    }
  }
  const std::filesystem::path path(scene.file);
  scene.path = path.is_absolute() ? scene.file : (std::filesystem::path(folder) / path).lexically_normal().string();
  std::error_code ec;
  if (!std::filesystem::is_regular_file(scene.path, ec))
    node.fail("no scene file " + scene_io::inQuotes(scene.path) + " (a path relative to the study file's folder)");
  return scene;
}

session::RunSpec readRunSpec(const Node& node) {
  try {
    return session::parseRunSpec(scene_io::readName(node));
  } catch (const session::RunSpecError& e) {
    node.fail(e.what());
  }
}

std::vector<std::string> readMetrics(const Node& node) {
  std::vector<std::string> metrics;
  const std::size_t n = scene_io::expectArray(node);
  for (std::size_t i = 0; i < n; ++i) {
    const Node element = node.element(i);
    const std::string name = scene_io::readName(element);
    if (std::find(metricNames().begin(), metricNames().end(), name) == metricNames().end())
      element.fail("unknown metric " + scene_io::inQuotes(name) + "; expected one of " + scene_io::listNames(metricNames()) +
                   scene_io::suggestion(name, metricNames()));
    metrics.push_back(name);
  }
  return metrics;
}

StudyReference readReference(const Node& node) {
  StudyReference reference;
  if (node.json().is_string()) {
    if (scene_io::readName(node) != "closed-form")
      node.fail("expected \"closed-form\" (the scenes' closed forms) or an object {\"run\": ...} or {\"refine\": R}");
    reference.closedForm = true;
    return reference;
  }
  scene_io::expectObject(node, {"run", "refine"});
  if (node.has("run") && node.has("refine"))
    node.fail("expected either \"run\" (a run spec) or \"refine\" (rk4 at the finest dt divided by it), not both");
  if (node.has("run")) reference.run = readRunSpec(node["run"]);
  if (node.has("refine")) reference.refine = scene_io::readPositive(node["refine"]);
  if (reference.run && reference.run->dt <= 0.0)
    node.failField("run", "the reference run needs its step: BACKEND:INTEGRATOR@dt=SECONDS");
  return reference;
}

void checkOutputTimes(const Node& node, const Study& study) {
  for (std::size_t i = 0; i < study.outputTimes.size(); ++i) {
    if (study.outputTimes[i] > study.duration * (1.0 + 1e-12))
      node.element(i).fail("output time " + scene_io::formatNumber(study.outputTimes[i]) + " s is after the duration " +
                           scene_io::formatNumber(study.duration) + " s");
    if (i > 0 && study.outputTimes[i] <= study.outputTimes[i - 1]) node.element(i).fail("output times must increase");
  }
}

// Whether the model file declares no closed form. A scene document with "closed_form" declares
// one, read without building the model (a model it does not hold for does not load: its rows say
// why); any other file is loaded (at the scene's own parameters), so that one that does not load
// is left to its rows (a failed row says why), as is one the closed form does not hold for at a
// grid point.
bool declaresNoClosedForm(const std::string& path) {
  try {
    if (modelFormatOf(path) == ModelFormat::Scene) {
      const SceneLimits limits = scene_io::resolveLimits(SceneLimits{});
      const scene_io::Json json = scene_io::parseSceneJson(scene_io::readSceneText(path, limits), path, limits);
      if (json.is_object() && json.contains("closed_form")) return false;
    }
    return loadModel(path).closedForm.empty();
  } catch (const SceneError&) {
    return false;
  }
}

// "reference": "closed-form" needs every scene to declare one.
void checkClosedForms(const Node& root, const Study& study) {
  for (std::size_t i = 0; i < study.scenes.size(); ++i) {
    const StudyScene& scene = study.scenes[i];
    if (!declaresNoClosedForm(scene.path)) continue;
    root.failField("reference", "\"closed-form\" needs a closed form in every scene, and scene " +
                                    scene_io::inQuotes(scene.file) + " (/scenes/" + std::to_string(i) +
                                    ") declares none (its \"closed_form\"); name a reference run instead");
  }
}

}  // namespace

bool Study::wants(const std::string& metric) const {
  return std::find(metrics.begin(), metrics.end(), metric) != metrics.end();
}

Study readStudyText(const std::string& text, const std::string& file, const std::string& folder) {
  const SceneLimits limits = scene_io::resolveLimits(SceneLimits{});
  const scene_io::Json json = scene_io::parseSceneJson(text, file, limits);
  scene_io::ReadContext context{file, {}, limits, {}};
  const Node root(json, "", context);
  scene_io::expectObject(root, {"description", "scenes", "runs", "dt", "duration", "output_times", "metrics", "reference"});
  Study study;
  study.file = file;
  const Node scenes = root["scenes"];
  const std::size_t sceneCount = scene_io::expectArray(scenes);
  if (sceneCount == 0) scenes.fail("expected at least one scene");
  for (std::size_t i = 0; i < sceneCount; ++i) study.scenes.push_back(readScene(scenes.element(i), folder));
  const Node runs = root["runs"];
  const std::size_t runCount = scene_io::expectArray(runs);
  if (runCount == 0) runs.fail("expected at least one run spec, e.g. \"redmax:rk4\"");
  for (std::size_t i = 0; i < runCount; ++i) study.runs.push_back(readRunSpec(runs.element(i)));
  if (root.has("dt")) study.dts = readPositiveList(root["dt"]);
  study.duration = scene_io::readPositive(root["duration"]);
  if (root.has("output_times")) {
    study.outputTimes = readPositiveList(root["output_times"]);
    checkOutputTimes(root["output_times"], study);
  } else {
    study.outputTimes = {study.duration};
  }
  study.metrics = root.has("metrics") ? readMetrics(root["metrics"]) : metricNames();
  if (root.has("reference")) study.reference = readReference(root["reference"]);
  if (study.reference.closedForm && study.wants("error")) checkClosedForms(root, study);
  if (study.dts.empty() && !study.reference.run && !study.reference.closedForm)
    for (std::size_t i = 0; i < study.runs.size(); ++i)
      if (study.runs[i].dt <= 0.0)
        runs.element(i).fail("without a study \"dt\" list each run needs @dt=SECONDS (the default reference is rk4 at "
                             "the finest step divided by \"refine\")");
  return study;
}

Study readStudy(const std::string& path) {
  const std::string text = scene_io::readSceneText(path, scene_io::resolveLimits(SceneLimits{}));
  return readStudyText(text, path, std::filesystem::path(path).parent_path().string());
}

}  // namespace articulab::study
