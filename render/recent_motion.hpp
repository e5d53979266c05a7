// The box the bodies filled over the last seconds of simulated time (one box per drawn frame), so
// that F frames the mechanism over its recent motion rather than over everything it could reach.
#pragma once

#include <deque>

#include <glm/glm.hpp>

namespace articulab::render {

class RecentMotion {
 public:
  explicit RecentMotion(double seconds = 3.0) : seconds_(seconds) {}

  // The bodies' box at simulated time t; a time before the last one (a reset, a history view)
  // starts the record over.
  void add(double t, const glm::vec3& lo, const glm::vec3& hi);
  void clear() { frames_.clear(); }
  bool empty() const { return frames_.empty(); }
  // The union of the boxes of the last `seconds` (false when there is none).
  bool bounds(glm::vec3& lo, glm::vec3& hi) const;

 private:
  struct Frame {
    double t;
    glm::vec3 lo, hi;
  };
  double seconds_;
  std::deque<Frame> frames_;
};

}  // namespace articulab::render
