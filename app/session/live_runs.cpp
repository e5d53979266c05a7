#include "app/session/live_runs.hpp"

#include <spdlog/spdlog.h>

#include "app/session/run_comparison.hpp"
#include "engine/run/time_text.hpp"

namespace articulab::session {

namespace {

constexpr const char* kComparison = " (comparison run)";

}  // namespace

void LiveRuns::start(Run run) {
  for (const ComparisonRun& comparison : comparisons_)
    spdlog::info("comparison run on {} ended: another scene was opened", comparison.backend);
  comparisons_.clear();
  reference_ = 0;
  main_ = std::move(run);
  main_->watchCancel(&cancel_);
  announce(*main_, "", true, "");
}

bool LiveRuns::step() {
  const bool healthy = main_->step();
  if (main_->cancelled()) return true;
  for (ComparisonRun& comparison : comparisons_) {
    if (cancel_.requested()) break;  // a comparison behind the main run catches up in the next step
    if (!comparison.running() || comparison.run->failed()) continue;
    comparison.run->setPerturbation(main_->state().perturbation);
    catchUp(*comparison.run, main_->state().t);
  }
  return healthy;
}

std::vector<std::string> LiveRuns::names() const {
  std::vector<RunNameParts> parts = {nameParts(main_->plan())};
  for (const ComparisonRun& comparison : comparisons_)
    parts.push_back(comparison.run ? nameParts(comparison.run->plan())
                                   : RunNameParts{comparison.backend, comparison.spec.integrator, comparison.spec.dt});
  return runNames(parts);
}

std::vector<const Run*> LiveRuns::runningRuns() const {
  std::vector<const Run*> runs = {&*main_};
  for (const ComparisonRun& comparison : comparisons_) runs.push_back(comparison.running() ? &*comparison.run : nullptr);
  return runs;
}

RunRequest LiveRuns::comparisonRequest(const RunPlan& main, const RunSpec& spec) {
  return specRequest(spec, requestOnBackend(main, spec.backend));
}

void LiveRuns::stopFailedComparisons() {
  for (ComparisonRun& comparison : comparisons_) {
    if (!comparison.running() || !comparison.run->failed()) continue;
    const Run& run = *comparison.run;
    stopComparison(comparison, "comparison run on " + comparison.backend + " stopped at step " +
                                   std::to_string(run.state().step) + " (t = " + formatTime(run.state().t, run.plan().dt) +
                                   " s): " + run.failureReason() + "; Reset starts it again");
  }
}

const Run& LiveRuns::compare(const std::string& backend) {
  RunSpec spec;
  spec.text = spec.backend = backend;
  ComparisonRun comparison{backend, std::nullopt, "", spec, nextId_};
  comparison.run.emplace(main_->sharedModel(), comparisonRequest(main_->plan(), spec));
  comparison.run->watchCancel(&cancel_);
  ++nextId_;
  comparisons_.clear();
  reference_ = 0;
  comparisons_.push_back(std::move(comparison));
  announce(*comparisons_.back().run, kComparison, true, "");
  markStretch(comparisons_.back());
  return *comparisons_.back().run;
}

const Run& LiveRuns::addComparison(const RunSpec& spec) {
  ComparisonRun comparison{spec.backend, std::nullopt, "", spec, nextId_};
  comparison.run.emplace(main_->sharedModel(), comparisonRequest(main_->plan(), spec));
  comparison.run->watchCancel(&cancel_);
  ++nextId_;
  comparisons_.push_back(std::move(comparison));
  announce(*comparisons_.back().run, kComparison, true, "");
  markStretch(comparisons_.back());
  return *comparisons_.back().run;
}

bool LiveRuns::removeComparison(std::size_t index) {
  if (index >= comparisons_.size()) return false;
  spdlog::info("comparison run on {} ended", comparisons_[index].backend);
  comparisons_.erase(comparisons_.begin() + static_cast<std::ptrdiff_t>(index));
  if (reference_ == index + 1) reference_ = 0;
  else if (reference_ > index + 1) --reference_;
  return true;
}

void LiveRuns::endComparisons() {
  for (const ComparisonRun& comparison : comparisons_) spdlog::info("comparison run on {} ended", comparison.backend);
  comparisons_.clear();
  reference_ = 0;
}

void LiveRuns::startComparison(ComparisonRun& comparison) {
  comparison.run.reset();
  try {
    comparison.run.emplace(main_->sharedModel(), comparisonRequest(main_->plan(), comparison.spec));
    comparison.run->watchCancel(&cancel_);
  } catch (const std::exception& e) {  // a refusal, a solver that failed to start
    comparison.run.reset();
    stopComparison(comparison, e.what());
    return;
  }
  comparison.note.clear();
  announce(*comparison.run, kComparison, true, "");
  markStretch(comparison);
}

void LiveRuns::markStretch(ComparisonRun& comparison) {
  const Run& run = *comparison.run;
  const Segment stretch{run.state().t, run.backend().name, run.plan().integrator.name(), run.plan().dt};
  std::vector<Segment>& stretches = comparison.stretches;
  if (!stretches.empty() && stretches.back().label == stretch.label && stretches.back().integrator == stretch.integrator &&
      stretches.back().dt == stretch.dt)
    return;
  if (!stretches.empty() && stretches.back().start >= stretch.start) stretches.pop_back();  // it never ran
  stretches.push_back(stretch);
}

void LiveRuns::stopComparison(ComparisonRun& comparison, const std::string& why) {
  comparison.note = why;
  spdlog::warn("{}", why);
}

void LiveRuns::reset() {
  main_->reset();
  for (ComparisonRun& comparison : comparisons_) {
    comparison.stretches.clear();
    if (!comparison.running()) {
      startComparison(comparison);
      continue;
    }
    comparison.run->reset();
    markStretch(comparison);
  }
}

void LiveRuns::reconfigure(const RunRequest& request) {
  const BackendInfo* backend = &main_->backend();
  const std::string replaced = main_->plan().integratorReplaced;
  main_->reconfigure(request);
  announce(*main_, "", backend != &main_->backend(), replaced);
  for (ComparisonRun& comparison : comparisons_) {
    if (!comparison.running()) continue;
    const std::string comparisonReplaced = comparison.run->plan().integratorReplaced;
    try {
      comparison.run->reconfigure(comparisonRequest(main_->plan(), comparison.spec));
    } catch (const std::exception& e) {
      stopComparison(comparison, e.what());
      continue;
    }
    announce(*comparison.run, kComparison, false, comparisonReplaced);
    markStretch(comparison);
  }
}

void LiveRuns::replaceModel(std::shared_ptr<const Model> model) {
  main_->replaceModel(model);
  for (ComparisonRun& comparison : comparisons_) {
    if (!comparison.running()) continue;
    try {
      comparison.run->replaceModel(model);
    } catch (const std::exception& e) {
      stopComparison(comparison, e.what());
    }
  }
}

void LiveRuns::restore(const State& state, const RunMonitor& monitor, const std::vector<ComparedFrame>& compared) {
  main_->restore(state, monitor);
  for (std::size_t c = 0; c < comparisons_.size(); ++c) {
    ComparisonRun& comparison = comparisons_[c];
    if (!comparison.running()) continue;
    const bool kept = c < compared.size() && compared[c].running;
    comparison.run->restore(kept ? compared[c].state : state, kept ? compared[c].monitor : monitor);
  }
}

std::vector<std::string> LiveRuns::takeNotices() {
  std::vector<std::string> taken;
  taken.swap(notices_);
  return taken;
}

void LiveRuns::announce(const Run& run, const char* which, bool newBackend, const std::string& replacedBefore) {
  if (newBackend) {
    for (const std::string& warning : run.plan().support.warnings) spdlog::warn("{}{}: {}", run.backend().name, which, warning);
    for (const std::string& note : run.plan().support.notes) spdlog::info("{}{}: {}", run.backend().name, which, note);
  }
  const std::string& replaced = run.plan().integratorReplaced;
  if (replaced.empty() || replaced == replacedBefore) return;
  notices_.push_back(run.backend().name + which + ": " + replaced);
  if (!newBackend) spdlog::warn("{}", notices_.back());  // else among the warnings just logged
}

}  // namespace articulab::session
