#include "app/session/state_history.hpp"

#include <algorithm>
#include <cmath>

namespace articulab::session {

namespace {

double stateBytes(const State& s) {
  const double doubles = static_cast<double>(s.q.size() + s.qd.size() + s.qdd.size() + s.activations.size() +
                                             s.history.q.size() + s.history.qd.size() + s.outputs.multipliers.size());
  const double matrices = 16.0 * static_cast<double>(s.E_0i.size() + s.history.poses.size());
  const double contacts = 4.0 * static_cast<double>(s.outputs.contacts.capacity());
  return 8.0 * (doubles + matrices + 6.0 * static_cast<double>(s.phi.size()) + contacts) + sizeof(State);
}

}  // namespace

long keyframeEvery(double dt) { return std::max(1L, std::lround(1.0 / (kKeyframesPerSecond * dt))); }

void StateHistory::setLimits(double megabytes, double seconds) {
  megabytes_ = megabytes;
  seconds_ = seconds;
  clear();
}

void StateHistory::clear() {
  head_ = size_ = 0;
  frameBytes_ = 0.0;
  ++generation_;
}

std::size_t StateHistory::capacityFor(double frameBytes) const {
  return std::max<std::size_t>(2, static_cast<std::size_t>(megabytes_ * 1e6 / std::max(frameBytes, 1.0)));
}

void StateHistory::record(const State& state, const RunMonitor& monitor, const std::vector<ComparisonRun>& comparisons) {
  double bytes = stateBytes(state) + static_cast<double>(sizeof(Keyframe));
  for (const ComparisonRun& comparison : comparisons)
    if (comparison.running()) bytes += stateBytes(comparison.run->state()) + static_cast<double>(sizeof(ComparedFrame));
  frameBytes_ = std::max(frameBytes_, bytes);
  const std::size_t capacity = capacityFor(frameBytes_);
  while (size_ > 0 && (size_ >= capacity || (seconds_ > 0.0 && state.t - firstTime() > seconds_))) {
    head_ = (head_ + 1) % slots_.size();  // the oldest goes
    --size_;
  }
  if (size_ == slots_.size()) {  // the ring grows: unroll it so that the oldest is slot 0
    std::rotate(slots_.begin(), slots_.begin() + static_cast<long>(head_), slots_.end());
    head_ = 0;
    slots_.emplace_back();
  }
  Keyframe& frame = slots_[(head_ + size_) % slots_.size()];
  frame.state = state;
  frame.monitor = monitor;
  frame.compared.resize(comparisons.size());
  for (std::size_t c = 0; c < comparisons.size(); ++c) {
    ComparedFrame& compared = frame.compared[c];
    compared.running = comparisons[c].running();
    if (!compared.running) continue;
    compared.state = comparisons[c].run->state();
    compared.monitor = comparisons[c].run->monitor();
  }
  ++size_;
}

std::size_t StateHistory::indexAt(double t) const {
  std::size_t lo = 0, hi = size_;  // first keyframe after t
  while (lo < hi) {
    const std::size_t mid = (lo + hi) / 2;
    if (at(mid).state.t <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo == 0 ? 0 : lo - 1;
}

void StateHistory::dropAfter(std::size_t i) {
  size_ = std::min(size_, i + 1);
  ++generation_;
}

}  // namespace articulab::session
