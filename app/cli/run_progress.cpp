#include "app/cli/run_progress.hpp"

#include <algorithm>
#include <cstdio>

namespace articulab::cli {

RunProgress::RunProgress(std::ostream& out, bool enabled, double duration, double delay, double interval)
    : out_(out), enabled_(enabled), duration_(duration), delay_(delay), interval_(interval) {}

void RunProgress::update(double simulated, double wall) {
  if (!enabled_ || wall < delay_ || (shown_ && wall - lastPrinted_ < interval_)) return;
  const double fraction = duration_ > 0.0 ? std::clamp(simulated / duration_, 0.0, 1.0) : 1.0;
  char line[160];
  if (fraction > 0.0)
    std::snprintf(line, sizeof line, "\rarticulab run: t = %.4g of %.4g s (%.0f %%), %.1f s wall, about %.1f s left\033[K",
                  simulated, duration_, 100.0 * fraction, wall, wall * (1.0 - fraction) / fraction);
  else
    std::snprintf(line, sizeof line, "\rarticulab run: t = 0 of %.4g s, %.1f s wall\033[K", duration_, wall);
  out_ << line << std::flush;
  shown_ = true;
  lastPrinted_ = wall;
}

void RunProgress::finish() {
  if (shown_) out_ << "\r\033[K" << std::flush;
  shown_ = false;
}

}  // namespace articulab::cli
