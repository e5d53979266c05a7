#include "app/gui/workbench.hpp"

#include <glad/gl.h>
// glad first: GLFW must not include the system OpenGL header.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "app/gui/session_names.hpp"
#include "app/gui/default_file_name.hpp"
#include "app/gui/figure_names.hpp"
#include "app/gui/panels.hpp"
#include "app/gui/scene_catalog.hpp"
#include "app/video/frame_grabber.hpp"
#include "engine/solvers/drift_control.hpp"
#include "render/eigen_glm.hpp"
#include "render/shape_extents.hpp"
#include "render/view_framing.hpp"

namespace articulab::gui {

namespace {

constexpr std::size_t kPlotCapacity = 1 << 17;

std::string resourceDir(const char* name) {
  std::filesystem::path local = std::filesystem::current_path() / name;
  if (std::filesystem::is_directory(local)) return local.string();
  return std::string(ARTICULAB_SOURCE_DIR) + "/" + name;
}

}  // namespace

Workbench::Workbench(const GuiOptions& options)
    : options_(options),
      plotData_(sampleChannels(), kPlotCapacity),
      plots_(standardPlots()),
      comparisonData_(session::comparisonChannels({""}), kPlotCapacity) {
  ui_.plotViews.resize(plots_.size());
  session_->scenes().setSceneLimits(options.sceneLimits);
  logSink_ = installLogSink();
}

Workbench::~Workbench() {
  std::string error;
  if (!preferencesPath_.empty() && preferencesOf(ui_) != savedPreferences_ &&
      !writePreferences(preferencesPath_, preferencesOf(ui_), error))
    spdlog::error("{}", error);
  if (recorder_.recording() && !stopRecording(error)) spdlog::error("{}", error);
  stopSession();
  if (rendererReady_) renderer_.shutdown();
  if (imguiReady_) {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
  }
  if (window_) glfwDestroyWindow(window_);
  glfwTerminate();
}

bool Workbench::init(bool interactive, std::string& error) {
  interactive_ = interactive;
  if (interactive) {  // scripted sessions draw the same whatever the user chose
    preferencesPath_ = configFilePath("preferences.txt");
    std::string warning;
    savedPreferences_ = readPreferences(preferencesPath_, warning);
    if (!warning.empty()) spdlog::warn("{}", warning);
    applyPreferences(savedPreferences_, ui_);
  }
  if (!openWindow(error) || !renderer_.init(resourceDir("shaders"), resourceDir("assets"), error)) return false;
  rendererReady_ = true;
  initImGui();
  preferFrameRateOnSoftwareGl();
  rescanScenes();
  return true;
}

bool Workbench::openWindow(std::string& error) {
  glfwSetErrorCallback([](int code, const char* text) { spdlog::error("GLFW error {}: {}", code, text); });
  if (!glfwInit()) {
    error = "cannot initialise GLFW (is there a display? set DISPLAY or run under xvfb-run)";
    return false;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  if (options_.hiddenWindow) glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  window_ = glfwCreateWindow(options_.width, options_.height, "Articulab", nullptr, nullptr);
  if (!window_) {
    error = "cannot open a " + std::to_string(options_.width) + "x" + std::to_string(options_.height) +
            " window with an OpenGL 3.3 core context";
    return false;
  }
  glfwMakeContextCurrent(window_);
  glfwSwapInterval(interactive_ ? 1 : 0);
  return true;
}

void Workbench::initImGui() {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  // Scripted and benchmark sessions ignore the pointer, so a mouse left over the window cannot
  // change what they draw.
  if (!interactive_) io.ConfigFlags |= ImGuiConfigFlags_NoMouse;
  ImGui::StyleColorsDark();
  applyUiScale();
  ImGui_ImplGlfw_InitForOpenGL(window_, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
  imguiReady_ = true;
}

// On Mesa's software rasterizers shadows are planar (the shadow map's lookups cost about two
// thirds of a frame on llvmpipe) and the font atlas is sampled nearest (UiScaler::sampleNearest).
void Workbench::preferFrameRateOnSoftwareGl() {
  const char* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  std::string renderer = name ? name : "";
  spdlog::info("OpenGL renderer: {}", renderer);
  if (renderer.find("llvmpipe") == std::string::npos && renderer.find("softpipe") == std::string::npos) return;
  renderer_.setPlanarShadows(true);
  uiScaler_.sampleNearest();
  spdlog::info("software OpenGL: shadows are cast on the floor only (planar), for the frame rate");
}

// Quitting waits for the running step to end, but never long: a step of a huge model can take
// minutes and cannot be interrupted. After the grace the physics thread is detached and the
// Session deliberately leaked, so the thread finishes its step on live memory while the
// process exits (the operating system reclaims both).
void Workbench::stopSession() {
  constexpr double kQuitGrace = 0.5;  // s
  if (session_ && !session_->stopThread(kQuitGrace)) {
    spdlog::warn("quitting inside a step that has not ended after {} s: the step is abandoned", kQuitGrace);
    (void)session_.release();
  }
}

void Workbench::cancelStep() {
  if (session_->cancelStep()) ui_.notice = "cancelling the running step ...";
}

bool Workbench::closeRequested() const { return glfwWindowShouldClose(window_); }

bool Workbench::openScene(const std::string& path, const ParameterOverrides& overrides, const std::string& backend,
                          std::string& error) {
  viewport_.cancel(*session_);
  if (!session_->scenes().load(path, overrides, backend, error)) {
    ui_.banner = "Could not open the scene; the previous scene keeps running.\n" + error;
    return false;
  }
  ui_.fields.clear();
  ui_.banner.clear();
  ui_.notice.clear();
  rememberOpenedScene();
  return true;
}

void Workbench::openSceneInBackground(const std::string& path, const ParameterOverrides& overrides) {
  viewport_.cancel(*session_);
  std::string error;
  if (!session_->scenes().loadInBackground(path, overrides, error)) showError(error);
}

// The outcome of a background load, once it ended.
void Workbench::takeBackgroundLoad() {
  std::string error;
  if (!session_->scenes().takeLoadResult(error)) return;
  if (!error.empty()) {
    ui_.banner = "Could not open the scene; the previous scene keeps running.\n" + error;
    return;
  }
  ui_.fields.clear();
  ui_.banner.clear();
  ui_.notice.clear();
  rememberOpenedScene();
}

void Workbench::rememberOpenedScene() {
  Snapshot current;
  session_->snapshot(current);
  std::string error;
  if (!current.scenePath.empty() && !recent_.add(current.scenePath, error)) spdlog::warn("{}", error);
}

void Workbench::openBrowser(BrowseMode mode, const std::string& directory) {
  namespace fs = std::filesystem;
  ui_.browserError.clear();
  if (mode == BrowseMode::OpenScene) {
    const std::string here = snapshot_.scenePath.empty() ? ui_.scenesDir : fs::path(snapshot_.scenePath).parent_path().string();
    ui_.browser.open(mode, directory.empty() ? here : directory, "");
    return;
  }
  if (mode == BrowseMode::SaveScene) {
    Snapshot current;  // the scene open now, even before a frame has shown it
    session_->snapshot(current);
    const fs::path scene(current.scenePath);
    const std::string name = current.model ? current.model->name : "";
    ui_.overwriteAsked.clear();
    ui_.browser.open(mode, directory.empty() ? scene.parent_path().string() : directory,
                     editedSceneFileName(scene.stem().string().empty() ? name : scene.stem().string()));
    return;
  }
  const fs::path last(ui_.exportBase);
  const std::string name = snapshot_.model ? snapshot_.model->name : "articulab";
  ui_.browser.open(mode, directory.empty() ? last.parent_path().string() : directory, timestampedFileName(name, ""));
}

bool Workbench::acceptBrowser(bool inBackground, std::string& error) {
  FileBrowser& browser = ui_.browser;
  error = browser.checkChosen();
  const std::string path = browser.chosenPath();
  ParameterOverrides overrides;  // the Scene panel's parameters apply to a scene opened here too
  if (error.empty() && browser.mode() == BrowseMode::OpenScene && parseOverridesText(ui_.overrides, overrides, error)) {
    if (inBackground)
      openSceneInBackground(path, overrides);
    else
      openScene(path, overrides, "", error);
  } else if (error.empty() && browser.mode() == BrowseMode::SaveScene) {
    saveSceneFromBrowser(path, error);
  } else if (error.empty()) {
    std::snprintf(ui_.exportBase, sizeof ui_.exportBase, "%s", path.c_str());
    if (exportCsv(path + ".csv", error) && exportPlots(path, error))
      ui_.exportStatus = "wrote " + path + ".csv, .png, .svg and .pdf";
  }
  ui_.browserError = error;
  if (error.empty()) browser.close();
  return error.empty();
}

bool Workbench::reloadScene(std::string& error) {
  viewport_.cancel(*session_);
  if (!session_->scenes().reload(error)) {
    ui_.banner = "Could not reload the scene; the previous scene keeps running.\n" + error;
    return false;
  }
  ui_.fields.clear();
  ui_.banner.clear();
  return true;
}

void Workbench::showError(const std::string& message) {
  ui_.banner = message;
  spdlog::error("{}", message);
}

// The camera frames the range of motion (face-on for a planar mechanism) in the 3D view's
// shape; the floor goes below the lowest reach (render/view_framing.hpp).
void Workbench::frameScene() {
  session_->snapshot(snapshot_);
  if (!snapshot_.model) return;
  const render::SceneFraming framing = render::sceneFraming(*snapshot_.model, snapshot_.state);
  int width = 1, height = 1;
  glfwGetWindowSize(window_, &width, &height);
  const ViewRegion view = viewRegion(float(width), float(height), ui_.showPanels, ui_.layout);
  camera_ = render::framedCamera(framing, view.width / std::max(view.height, 1.0f));
  renderer_.setFloorHeight(framing.floorZ);
  follow_.follow(follow_.target(), camera_, *snapshot_.model, snapshot_.state);
}

void Workbench::frameRecentMotion() {
  glm::vec3 lo, hi;
  if (!recentMotion_.bounds(lo, hi)) return frameScene();
  int width = 1, height = 1;
  glfwGetWindowSize(window_, &width, &height);
  const ViewRegion view = viewRegion(float(width), float(height), ui_.showPanels, ui_.layout);
  render::fitBox(camera_, lo, hi, view.width / std::max(view.height, 1.0f), 1.1f);
  follow_.follow(follow_.target(), camera_, *snapshot_.model, snapshot_.state);
}

void Workbench::applyCameraPreset(render::CameraPreset preset) { render::applyCameraPreset(camera_, preset); }

void Workbench::followInView(const render::FollowTarget& target) {
  if (!snapshot_.model || target.kind == render::FollowTarget::Kind::None) return follow_.stop();
  follow_.follow(target, camera_, *snapshot_.model, snapshot_.state);
}

// Each frame: the follow camera moves with its point, and the bodies' box joins the recent motion F frames.
void Workbench::trackTheMechanism() {
  if (!snapshot_.model) return;
  follow_.update(camera_, *snapshot_.model, snapshot_.state);
  Vector3 lo, hi;
  if (render::worldBounds(*snapshot_.model, snapshot_.state, lo, hi))
    recentMotion_.add(snapshot_.state.t, render::toGlm(lo), render::toGlm(hi));
}

void Workbench::rescanScenes() {
  ui_.scenesDir = resourceDir("scenes");
  ui_.scenes = listScenes(ui_.scenesDir);
}

void Workbench::refreshFromSession() {
  takeBackgroundLoad();
  session_->snapshot(snapshot_);
  if (snapshot_.noticeVersion != noticeVersion_) {  // the app changed a back-end or an integrator itself
    noticeVersion_ = snapshot_.noticeVersion;
    ui_.notice = snapshot_.notice;
  }
  if (snapshot_.model && snapshot_.sceneVersion != framedScene_) {  // a scene opened (maybe after a step)
    follow_.stop();  // its bodies are not the last scene's
    recentMotion_.clear();
    frameScene();
    framedScene_ = snapshot_.sceneVersion;
    ui_.musclePlot.hidden = defaultHiddenMuscles(snapshot_.model->muscles.size());  // another scene: its own muscles
    ui_.overlays.selectedBody = -1;
    ui_.overlays.hoveredBody = -1;
  }
  if (snapshot_.previousRunVersion != previousRunVersion_) {  // Reset kept a run, or it was cleared
    previousRun_ = session_->previousRun();
    previousRunVersion_ = snapshot_.previousRunVersion;
  }
  trackTheMechanism();
  copyNewSamples();
}

// The plots follow the copied channels: a comparison run's series only while its channels are
// there; with muscles, the energy balance in the energy plot and the muscle plot chosen in the
// plots panel (the drift plot only when asked for).
void Workbench::copyNewSamples() {
  if (!ui_.plotsPaused) {
    session_->copySamples(plotData_, plotConsumed_, plotGeneration_);
    session_->copyComparison(comparisonData_, comparisonConsumed_, comparisonGeneration_);
  }
  const SampleLayout layout = sampleLayout(plotData_.channels());
  const bool comparing = !snapshot_.compareBackend.empty() && layout.comparing;
  plots_ = standardPlots(snapshot_.backend, comparing ? snapshot_.compareBackend : "");
  const std::vector<ComparedRunStyle> runs = runStyles();
  // The comparison series has every run's columns once the session's runs are in it.
  const bool compared =
      comparisonData_.channelCount() == 1 + runs.size() * session::kComparisonQuantityCount && comparisonData_.size() > 0;
  const EnergyView energyView =
      ui_.energyViewChosen ? ui_.energyView : comparing ? EnergyView::Relative : EnergyView::Absolute;
  if (compared && energyView != EnergyView::Absolute) plots_[0] = comparisonEnergyPlot(runs, energyView, snapshot_.floors);
  if (compared && comparing) {
    plots_[1] = comparisonDriftPlot(runs, snapshot_.floors);
    plots_.push_back(comparisonDifferencePlot(runs, snapshot_.reference, snapshot_.floors));
  } else {
    plots_[1].scale = AxisScale::Log;  // drift at 1e-13 m shows at 1e-13 m
    plots_[1].floor = snapshot_.floors.position;
  }
  if (layout.muscles > 0) {
    if (plots_[0].source == PlotSource::Samples) addMuscleEnergyBalance(plots_[0], layout);
    if (!ui_.musclePlot.showDrift) plots_.erase(plots_.begin() + 1);
    plots_.push_back(musclePlot(layout, ui_.musclePlot.plot, ui_.musclePlot.hidden));
  }
  ui_.plotViews.resize(plots_.size());
}

RunView& Workbench::runView(std::uint64_t id, std::size_t place) {
  auto [it, added] = ui_.runViews.try_emplace(id);
  if (added) it->second.colour = runColour(place);
  return it->second;
}

std::vector<ComparedRunStyle> Workbench::runStyles() {
  std::vector<ComparedRunStyle> runs = {{snapshot_.mainLabel, runView(0, 0).colour, true}};
  for (std::size_t c = 0; c < snapshot_.comparisons.size(); ++c) {
    const ComparisonView& comparison = snapshot_.comparisons[c];
    const RunView& view = runView(comparison.id, c + 1);
    runs.push_back({comparison.label, view.colour, !view.muted});
  }
  return runs;
}

bool Workbench::exportComparisonCsv(const std::string& path, std::string& error) {
  plotData();
  if (!writeCsv(comparisonData_, path, error)) return false;
  spdlog::info("wrote {} comparison samples to {}", comparisonData_.size(), path);
  return true;
}

const TimeSeries& Workbench::plotData() {
  copyNewSamples();
  return plotData_;
}

Figure Workbench::currentFigure() const {
  const Snapshot& s = snapshot_;
  RunLabels run;
  run.scene = s.model ? s.model->name : "no scene";
  if (s.model) {
    run.parameters = s.model->parameters;
    const SimulationDefaults& d = s.model->defaults;
    run.driftControl = d.driftControl;
    char gains[64];
    std::snprintf(gains, sizeof gains, " (alpha %g/s, beta %g/s)", d.baumgarteAlpha, d.baumgarteBeta);
    if (DriftControl drift; parseDriftControl(d.driftControl, drift) && drift == DriftControl::Baumgarte)
      run.driftControl += gains;
  }
  run.backend = s.backend;
  run.compareBackend = s.compareBackend;
  for (const ComparisonView& comparison : s.comparisons) run.compared.push_back(comparison.name);
  run.controlsDrift = s.controlsDrift;
  run.integrator = integratorName(s.integrator);
  run.dt = s.dt;
  run.segments = plotData_.segments();
  run.endTime = plotData_.size() ? plotData_.time(plotData_.size() - 1) : 0.0;
  Figure figure;
  figure.title = figureTitle(run);
  figure.subtitle = figureSubtitle(run);
  figure.plots = plots_;
  for (const ComparisonView& comparison : s.comparisons)  // each run's own integrator and step
    figure.subtitle += "; " + comparison.name + ": " + comparison.label;
  // The runs of the comparison plots, named once in the figure's legend, every label whole.
  for (const PlotSpec& plot : plots_) {
    if (plot.source != PlotSource::Comparison) continue;
    for (const PlotSeries& series : plot.series) {
      const bool listed = std::any_of(figure.runs.begin(), figure.runs.end(),
                                      [&](const LegendEntry& entry) { return entry.label == series.label; });
      if (!listed) figure.runs.push_back({series.label, series.colour});
    }
  }
  figure.time = ui_.plotViews.empty() ? followedTimeRange(plotData_, ui_.plotWindow) : ui_.plotViews[0].time;
  return figure;
}

bool Workbench::exportCsv(const std::string& path, std::string& error) {
  if (!writeCsv(plotData(), path, error)) return false;
  spdlog::info("wrote {} samples to {}", plotData_.size(), path);
  return writeStretches(stretchesPath(path), error);
}

std::string Workbench::stretchesPath(const std::string& csvPath) {
  const std::size_t dot = csvPath.rfind(".csv");
  return (dot != std::string::npos && dot + 4 == csvPath.size() ? csvPath.substr(0, dot) : csvPath) + "_runs.csv";
}

// Which back-end, integrator and step ran each stretch of each run, beside the exported CSV
// (its numbers alone do not say).
bool Workbench::writeStretches(const std::string& path, std::string& error) {
  std::ofstream file(path);
  file.precision(12);
  file << "run,start [s],end [s],back-end,integrator,dt [s]\n";
  const double end = plotData_.size() ? plotData_.time(plotData_.size() - 1) : 0.0;
  const std::vector<Segment>& segments = plotData_.segments();
  for (std::size_t i = 0; i < segments.size(); ++i)
    file << snapshot_.mainName << ',' << segments[i].start << ',' << (i + 1 < segments.size() ? segments[i + 1].start : end)
         << ',' << segments[i].label << ',' << segments[i].integrator << ',' << segments[i].dt << '\n';
  const double start = plotData_.size() ? plotData_.time(0) : 0.0;
  for (const ComparisonView& run : snapshot_.comparisons)
    for (std::size_t i = 0; i < run.stretches.size(); ++i) {
      const Segment& stretch = run.stretches[i];
      file << run.name << ',' << std::max(start, stretch.start) << ','
           << (i + 1 < run.stretches.size() ? run.stretches[i + 1].start : end) << ',' << stretch.label << ','
           << stretch.integrator << ',' << stretch.dt << '\n';
    }
  file.close();
  if (!file) {
    error = path + ": cannot write the runs of the CSV export";
    return false;
  }
  return true;
}

bool Workbench::exportPlots(const std::string& basePath, std::string& error) {
  plotData();
  session_->snapshot(snapshot_);
  Figure figure = currentFigure();
  // The whole run unless the plots were zoomed or panned (then what they show).
  if (ui_.plotViews.empty() || ui_.plotViews[0].followTime) figure.time = recordedTimeRange(plotData_, INFINITY);
  if (!exportFigureSet(basePath, plotData_, figure, error, &comparisonData_)) return false;
  spdlog::info("wrote plots {0}.png, {0}.svg and {0}.pdf", basePath);
  return true;
}

void Workbench::requestScreenshot(const std::string& path, bool withPanels) {
  screenshotPath_ = path;
  screenshotWithPanels_ = withPanels;
  screenshotDone_ = false;
}

bool Workbench::screenshotResult(std::string& error) const {
  if (!screenshotDone_) {
    error = "no frame was drawn for the screenshot";
    return false;
  }
  error = screenshotError_;
  return screenshotOk_;
}

// The renderer draws into the bottom-left width x height pixels of the framebuffer (its
// glViewport origin), which the panel layout leaves free for the 3D view.
void Workbench::drawViewport(int width, int height) {
  if (snapshot_.model) {
    std::vector<render::Ghost> ghosts;
    for (std::size_t c = 0; c < snapshot_.comparisons.size(); ++c) {
      const ComparisonView& comparison = snapshot_.comparisons[c];
      const RunView& view = runView(comparison.id, c + 1);
      if (comparison.running && view.ghost && !view.muted)
        ghosts.push_back({&comparison.state, glm::vec3(view.colour.r, view.colour.g, view.colour.b)});
    }
    renderer_.draw(*snapshot_.model, snapshot_.state, camera_, ui_.overlays, width, height, snapshot_.contactPoints,
                   ghosts);
  } else {
    glViewport(0, 0, width, height);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, width, height);
    glClearColor(0.16f, 0.17f, 0.2f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
  }
  if (!screenshotWithPanels_) saveScreenshot(width, height);
  if (!recorder_.settings().wholeWindow) recordFrame(width, height);
}

// The panels' background (the panel windows draw none): one clear of the whole framebuffer
// before the 3D view clears its own region. On Mesa llvmpipe a whole-framebuffer clear costs far
// less per pixel than a scissored one, so this beats clearing each panel's rectangle.
void Workbench::clearPanelBackground() {
  if (!ui_.showPanels) return;
  ImVec4 bg = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
  glClearColor(bg.x, bg.y, bg.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
}

void Workbench::saveScreenshot(int width, int height) {
  if (screenshotPath_.empty()) return;
  screenshotOk_ = renderer_.saveScreenshot(screenshotPath_, width, height, screenshotError_);
  if (screenshotOk_)
    spdlog::info("saved a {}x{} screenshot of the {} to {}", width, height,
                 screenshotWithPanels_ ? "window" : "3D view", screenshotPath_);
  else
    spdlog::error("{}", screenshotError_);
  screenshotDone_ = true;
  screenshotPath_.clear();
}

void Workbench::captureSize(bool wholeWindow, int& width, int& height) const {
  int fbWidth = 0, fbHeight = 0, winWidth = 1, winHeight = 1;
  glfwGetFramebufferSize(window_, &fbWidth, &fbHeight);
  glfwGetWindowSize(window_, &winWidth, &winHeight);
  if (wholeWindow) {
    width = fbWidth;
    height = fbHeight;
    return;
  }
  const ViewRegion view = viewRegion(float(winWidth), float(winHeight), ui_.showPanels, ui_.layout);
  const float scale = float(fbWidth) / float(std::max(1, winWidth));
  width = std::max(1, int(view.width * scale));
  height = std::max(1, int(view.height * scale));
}

bool Workbench::startRecording(const video::RecordSettings& settings, std::string& error) {
  session_->snapshot(snapshot_);
  int width = 0, height = 0;
  captureSize(settings.wholeWindow, width, height);
  recordingError_.clear();
  if (!recorder_.start(settings, width, height, snapshot_.state.t, error)) {
    recordingError_ = error;
    spdlog::error("recording: {}", error);
    return false;
  }
  if (!recorder_.note().empty()) spdlog::warn("recording: {}", recorder_.note());
  spdlog::info("recording the {} from t = {:.3f} s: {}x{} at {} fps to {}", settings.wholeWindow ? "window" : "3D view",
               snapshot_.state.t, recorder_.width(), recorder_.height(), settings.fps, recorder_.outputs());
  return true;
}

bool Workbench::startHistoryRecording(const video::RecordSettings& settings, std::string& error) {
  session_->snapshot(snapshot_);
  const HistoryView h = snapshot_.history;
  if (h.keyframes == 0) {
    error = "no history to record yet: play the scene first";
    recordingError_ = error;
    return false;
  }
  ui_.playback.direction = 0;
  if (!session_->history().view(h.firstTime, error) || !startRecording(settings, error)) return false;
  historyRecording_ = true;
  historyStart_ = snapshot_.state.t;
  historyEnd_ = h.lastTime;
  spdlog::info("recording the history from t = {:.3f} s to {:.3f} s", historyStart_, historyEnd_);
  return true;
}

// The keyframe of the next frame of a history recording, or its end.
void Workbench::showNextHistoryFrame() {
  if (!historyRecording_) return;
  const double t = historyStart_ + double(recorder_.framesWritten()) / recorder_.settings().fps;
  std::string error;
  if (recorder_.recording() && t <= historyEnd_ + 1e-9 && session_->history().view(t, error)) return;
  historyRecording_ = false;
  if (recorder_.recording()) stopRecording(error);
}

bool Workbench::stopRecording(std::string& error) {
  historyRecording_ = false;
  if (!recorder_.recording()) {
    error = "no recording is running";
    return false;
  }
  if (!recorder_.stop(error)) {
    recordingError_ = error;
    spdlog::error("recording: {}", error);
    return false;
  }
  spdlog::info("{}", recorder_.status());
  return true;
}

// The frames due at the shown state's time (video_recorder.hpp), grabbed from the bottom-left
// width x height pixels: the 3D view before the panels are drawn over it, or the whole window.
// Recording the history, the keyframe shown is up to one keyframe interval before the frame's time.
void Workbench::recordFrame(int width, int height) {
  const double keyframeInterval = double(keyframeEvery(snapshot_.dt)) * snapshot_.dt;
  const double tolerance = historyRecording_ ? std::min(keyframeInterval, 0.999 / recorder_.settings().fps)
                                             : 0.5 * snapshot_.dt;
  const long due = recorder_.framesDue(snapshot_.state.t, tolerance);
  if (due <= 0) return;
  // A region one pixel larger than the video (odd sides rounded down to even) loses its top row
  // or right column instead of being resampled.
  if (recorder_.width() == (width & ~1)) width = recorder_.width();
  const int top = recorder_.height() == (height & ~1) ? height - recorder_.height() : 0;
  height -= top;
  std::string error;
  if (video::grabBackBuffer(0, 0, width, height, grabbed_, error) && recorder_.addFrame(grabbed_, due, error)) return;
  std::string ignored;
  recorder_.stop(ignored);
  recordingError_ = error;
  showError("Recording stopped: " + error);
}

// View > UI scale, or the monitor's content scale; the panels' minimum sizes follow it.
void Workbench::applyUiScale() {
  uiScaler_.apply(ui_.uiScale > 0.0f ? ui_.uiScale : monitorContentScale(window_));
  ui_.layout.scale = uiScaler_.applied();
}

void Workbench::renderFrame() {
  auto start = std::chrono::steady_clock::now();
  glfwPollEvents();
  showNextHistoryFrame();
  refreshFromSession();
  buildUi();
  present();
  frameSeconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Mouse and keys (interactive sessions only), then the panels and the banner.
void Workbench::buildUi() {
  applyUiScale();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  if (interactive_) {
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    viewport_.update(snapshot_, camera_, *session_, viewRegion(display.x, display.y, ui_.showPanels, ui_.layout));
    if (const std::optional<int> clicked = viewport_.takeClick()) ui_.overlays.selectedBody = *clicked;
    ui_.overlays.hoveredBody = viewport_.hovered();
    handleShortcuts(*this);
    const bool typing = ImGui::GetIO().WantTextInput;
    if (snapshot_.stepInProgressSeconds > 0.0 && !typing && ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false)) cancelStep();
  }
  if (ui_.showPanels) {
    drawPanels(*this);
    drawTimeline(*this);
  }
  drawMuscleLegend(*this);
  drawRecordWindow(*this);
  drawFileDialog(*this);
  drawBanner(*this);
  ImGui::Render();
}

// The panels' background, the 3D view in its region, the panels, a pending screenshot, swap.
void Workbench::present() {
  int fbWidth = 0, fbHeight = 0, winWidth = 1, winHeight = 1;
  glfwGetFramebufferSize(window_, &fbWidth, &fbHeight);
  glfwGetWindowSize(window_, &winWidth, &winHeight);
  ViewRegion view = viewRegion(float(winWidth), float(winHeight), ui_.showPanels, ui_.layout);
  float scale = float(fbWidth) / float(std::max(1, winWidth));
  clearPanelBackground();
  drawViewport(std::max(1, int(view.width * scale)), std::max(1, int(view.height * scale)));
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  saveScreenshot(fbWidth, fbHeight);
  if (recorder_.settings().wholeWindow) recordFrame(fbWidth, fbHeight);
  glfwSwapBuffers(window_);
}

}  // namespace articulab::gui
