#include "app/session/session_core.hpp"

#include <spdlog/spdlog.h>

#include "engine/run/time_text.hpp"

namespace articulab::session {

namespace {

// "Simulation diverged and was paused: back-end redmax (semi-implicit), step 12 (t = 0.012 s):
// total energy ... exceeded the bound .... Reset, or ...".
std::string pausedMessage(const Run& run, const std::string& reason) {
  const State& state = run.state();
  return "Simulation diverged and was paused: back-end " + run.backend().name + " (" + run.plan().integrator.name() +
         "), step " + std::to_string(state.step) + " (t = " + formatTime(state.t, run.plan().dt) + " s): " + reason +
         ". Reset, or try a smaller step size or another integrator.";
}

// What the integrator box offers: each integrator of the back-end, and why it cannot run the
// model with the plan's settings (empty when it can).
std::vector<IntegratorOffer> integratorOffers(const Model& model, const RunPlan& plan) {
  std::vector<IntegratorOffer> offers;
  for (const IntegratorInfo& offered : plan.backend->integrators) {
    SolverOptions options = plan.options;
    options.integrator = offered.integrator;
    const SolverSupport support = plan.backend->supports(model, options);
    offers.push_back({offered.integrator, offered.description, support.ok ? "" : support.reason});
  }
  return offers;
}

}  // namespace

std::string stepRuns(LiveRuns& runs) {
  try {
    runs.step();
  } catch (const std::exception& e) {  // out of memory: the step failed, never the program
    return std::string("the step failed: ") + e.what();
  }
  return "";
}

std::string SessionCore::commandLocked(const std::string& what, std::function<std::string()> command, bool announce) {
  auto published = [this, command = std::move(command)] {
    std::string error = command();
    if (!runs.empty()) publishStatesLocked();
    return error;
  };
  if (!commands.stepping()) return published();
  if (announce) spdlog::info("{}: takes effect after the running step", what);
  commands.runOrQueue(
      [what, published = std::move(published)] {
        const std::string error = published();
        if (!error.empty()) spdlog::error("{}: {}", what, error);
      },
      what);
  return "";
}

bool SessionCore::finishStepLocked(const std::string& thrown) {
  const Run& main = runs.main();
  const State& state = main.state();
  stats.iterations = state.outputs.iterations;
  stats.residual = state.outputs.residual;
  stats.contactIterations = state.outputs.contactIterations;
  stats.contactChange = state.outputs.contactChange;
  runs.stopFailedComparisons();
  if (state.step % keyframeEvery == 0) recordKeyframeLocked();
  const bool failed = main.failed() || !thrown.empty();
  if (samples.due(state.step) || failed) samples.record(runs);
  noticeBlowUpLocked(main);
  if (!failed) return true;
  running = false;
  failure = pausedMessage(main, thrown.empty() ? main.failureReason() : thrown);
  spdlog::error("{}", failure);
  return false;
}

bool SessionCore::stepHereLocked() { return finishStepLocked(stepRuns(runs)); }

void SessionCore::restartLocked() {
  runs.reset();
  failure.clear();
  debt = 0.0;
  samples.restart(runs);
  samples.record(runs);
  history.clear();
  viewing = -1;
  recordKeyframeLocked();
  publishStatesLocked();
  for (const std::string& text : runs.takeNotices()) postNoticeLocked(text);
}

void SessionCore::recordKeyframeLocked() {
  history.record(runs.main().state(), runs.main().monitor(), runs.comparisons());
}

void SessionCore::publishStatesLocked() {
  published = runs.main().state();  // allocates nothing once the sizes match
  floors = comparisonFloors(runs.main());
  const std::vector<ComparisonRun>& comparisons = runs.comparisons();
  publishedCompared.resize(comparisons.size());
  for (std::size_t c = 0; c < comparisons.size(); ++c)
    if (comparisons[c].run) publishedCompared[c] = comparisons[c].run->state();
}

void SessionCore::publishSetupLocked() {
  const Run& main = runs.main();
  setup = {main.sharedModel(), main.plan(), integratorOffers(main.model(), main.plan()), main.controlsDrift(),
           runs.names(), {}};
  for (const ComparisonRun& comparison : runs.comparisons()) {
    setup.comparisonLabels.push_back(comparison.run ? runLabel(comparison.run->plan()) : comparison.spec.text);
    setup.comparisonParts.push_back(comparison.run ? nameParts(comparison.run->plan())
                                                   : RunNameParts{comparison.backend, comparison.spec.integrator, 0.0});
  }
  samples.setStepSize(main.plan().dt);
  keyframeEvery = session::keyframeEvery(main.plan().dt);
  samples.markSegment(main);
  if (!main.plan().slowStep.empty() && main.plan().slowStep != slowWarning)
    spdlog::warn("slow steps ahead: {}", main.plan().slowStep);
  slowWarning = main.plan().slowStep;
  for (const std::string& text : runs.takeNotices()) postNoticeLocked(text);
  postPlanNotesLocked(main.plan());
}

// The plan's notes (a faster back-end picked, a dissipative integrator) and an unstable step as
// one notice, once.
void SessionCore::postPlanNotesLocked(const RunPlan& plan) {
  std::vector<std::string> notes = plan.notes;
  if (!plan.unstableStep.empty()) notes.push_back("unstable step: " + plan.unstableStep);
  if (notes == planNotes) return;
  planNotes = notes;
  std::string text;
  for (const std::string& note : notes) text += (text.empty() ? "" : "\n") + note;
  if (text.empty()) return;
  spdlog::info("{}", text);
  postNoticeLocked(text);
}

// A run that blew up goes on (the app's request does not stop on blow-ups), and the banner says
// once that it is not to be trusted, as the CLI's summary does (run_monitor.hpp).
void SessionCore::noticeBlowUpLocked(const Run& main) {
  const std::string& blowUp = main.monitor().blowUp;
  if (blowUp.empty() || blowUpNoticed) {
    blowUpNoticed = !blowUp.empty();
    return;
  }
  blowUpNoticed = true;
  postNoticeLocked("back-end " + main.backend().name + " (" + main.plan().integrator.name() + "), step " +
                   std::to_string(main.state().step) + ": " + blowUp);
  spdlog::warn("{}", notice);
}

void SessionCore::postNoticeLocked(const std::string& text) {
  notice = text;
  ++noticeVersion;
}

void SessionCore::snapshotLocked(Snapshot& out) const {
  out.model = setup.model;
  out.sceneModel = sceneModel;
  out.modelVersion = modelVersion;
  out.sceneVersion = sceneVersion;
  const bool viewingFrame = viewing >= 0 && static_cast<std::size_t>(viewing) < history.size();
  const Keyframe* shown = viewingFrame ? &history.at(static_cast<std::size_t>(viewing)) : nullptr;
  out.state = shown ? shown->state : published;
  out.scenePath = scenePath;
  const bool loaded = setup.plan.backend != nullptr;
  out.backend = loaded ? setup.plan.backend->name : "";
  if (loaded) out.integrator = setup.plan.integrator;
  out.integrators = setup.offers;
  out.solverSettings = setup.plan.options.settings;
  out.sceneSettings = setup.model ? sceneSettingValues(*setup.model, setup.plan.request) : std::vector<SettingValue>{};
  out.dt = loaded ? setup.plan.dt : out.dt;
  out.speed = speed;
  out.running = running;
  out.stats = stats;
  out.failure = failure;
  out.backendWarnings = setup.plan.support.warnings;
  out.notice = notice;
  out.noticeVersion = noticeVersion;
  const std::vector<ComparisonRun>& comparisons = runs.comparisons();
  out.compareBackend = comparisons.empty() ? "" : comparisons.front().backend;
  out.compareNote = comparisons.empty() ? "" : comparisons.front().note;
  out.contactPoints.clear();
  const StepOutputs& outputs = out.state.outputs;
  for (int c = 0; c < outputs.contactCount; ++c) out.contactPoints.push_back(outputs.contacts[c].point);
  out.compareRunning = !comparisons.empty() && comparisons.front().running();
  if (out.compareRunning) {
    const bool kept = shown && !shown->compared.empty() && shown->compared.front().running;
    out.compareState = kept ? shown->compared.front().state : publishedCompared.front();
  }
  out.comparisons.resize(comparisons.size());
  for (std::size_t c = 0; c < comparisons.size(); ++c) {
    ComparisonView& view = out.comparisons[c];
    view.id = comparisons[c].id;
    view.name = c + 1 < setup.names.size() ? setup.names[c + 1] : comparisons[c].backend;
    view.label = c < setup.comparisonLabels.size() ? setup.comparisonLabels[c] : comparisons[c].spec.text;
    view.spec = comparisons[c].spec.text;
    if (c < setup.comparisonParts.size()) {
      view.backend = setup.comparisonParts[c].backend;
      view.integrator = setup.comparisonParts[c].integrator;
      view.dt = setup.comparisonParts[c].dt;
    }
    view.stretches = comparisons[c].stretches;
    view.label = stretchedLabel(view.stretches, view.label);
    view.note = comparisons[c].note;
    view.running = comparisons[c].running();
    if (!view.running) continue;
    const bool kept = shown && c < shown->compared.size() && shown->compared[c].running;
    view.state = kept ? shown->compared[c].state : publishedCompared[c];
  }
  out.mainName = setup.names.empty() ? out.backend : setup.names.front();
  out.mainLabel = loaded ? runLabel(setup.plan) : "";
  out.reference = runs.empty() ? 0 : runs.reference();
  out.controlsDrift = setup.controlsDrift;
  out.floors = floors;
  out.stepInProgressSeconds =
      commands.stepping() ? std::chrono::duration<double>(std::chrono::steady_clock::now() - stepStarted).count() : 0.0;
  out.queuedCommands = commands.pendingNames();
  out.slowStepWarning = slowWarning;
  out.loadingPath = loadingPath;
  out.previousRunVersion = samples.previousVersion();
  out.undoLabel = edits.undoLabel();
  out.redoLabel = edits.redoLabel();
  out.history = {history.size(), history.firstTime(), history.lastTime(), history.bytes() / 1e6,
                 history.megabytes(), history.seconds(), viewingFrame, shown ? shown->state.t : 0.0};
}

}  // namespace articulab::session
