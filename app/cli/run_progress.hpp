// Progress of a long headless run, for a terminal: once the run has taken `delay` seconds of
// wall time, one line on the stream, rewritten in place at most every `interval` seconds:
//   "articulab run: t = 3.2 of 10 s (32 %), 4.1 s wall, about 8.7 s left"
// finish() erases it, so the summary and any message start on a clean line.
#pragma once

#include <ostream>

namespace articulab::cli {

class RunProgress {
 public:
  RunProgress(std::ostream& out, bool enabled, double duration, double delay = 2.0, double interval = 0.25);
  // Simulated time reached after `wall` seconds of wall time since the run started.
  void update(double simulated, double wall);
  void finish();
  bool shown() const { return shown_; }

 private:
  std::ostream& out_;
  bool enabled_, shown_ = false;
  double duration_, delay_, interval_, lastPrinted_ = -1.0;
};

}  // namespace articulab::cli
