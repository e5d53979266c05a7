// The runs of a live session (DESIGN.md, "Who drives the engine"): the main Run and the
// comparison runs, each a Run of the same model on another back-end (RunRequest from
// requestOnBackend: the same step size, settings and, where that back-end offers it, integrator),
// stepped in lockstep after the main run with its mouse pull. Every step goes through Run::step,
// which watches energy, the muscles' work and divergence; every change goes through the Run
// (reconfigure, replaceModel, reset, restore), so a refusal reads as the command line's.
// Not thread-safe: the session's lock or its physics thread (between the command queue's
// beginStep and endStep) owns it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/run/run.hpp"

namespace articulab::session {

// A comparison run as a keyframe holds it (state_history.hpp): its state and what its monitor
// had watched until then; running false when it was not running.
struct ComparedFrame {
  bool running = false;
  State state;
  RunMonitor monitor;
};

struct ComparisonRun {
  std::string backend;
  std::optional<Run> run;  // empty when it could not start on the model (note says why)
  std::string note;        // why it stopped; empty while it runs
  bool running() const { return run && note.empty(); }
};

class LiveRuns {
 public:
  bool empty() const { return !main_; }
  Run& main() { return *main_; }
  const Run& main() const { return *main_; }
  const std::vector<ComparisonRun>& comparisons() const { return comparisons_; }
  // The back-end of the comparison run ("" without one): the session compares one back-end
  // today (comparisons() is a list so that more can follow).
  std::string comparedBackend() const { return comparisons_.empty() ? "" : comparisons_.front().backend; }

  // A new scene's run; the comparisons end (they belong to the scene they started on).
  void start(Run run);
  // One step of every run: the main run, then each running comparison with the main run's
  // mouse pull. False when the main run failed or diverged (Run::failure). Changes no member but
  // the runs, so that it may run outside the session's lock.
  bool step();
  // After a step, under the lock: a comparison that failed in it stops with a note (logged),
  // and the main run goes on.
  void stopFailedComparisons();

  // Compares with another back-end (replacing the comparison there was); the RunRefusal of
  // its request propagates, changing nothing. Returns the comparison's run.
  const Run& compare(const std::string& backend);
  void endComparisons();
  // Every run back to the initial state; a stopped comparison starts again (with a new Run
  // when it could not start before; the note says why when it still cannot).
  void reset();
  // The main run's request changed (reconfigure): the comparisons follow it. A refusal of the
  // main run's propagates, changing nothing.
  void reconfigure(const RunRequest& request);
  // An edited model for every run, the state kept. A refusal of the main run's propagates,
  // changing nothing; a comparison that cannot take the model stops with a note.
  void replaceModel(std::shared_ptr<const Model> model);
  // What the app changed by itself since the last call (an integrator a comparison or the main
  // run could not keep: RunPlan::integratorReplaced), for the banner.
  std::vector<std::string> takeNotices();
  // The runs as they were at a keyframe: each comparison that was not running then starts from
  // the main run's state.
  void restore(const State& state, const RunMonitor& monitor, const std::vector<ComparedFrame>& compared);

 private:
  // The comparison on the main run's current plan (its request on that back-end).
  void startComparison(ComparisonRun& comparison);
  void stopComparison(ComparisonRun& comparison, const std::string& why);

  // Logs the back-end's warnings and notes on the model (with newBackend), and keeps a notice
  // when the run's integrator is replaced where it was not before (replacedBefore).
  void announce(const Run& run, const char* which, bool newBackend, const std::string& replacedBefore);

  std::optional<Run> main_;
  std::vector<ComparisonRun> comparisons_;
  std::vector<std::string> notices_;
};

}  // namespace articulab::session
