// The app: window, ImGui, renderer, camera, the live session (app/session) and its plotted
// series. Panels and the script runner drive it through these methods; renderFrame() draws one
// frame. It is also the window `articulab record` draws a session's frames in
// (app/video/session_window.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "app/gui/channel_panes.hpp"
#include "app/gui/gui_app.hpp"
#include "app/gui/log_sink.hpp"
#include "app/gui/preferences.hpp"
#include "app/gui/figure_names.hpp"
#include "app/gui/recent_files.hpp"
#include "app/gui/session_names.hpp"
#include "app/gui/ui_scale.hpp"
#include "app/gui/ui_state.hpp"
#include "app/gui/viewport_input.hpp"
#include "app/video/session_window.hpp"
#include "app/video/video_recorder.hpp"
#include "render/camera_follow.hpp"
#include "render/camera_presets.hpp"
#include "render/recent_motion.hpp"
#include "render/renderer.hpp"

struct GLFWwindow;

namespace articulab::gui {

class Workbench : public video::SessionWindow {
 public:
  explicit Workbench(const GuiOptions& options);
  ~Workbench() override;
  Workbench(const Workbench&) = delete;
  Workbench& operator=(const Workbench&) = delete;

  // Opens the window (width x height), ImGui and the renderer. Interactive: vsync, mouse and
  // keys; otherwise (scripts, benchmark) no vsync and no pointer input.
  bool init(bool interactive, std::string& error);
  // Draws one frame: input, panels, 3D view, pending screenshot, swap.
  void renderFrame();
  // The window as articulab record uses it (video::SessionWindow): not interactive.
  bool open(std::string& error) override { return init(false, error); }
  void drawFrame() override { renderFrame(); }
  void showPanels(bool shown) override { ui_.showPanels = shown; }
  bool closeRequested() const;

  // Opens a scene; on failure shows the loader's message (banner and log) and keeps the
  // current scene. backend "" means the scene's default.
  bool openScene(const std::string& path, const ParameterOverrides& overrides, const std::string& backend,
                 std::string& error);
  // openScene for the scene panel: the scene is read and its solver built on another thread, so
  // the window keeps drawing; a failure shows up (banner and log) in a later frame.
  void openSceneInBackground(const std::string& path, const ParameterOverrides& overrides);
  // Opens the current scene file again, dropping live edits; same failure handling as openScene.
  bool reloadScene(std::string& error);
  // The file dialog's choice (ui().browser): opens the scene (in the background when asked, as
  // the dialog's button does) or exports the CSV and the PNG/SVG/PDF plots to that base path.
  // False with the reason; the dialog stays open then.
  bool acceptBrowser(bool inBackground, std::string& error);
  // Opens the file dialog: scenes from the current scene's directory, or the export with the
  // default name SCENE_YYYYMMDD-HHMMSS in the directory of the last export, or Save scene as
  // with the default name SCENE_edited.json in the current scene's directory.
  void openBrowser(BrowseMode mode, const std::string& directory = "");
  const RecentFiles& recentFiles() const { return recent_; }
  // File > Save scene as: the current model with its edits, the back-end, integrator and dt in
  // use, and (fromCurrentPose) the current state as the initial one, written as a scene that
  // loads back to the same model (engine/io/scene_writer.hpp). False with the reason.
  bool saveSceneAs(const std::string& path, bool fromCurrentPose, std::string& error);
  void showError(const std::string& message);
  // The view a scene opens with: its range of motion, face-on for a planar mechanism
  // (render/view_framing.hpp); also places the floor.
  void frameScene();
  // F: keeps the view's direction and fits the box the bodies filled over the last 3 s of
  // simulated time (the scene's framing before anything moved).
  void frameRecentMotion();
  // View > Camera: a standard direction (keys 1-4); follow a body or the centre of mass.
  void applyCameraPreset(render::CameraPreset preset);
  void followInView(const render::FollowTarget& target);
  const render::FollowTarget& followed() const { return follow_.target(); }
  void rescanScenes();

  // The plotted series (frozen while the plots are paused).
  const TimeSeries& plotData();
  // The run before the last Reset, drawn faded under the plotted series; empty when there is none.
  const TimeSeries& previousRun() const { return previousRun_; }
  bool exportCsv(const std::string& path, std::string& error);
  bool exportPlots(const std::string& basePath, std::string& error);
  // Saves the 3D view (without the panels) during the next renderFrame(); check the result with
  // screenshotResult() after that frame.
  // withPanels: the whole window as shown, panels included.
  void requestScreenshot(const std::string& path, bool withPanels = false);
  bool screenshotResult(std::string& error) const;

