// The session's history for scrubbing and resuming (issue 16): keyframes, each the whole State
// of every run with its RunMonitor (so a run resumed from one continues exactly as it first did,
// with the figures it had watched until then: State holds everything that evolves, integrator
// history included). One keyframe every `every` steps, chosen so that there are about
// kKeyframesPerSecond per simulated second (every step when dt is coarser); resuming is possible
// at a keyframe. The oldest keyframes go first once the memory cap or the length in seconds is
// reached.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "app/session/live_runs.hpp"

namespace articulab::session {

constexpr double kKeyframesPerSecond = 240.0;       // of simulated time: at least 4 per frame at 60 FPS
constexpr double kDefaultHistoryMegabytes = 512.0;  // fits comfortably in the 24 GiB machines
constexpr double kDefaultHistorySeconds = 0.0;      // 0: the whole run, up to the memory cap

struct Keyframe {
  State state;  // the main run's
  RunMonitor monitor;
  std::vector<ComparedFrame> compared;  // one per comparison run, in the session's order
};

class StateHistory {
 public:
  // Limits: memory in MB (> 0) and length in simulated seconds (0: unlimited).
  void setLimits(double megabytes, double seconds);
  double megabytes() const { return megabytes_; }
  double seconds() const { return seconds_; }

  void clear();
  // Copies the runs into a reused slot (allocating only while the ring grows or a size
  // changes).
  void record(const State& state, const RunMonitor& monitor, const std::vector<ComparisonRun>& comparisons = {});
  std::size_t size() const { return size_; }
  // Keyframe i, 0 the oldest.
  const Keyframe& at(std::size_t i) const { return slots_[(head_ + i) % slots_.size()]; }
  double firstTime() const { return size_ ? at(0).state.t : 0.0; }
  double lastTime() const { return size_ ? at(size_ - 1).state.t : 0.0; }
  // The last keyframe at or before time t (0 when t is before the first).
  std::size_t indexAt(double t) const;
  // Drops the keyframes after index i (the future of a resumed run).
  void dropAfter(std::size_t i);
  // Estimated bytes held (the largest keyframe's vectors and matrices times the keyframes).
  double bytes() const { return static_cast<double>(size_) * frameBytes_; }
  // Increases on clear() and dropAfter(), so that what was computed from the keyframes (the
  // plotted channels) knows to start again.
  std::uint64_t generation() const { return generation_; }

 private:
  std::size_t capacityFor(double frameBytes) const;

  std::vector<Keyframe> slots_;
  std::size_t head_ = 0, size_ = 0;
  double frameBytes_ = 0.0;
  std::uint64_t generation_ = 0;
  double megabytes_ = kDefaultHistoryMegabytes, seconds_ = kDefaultHistorySeconds;
};

// Steps between keyframes at step size dt.
long keyframeEvery(double dt);

}  // namespace articulab::session
