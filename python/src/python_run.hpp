// articulab.Run: the engine's Run (engine/run/run.hpp) as Python drives it. Stepping, resetting,
// a state set by hand (Run::setCoordinates) and recording (Run::record, rows counted from the
// recording's start, Run::takeRecording at its end) all go through the one Run, so that Python
// gives the numbers of `articulab run` bitwise.
//
// A Run takes one call at a time: the calls that release the GIL (step, record, forward
// dynamics) hold a Busy mark, and any call on the run meanwhile raises RuntimeError instead of
// racing with the step.
#pragma once

#include <atomic>
#include <memory>

#include "engine/run/run.hpp"
#include "python/src/channel_selection.hpp"
#include "python/src/state_edit.hpp"

namespace articulab::python {

// Rows of the recorded channels (row-major), with their names, units and groups.
struct RecordedTable {
  std::vector<std::string> names, units, groups;
  std::vector<double> values;
  std::size_t rows = 0;
};

class PythonRun {
 public:
  PythonRun(std::shared_ptr<const Model> model, const RunRequest& request);

  // The run, to read; RuntimeError while another thread steps it.
  const Run& run() const;
  // DivergenceError (Diverged) when the run has failed.
  void throwIfFailed() const;

  // Marks the run as busy for the mark's life; RuntimeError when it already is. Take one, with
  // the GIL, before a call that releases it.
  class Busy {
   public:
    explicit Busy(PythonRun& run);
    ~Busy();
    Busy(const Busy&) = delete;
    Busy& operator=(const Busy&) = delete;

   private:
    PythonRun& run_;
  };

  // With a Busy mark held (the GIL may be released):
  // Up to `steps` steps; fewer when the run fails. Returns the steps taken.
  long advance(long steps);
  // Records the selected channels at the current state and every `every` steps over `steps`
  // steps, and the last state (as `articulab run --csv --every`); the run goes on from where the
  // recording ended, failed if it failed.
  RecordedTable record(const ChannelSelection& selection, long steps, long every);
  const VectorX& forwardDynamics();

  // With the GIL held:
  void reset();
  // The state set by hand (Run::setCoordinates: loops closed holding the coordinates of
  // state_edit.hpp, the energy watch restarted, the failure cleared); InputError when it cannot be.
  void setState(const StateEdit& edit);

 private:
  void checkNotBusy() const;

  Run run_;
  std::atomic<bool> busy_{false};
};

}  // namespace articulab::python
