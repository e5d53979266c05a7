#include "app/session/live_runs.hpp"

#include <spdlog/spdlog.h>

#include "engine/run/time_text.hpp"

namespace articulab::session {

namespace {

constexpr const char* kComparison = " (comparison run)";

}  // namespace

void LiveRuns::start(Run run) {
  for (const ComparisonRun& comparison : comparisons_)
    spdlog::info("comparison run on {} ended: another scene was opened", comparison.backend);
  comparisons_.clear();
  main_ = std::move(run);
  announce(*main_, "", true, "");
}

bool LiveRuns::step() {
  const bool healthy = main_->step();
  for (ComparisonRun& comparison : comparisons_) {
    if (!comparison.running() || comparison.run->failed()) continue;
    comparison.run->setPerturbation(main_->state().perturbation);
    comparison.run->step();
  }
  return healthy;
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
  ComparisonRun comparison{backend, std::nullopt, ""};
  comparison.run.emplace(main_->sharedModel(), requestOnBackend(main_->plan(), backend));
  comparisons_.clear();
  comparisons_.push_back(std::move(comparison));
  announce(*comparisons_.back().run, kComparison, true, "");
  return *comparisons_.back().run;
}

void LiveRuns::endComparisons() {
  for (const ComparisonRun& comparison : comparisons_) spdlog::info("comparison run on {} ended", comparison.backend);
  comparisons_.clear();
}

void LiveRuns::startComparison(ComparisonRun& comparison) {
  comparison.run.reset();
  try {
    comparison.run.emplace(main_->sharedModel(), requestOnBackend(main_->plan(), comparison.backend));
  } catch (const std::exception& e) {  // a refusal, a solver that failed to start
    comparison.run.reset();
    stopComparison(comparison, e.what());
    return;
  }
  comparison.note.clear();
  announce(*comparison.run, kComparison, true, "");
}

void LiveRuns::stopComparison(ComparisonRun& comparison, const std::string& why) {
  comparison.note = why;
  spdlog::warn("{}", why);
}

void LiveRuns::reset() {
  main_->reset();
  for (ComparisonRun& comparison : comparisons_) {
    if (comparison.running()) comparison.run->reset();
    else startComparison(comparison);
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
      comparison.run->reconfigure(requestOnBackend(main_->plan(), comparison.backend));
    } catch (const std::exception& e) {
      stopComparison(comparison, e.what());
      continue;
    }
    announce(*comparison.run, kComparison, false, comparisonReplaced);
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
