#include "render/recent_motion.hpp"

namespace articulab::render {

void RecentMotion::add(double t, const glm::vec3& lo, const glm::vec3& hi) {
  if (!frames_.empty() && t < frames_.back().t) frames_.clear();
  if (!frames_.empty() && t == frames_.back().t) frames_.pop_back();  // the same state drawn again
  frames_.push_back({t, lo, hi});
  while (frames_.front().t < t - seconds_) frames_.pop_front();
}

bool RecentMotion::bounds(glm::vec3& lo, glm::vec3& hi) const {
  if (frames_.empty()) return false;
  lo = frames_.front().lo;
  hi = frames_.front().hi;
  for (const Frame& frame : frames_) {
    lo = glm::min(lo, frame.lo);
    hi = glm::max(hi, frame.hi);
  }
  return true;
}

}  // namespace articulab::render
