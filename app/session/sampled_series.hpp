// The series a live session records for its plots and its CSV export (sample_channels.hpp):
// energy, drift and the muscles' channels of the main run, the comparison run's energy and
// drift, one row every kSamplePeriod of simulated time; and the series of the run before the
// last Reset, which the plots show faded until it is cleared.
#pragma once

#include <cstdint>
#include <vector>

#include "app/session/live_runs.hpp"
#include "app/session/sample_channels.hpp"
#include "app/session/time_series.hpp"

namespace articulab::session {

class SampledSeries {
 public:
  static constexpr double kSamplePeriod = 1e-3;  // s of simulated time between samples (at least one step)
  static constexpr std::size_t kCapacity = 1 << 17;

  SampledSeries();
  // Samples every round(kSamplePeriod / dt) steps.
  void setStepSize(double dt);
  bool due(long step) const { return step % every_ == 0; }
  // Starts again with the channels of the runs (the comparison's, the muscles').
  void restart(const LiveRuns& runs);
  // One row at the runs' states, in the segment of the main run's back-end and integrator.
  void record(const LiveRuns& runs);
  // A stretch of the run starts at time t on the main run's back-end and integrator.
  void markSegment(const Run& main);
  // The rows after time t go (a run resumed from a keyframe).
  void dropAfter(double t) { series_.dropAfter(t); }
  const TimeSeries& series() const { return series_; }

  // Reset keeps a finished run (more than its first row) as the previous run.
  void keepAsPrevious();
  void clearPrevious();
  const TimeSeries& previous() const { return previous_; }
  // Changes when the previous run is kept or cleared.
  std::uint64_t previousVersion() const { return previousVersion_; }

 private:
  TimeSeries series_;
  TimeSeries previous_{{{"t", "s", "t"}}, 1};  // the run before the last Reset (one time channel: none)
  std::uint64_t previousVersion_ = 0;
  std::vector<double> row_;  // one row of series_, reused
  long every_ = 1;
};

}  // namespace articulab::session
