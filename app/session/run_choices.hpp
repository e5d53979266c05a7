// The run choices of a live session: back-end, integrator, step size and the comparison run.
// Each is a RunRequest resolved by resolveRun (run_plan.hpp), so it is refused at once with the
// message `articulab run` gives (without the flag), never replaced by another back-end; an
// accepted choice changes the runs (Run::reconfigure, LiveRuns::compare) now, or right after the
// running step. Where the app itself must change an integrator (a back-end or a comparison that
// does not offer the one in use), the snapshot's notice and the plot's segment labels say so.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "app/session/session_core.hpp"

namespace articulab::session {

class RunChoices {
 public:
  explicit RunChoices(SessionCore& core) : core_(core) {}

  // Another back-end from the current state on (t, q, qdot kept), carrying the integrator over
  // where that back-end offers and can use it (requestOnBackend).
  bool setBackend(const std::string& name, std::string& error);
  // An integrator of the current back-end by name (the integrator box, the script); refused when
  // the back-end does not offer it or cannot use it on the scene. Empty on success.
  std::string setIntegrator(std::string_view name);
  // Refused outside (0, 1] s; a running step keeps the step size it started with.
  bool setStepSize(double seconds, std::string& error);
  // Runs the scene a second time on another back-end in lockstep (same step size, integrator
  // where it offers it, edits and mouse pull), restarting both from the initial state, so that
  // their energy and drift share the plots. "" or "off" ends it.
  bool setComparison(const std::string& backend, std::string& error);

 private:
  using RequestFor = std::function<RunRequest(const RunPlan&)>;
  // Resolves the request made from the published plan at once (the refusal is returned), then
  // reconfigures the runs with the request made from their plan when the command runs; `done`
  // follows a reconfiguration.
  std::string reconfigure(const std::string& what, const RequestFor& requestFor, const std::function<void()>& done);

  SessionCore& core_;
};

}  // namespace articulab::session
