#include "app/session/run_choices.hpp"

#include <spdlog/spdlog.h>

#include "app/session/parameter_checks.hpp"
#include "engine/run/time_text.hpp"

namespace articulab::session {

std::string RunChoices::reconfigure(const std::string& what, const RequestFor& requestFor,
                                    const std::function<void()>& done) {
  std::lock_guard<std::mutex> lock(core_.mutex);
  if (core_.runs.empty()) return "no scene is loaded";
  try {
    resolveRun(*core_.setup.model, requestFor(core_.setup.plan));
  } catch (const std::exception& e) {  // RunRefusal, or a SceneError of the scene's own values
    return e.what();
  }
  return core_.commandLocked(what, [this, requestFor, done] {
    try {
      core_.runs.reconfigure(requestFor(core_.runs.main().plan()));
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    core_.publishSetupLocked();
    done();
    return std::string();
  });
}

bool RunChoices::setBackend(const std::string& name, std::string& error) {
  error = reconfigure(
      "switching to back-end " + name, [name](const RunPlan& plan) { return requestOnBackend(plan, name); },
      [this] {
        core_.stats.iterations = -1;
        const Run& run = core_.runs.main();
        spdlog::info("switched to back-end {} at t = {} s, keeping the state", run.backend().name,
                     formatTime(run.state().t, run.plan().dt));
      });
  return error.empty();
}

std::string RunChoices::setIntegrator(std::string_view integrator) {
  const std::string name(integrator);
  return reconfigure(
      "integrator " + name,
      [name](const RunPlan& plan) {
        RunRequest request = plan.request;
        request.requireIntegrator(name);
        return request;
      },
      [this] { spdlog::info("integrator set to {}", core_.runs.main().plan().integrator.name()); });
}

bool RunChoices::setStepSize(double seconds, std::string& error) {
  error = checkStepSize(seconds);
  if (!error.empty()) return false;
  error = reconfigure(
      fmt::format("step size {} s", seconds),
      [seconds](const RunPlan& plan) {
        RunRequest request = plan.request;
        request.dt = seconds;
        return request;
      },
      [this] {
        core_.debt = 0.0;
        spdlog::info("step size set to {} s", core_.runs.main().plan().dt);
      });
  return error.empty();
}

bool RunChoices::setComparison(const std::string& backend, std::string& error) {
  std::lock_guard<std::mutex> lock(core_.mutex);
  if (core_.runs.empty()) {
    error = "no scene is loaded";
    return false;
  }
  if (backend.empty() || backend == "off") {
    error = core_.commandLocked("ending the comparison", [this] {
      core_.runs.endComparisons();
      core_.samples.restart(core_.runs);
      core_.samples.record(core_.runs);
      return std::string();
    });
    return error.empty();
  }
  try {
    resolveRun(*core_.setup.model, requestOnBackend(core_.setup.plan, backend));
  } catch (const std::exception& e) {
    error = e.what();
    return false;
  }
  error = core_.commandLocked("comparing with " + backend, [this, backend] {
    try {
      core_.runs.compare(backend);
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    core_.restartLocked();
    spdlog::info("comparing back-end {} with {} on '{}': both restarted from the initial state",
                 core_.runs.main().backend().name, backend, core_.runs.main().model().name);
    return std::string();
  });
  return error.empty();
}

}  // namespace articulab::session
