// Cancelling a running step (the app's Cancel step). Whoever runs the step owns the CancelFlag
// (the live session's runs, outside solvers/) and hands the solver a pointer to it
// (Run::watchCancel, Solver::watchCancel). The back-ends check it at their iteration points
// (Newton iterations, per-body loops of the O(n^3) assemblies, integrator stages) and unwind by
// throwing StepCancelled; the run then puts back the state it held before the step, so a
// cancelled step leaves no trace. A check is one relaxed atomic load: it allocates nothing.
#pragma once

#include <atomic>

namespace articulab {

class CancelFlag {
 public:
  void request() { requested_.store(true, std::memory_order_relaxed); }
  void clear() { requested_.store(false, std::memory_order_relaxed); }
  bool requested() const { return requested_.load(std::memory_order_relaxed); }

 private:
  std::atomic<bool> requested_{false};
};

// Thrown at a check point of a cancelled step. Not a std::exception, so that no handler of a
// solver's errors takes it for a failed step.
struct StepCancelled {};

inline void throwIfCancelled(const CancelFlag* flag) {
  if (flag && flag->requested()) throw StepCancelled{};
}

}  // namespace articulab