  // Video (app/video): records the 3D view (or the whole window with settings.wholeWindow) from
  // the state shown now on, in simulated time (video_recorder.hpp). False with the reason; the
  // reason of a recording that stopped on an error later is in recordingError().
  bool startRecording(const video::RecordSettings& settings, std::string& error) override;
  bool stopRecording(std::string& error) override;
  // Records the history from its first keyframe to its last: before each frame the view is set
  // to the keyframe at or before first + k / fps (one video frame per drawn frame, whatever the
  // wall clock does); the recording stops by itself after the last keyframe. False with the
  // reason (no history yet, or what startRecording gives).
  bool startHistoryRecording(const video::RecordSettings& settings, std::string& error);
  bool recordingHistory() const { return historyRecording_; }
  const video::VideoRecorder& recorder() const override { return recorder_; }
  const std::string& recordingError() const override { return recordingError_; }
  // The size the 3D view (or the whole window) has in framebuffer pixels now.
  void captureSize(bool wholeWindow, int& width, int& height) const;

  Session& session() override { return *session_; }
  // Cancels the running step (Session::cancelStep; the Cancel step button and Esc while a step
  // runs): the runs stay as before it, the session pauses, the queued commands run.
  void cancelStep();
  // Stops the physics thread; a step that does not end within a short grace is abandoned.
  void stopSession();
  const Snapshot& snapshot() const { return snapshot_; }
  UiState& ui() { return ui_; }
  render::Camera& camera() { return camera_; }
  const std::vector<PlotSpec>& plots() const { return plots_; }
  // The comparison series (app/session/comparison_series.hpp) the plots whose source is
  // PlotSource::Comparison read; the series a plot reads.
  const TimeSeries& comparisonData() const { return comparisonData_; }
  const TimeSeries& plotSource(const PlotSpec& plot) const {
    return plot.source == PlotSource::Comparison ? comparisonData_ : plotData_;
  }
  // How run `id` is shown (0: the main run; place: its place in the comparison, for its default
  // colour runColour(place)).
  RunView& runView(std::uint64_t id, std::size_t place);
  // The runs as the plots show them, the main run first.
  std::vector<ComparedRunStyle> runStyles();
  // Writes the comparison series (every run's energy change, drift and difference to the
  // reference run) as CSV, the columns `articulab compare --csv-dir` writes in comparison.csv.
  bool exportComparisonCsv(const std::string& path, std::string& error);
  // exportCsv writes beside FILE.csv the file FILE_runs.csv: per stretch of each run, its start
  // and end [s], back-end, integrator and dt [s].
  static std::string stretchesPath(const std::string& csvPath);
  // The plot panes the user added (any catalogue channel, against time or another channel).
  ChannelPanes& channelPanes() { return channelPanes_; }
  RingBufferSink& logSink() { return *logSink_; }
  double lastFrameSeconds() const { return frameSeconds_; }

 private:
  bool openWindow(std::string& error);
  void initImGui();
  void applyUiScale();
  void refreshFromSession();
  void trackTheMechanism();
  void takeBackgroundLoad();
  void rememberOpenedScene();
  // The dialog's Save: asks once before overwriting an existing file (scene_saving.cpp).
  bool saveSceneFromBrowser(const std::string& path, std::string& error);
  void copyNewSamples();
  void buildUi();
  void present();
  void drawViewport(int width, int height);
  void saveScreenshot(int width, int height);
  void recordFrame(int width, int height);
  void showNextHistoryFrame();
  void preferFrameRateOnSoftwareGl();
  void clearPanelBackground();
  Figure currentFigure() const;
  bool writeStretches(const std::string& path, std::string& error);

  GuiOptions options_;
  GLFWwindow* window_ = nullptr;
  bool imguiReady_ = false;
  bool interactive_ = true;
  render::Renderer renderer_;
  bool rendererReady_ = false;
  render::Camera camera_;
  render::CameraFollow follow_;
  render::RecentMotion recentMotion_;
  std::unique_ptr<Session> session_ = std::make_unique<Session>();
  Snapshot snapshot_;
  std::uint64_t noticeVersion_ = 0;  // Snapshot::noticeVersion shown in the banner
  std::uint64_t framedScene_ = 0;  // Snapshot::sceneVersion the camera was framed for
  TimeSeries plotData_;
  std::uint64_t plotConsumed_ = 0, plotGeneration_ = ~0ull;
  TimeSeries previousRun_{{{"t", "s", "t"}}, 1};
  std::uint64_t previousRunVersion_ = 0;
  std::vector<PlotSpec> plots_;
  TimeSeries comparisonData_;
  std::uint64_t comparisonConsumed_ = 0, comparisonGeneration_ = ~0ull;
  ChannelPanes channelPanes_;
  UiState ui_;
  UiScaler uiScaler_;
  std::string preferencesPath_;   // interactive sessions only (preferences.hpp)
  Preferences savedPreferences_;  // as read; written back on exit when they changed
  RecentFiles recent_{RecentFiles::defaultPath()};
  ViewportInput viewport_;
  std::shared_ptr<RingBufferSink> logSink_;
  std::string screenshotPath_, screenshotError_;
  bool screenshotDone_ = false, screenshotOk_ = false, screenshotWithPanels_ = false;
  double frameSeconds_ = 0.0;
  video::VideoRecorder recorder_;
  video::RgbImage grabbed_;
  std::string recordingError_;
  bool historyRecording_ = false;
  double historyStart_ = 0.0, historyEnd_ = 0.0;  // s, the history's span when its recording started
};

}  // namespace articulab::gui
