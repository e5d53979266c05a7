// The runs of a live session (DESIGN.md, "Who drives the engine"): the main Run and the
// comparison runs, each a Run of the same model on another back-end (RunRequest from
// requestOnBackend: the same step size, settings and, where that back-end offers it, integrator),
// stepped in lockstep after the main run with its mouse pull. Every step goes through Run::step,
// which watches energy, the muscles' work and divergence; every change goes through the Run
// (reconfigure, replaceModel, reset, restore), so a refusal reads as the command line's.
// Not thread-safe: the session's lock or its physics thread (between the command queue's
// beginStep and endStep) owns it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/session/run_spec.hpp"
#include "app/session/time_series.hpp"
#include "engine/run/run.hpp"

namespace articulab::session {

// A comparison run as a keyframe holds it (state_history.hpp): its state and what its monitor
// had watched until then; running false when it was not running.
struct ComparedFrame {
  bool running = false;
  State state;
  RunMonitor monitor;
};

// A comparison run: its own back-end and, where the spec names them, integrator, step size and
// settings (run_spec.hpp); what the spec leaves out follows the main run.
struct ComparisonRun {
  std::string backend;
  std::optional<Run> run;  // empty when it could not start on the model (note says why)
  std::string note;        // why it stopped; empty while it runs
  RunSpec spec;            // as asked
  std::uint64_t id = 0;    // tells the runs apart for the views (colour, ghost, mute) across changes
  // What it ran with from when since its start (back-end, integrator, dt): a switch of the main
  // run's integrator reaches the comparison runs that do not name their own.
  std::vector<Segment> stretches;
  bool running() const { return run && note.empty(); }
};

class LiveRuns {
 public:
  bool empty() const { return !main_; }
  Run& main() { return *main_; }
  const Run& main() const { return *main_; }
  const std::vector<ComparisonRun>& comparisons() const { return comparisons_; }
  // The back-end of the first comparison run ("" without one).
  std::string comparedBackend() const { return comparisons_.empty() ? "" : comparisons_.front().backend; }
  // The names that tell the runs apart (run_spec.hpp: runNames), the main run first: the column
  // names of the comparison series.
  std::vector<std::string> names() const;
  // The run the differences are taken against: 0 the main run, i + 1 comparison i.
  std::size_t reference() const { return reference_ < comparisons_.size() + 1 ? reference_ : 0; }
  void setReference(std::size_t run) { reference_ = run; }
  // Every run, the main one first; null where a comparison is not running.
  std::vector<const Run*> runningRuns() const;

  // A new scene's run; the comparisons end (they belong to the scene they started on).
  void start(Run run);
  // One step of the main run, then each running comparison with the main run's mouse pull
  // stepped until it meets the main run's time (catchUp: one step at the same step size, several
  // or none at another). False when the main run failed or diverged (Run::failure). Changes no
  // member but the runs, so that it may run outside the session's lock. A step cancelled through
  // cancelFlag() leaves each run that had not finished its step as it was (Run::cancelled); a
  // comparison left behind the main run catches up in the next step.
  bool step();
  // Set from any thread to cancel the running step; the session clears it after the step.
  CancelFlag& cancelFlag() { return cancel_; }
  // Whether the last step() was cancelled before the main run finished its step.
  bool mainCancelled() const { return main_ && main_->cancelled(); }
  // After a step, under the lock: a comparison that failed in it stops with a note (logged),
  // and the main run goes on.
  void stopFailedComparisons();

  // Compares with another back-end (replacing the comparison there was); the RunRefusal of
  // its request propagates, changing nothing. Returns the comparison's run.
  const Run& compare(const std::string& backend);
  // Adds a comparison run of the spec to those there are (its request over the main run's
  // plan); the RunRefusal of its request propagates, changing nothing.
  const Run& addComparison(const RunSpec& spec);
  // Ends comparison `index` (0: the first); false when there is none.
  bool removeComparison(std::size_t index);
  void endComparisons();
  // The request of a comparison spec over the main run's plan (what it does not name follows
  // the main run).
  static RunRequest comparisonRequest(const RunPlan& main, const RunSpec& spec);
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
  // Appends the run's back-end, integrator and dt from now on when they differ from the last.
  static void markStretch(ComparisonRun& comparison);
  void stopComparison(ComparisonRun& comparison, const std::string& why);

  // Logs the back-end's warnings and notes on the model (with newBackend), and keeps a notice
  // when the run's integrator is replaced where it was not before (replacedBefore).
  void announce(const Run& run, const char* which, bool newBackend, const std::string& replacedBefore);

  CancelFlag cancel_;  // before the runs, which point to it
  std::optional<Run> main_;
  std::vector<ComparisonRun> comparisons_;
  std::size_t reference_ = 0;
  std::uint64_t nextId_ = 1;
  std::vector<std::string> notices_;
};

}  // namespace articulab::session
