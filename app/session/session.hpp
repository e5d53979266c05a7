// A live session of the app (DESIGN.md, "Who drives the engine"): a scene's runs (the main Run
// and the comparison runs, live_runs.hpp) stepped in real time (times a speed) by a physics
// thread, or on the calling thread by scripts and `articulab record`; the UI reads snapshots.
// It includes no ImGui and no OpenGL: app/gui draws it, app/video records it.
//
// The parts, each on the shared core (session_core.hpp) and its one lock:
//   scenes()   scene_files.hpp      opening scene files (in the background too)
//   choices()  run_choices.hpp      back-end, integrator, step size, comparison runs (RunRequest)
//   edits()    live_edits.hpp       model edits and back-end settings with undo, the pose
//   history()  history_control.hpp  the keyframes shown and resumed
// and here the transport (play, step, advance, reset, speed, the mouse pull) and what the UI
// copies (snapshot, the sampled series, the plot panes' channels).
//
// The path of one step: the physics thread (physics_thread.hpp) begins a step in the command
// queue, releases the lock, and calls Run::step on the main run and on each comparison run
// (which watch energy, the muscles' work and divergence); it takes the lock again, publishes
// the states, and finishSteps: statistics, a keyframe and a sample when due, a divergence
// pausing the session; then the commands that came during the step run, in order.
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

#include "app/session/channel_recording.hpp"
#include "app/session/history_control.hpp"
#include "app/session/live_edits.hpp"
#include "app/session/physics_thread.hpp"
#include "app/session/run_choices.hpp"
#include "app/session/scene_files.hpp"
#include "app/session/session_core.hpp"

namespace articulab::session {

class Session {
 public:
  Session() = default;
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  SceneFiles& scenes() { return scenes_; }
  RunChoices& choices() { return choices_; }
  LiveEdits& edits() { return edits_; }
  HistoryControl& history() { return history_; }
  bool hasModel() const;

  void startThread();
  // Stops the physics thread after its current step (and waits for a background load). When
  // that has not ended within graceSeconds the threads are detached and false returned: the
  // caller must then keep this object alive (see Workbench::stopSession).
  bool stopThread(double graceSeconds = -1.0);
  // Test hook: each step of the physics thread takes at least this much longer (s), so that
  // tests of the live app get a slow step without a huge model.
  void setTestStepDelay(double seconds);

  // Play/pause. Refuses to play (returns false) after a divergence until reset().
  bool setRunning(bool running, std::string& error);
  // Cancels the step the physics thread is taking (the app's Cancel step, Esc): the step ends at
  // the solvers' next check point (step_cancel.hpp) leaving every run as before it, the session
  // pauses, and the commands that waited for the step run. False when no step is running.
  bool cancelStep();
  // One step while paused (taken by the physics thread when it runs, else now).
  bool stepOnce(std::string& error);
  // Steps n times now, on the calling thread (scripts, record; waits for a running step of the
  // physics thread to end first); false after a divergence.
  bool advance(long steps, std::string& error);
  // Back to the model's initial state (with the current edits), clearing the recorded series
  // (kept as the previous run) and the history; a stopped comparison starts again.
  void reset();
  bool setSpeed(double multiplier, std::string& error);
  // Mouse pull; body -1 releases it.
  void setPerturbation(const Perturbation& perturbation);

  void snapshot(Snapshot& out) const;
  // Copies the samples recorded since the last call into dest (see TimeSeries::appendNewRows).
  void copySamples(TimeSeries& dest, std::uint64_t& consumed, std::uint64_t& generation) const;
  // Copies the whole recorded series.
  TimeSeries samples() const;
  // The comparison series (comparison_series.hpp: every run's energy change, drift and
  // difference to the reference run), as copySamples and samples.
  void copyComparison(TimeSeries& dest, std::uint64_t& consumed, std::uint64_t& generation) const;
  TimeSeries comparison() const;
  // The series of the run before the last Reset (Reset keeps it for the plots until cleared;
  // opening a scene clears it); empty when there is none.
  TimeSeries previousRun() const;
  void clearPreviousRun();
  // Evaluates the recording's channels at the keyframes it has not seen yet.
  void updateChannels(ChannelRecording& recording) const;

  // Records the channel groups of `articulab run --record` (engine/diagnostics/recorder.hpp) of
  // the main run from its state now, then every `every` steps (Run::record); another scene ends
  // the recording. Empty, or why not.
  std::string recordRun(const RecorderColumns& columns, long every);
  // Writes that recording as `articulab run --csv` writes it, the current state last
  // (Run::finishRecording); false with the reason.
  bool writeRunRecording(std::ostream& out, std::string& error);

 private:
  SessionCore core_;
  SceneFiles scenes_{core_};
  RunChoices choices_{core_};
  LiveEdits edits_{core_};
  HistoryControl history_{core_};
  PhysicsThread physics_{core_};
};

}  // namespace articulab::session
