#include "app/study/study_case_run.hpp"

#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <new>

#include "app/session/run_comparison.hpp"
#include "engine/diagnostics/closed_form.hpp"
#include "engine/io/model_loader.hpp"
#include "engine/io/scene_error.hpp"
#include "engine/run/run.hpp"

namespace articulab::study {

namespace {

// Thrown out of a step's callback when the study is stopped: the run is abandoned.
struct Abandoned {};

double threadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

double finestStep(const Study& study) {
  double finest = 0.0;
  for (double dt : study.dts) finest = finest > 0.0 ? std::min(finest, dt) : dt;
  for (const session::RunSpec& spec : study.runs)
    if (spec.dt > 0.0) finest = finest > 0.0 ? std::min(finest, spec.dt) : spec.dt;
  return finest;
}

std::shared_ptr<const Model> loadCaseModel(const Study& study, const StudyCase& c) {
  return std::make_shared<const Model>(loadModel(study.scenes[c.scene].path, c.parameters));
}

std::string refusalText(const RunRefusal& refused) {
  return (refused.field().empty() ? "" : refused.field() + ": ") + std::string(refused.what());
}

StudyRow caseRow(const Study& study, const StudyCase& c) {
  StudyRow row;
  row.id = c.id;
  row.key = c.key;
  row.scene = study.scenes[c.scene].file;
  row.parameters = c.parametersText();
  row.run = c.run.text;
  row.dt = c.run.dt > 0.0 ? c.run.dt : kNoValue;
  row.duration = study.duration;
  row.outputTimes = study.outputTimes;
  row.errorPosition.assign(study.outputTimes.size(), kNoValue);
  row.errorRotation.assign(study.outputTimes.size(), kNoValue);
  return row;
}

void takeFigures(const Study& study, const Run& run, const session::IterationTally& tally, double cpu, StudyRow& row) {
  const long steps = run.stepsTaken();
  row.steps = steps;
  if (study.wants("time") && steps > 0) {
    row.wallPerStep = run.stepWallSeconds() / static_cast<double>(steps);
    row.cpuPerStep = cpu / static_cast<double>(steps);
  }
  if (study.wants("iterations") && tally.largest >= 0) {
    row.iterationsMean = tally.mean();
    row.iterationsLargest = tally.largest;
  }
  const EnergyWatch& energy = run.monitor().energy;
  if (study.wants("energy")) {
    const double scale = session::energyChangeScale(energy);
    row.energyLargest = energy.largestChange;
    row.energyLargestRelative = energy.largestChange / scale;
    row.energyFinal = std::abs(energy.last - energy.start());
    row.energyFinalRelative = row.energyFinal / scale;
  }
  if (study.wants("drift")) {
    row.driftPosition = run.monitor().drift.position;
    row.driftRotation = run.monitor().drift.rotation;
  }
  if (run.failed()) {
    row.status = "failed";
    row.message = run.failure();
  } else if (!run.monitor().blowUp.empty()) {
    row.status = "not-trusted";
    row.message = run.monitor().blowUp;
  } else {
    row.status = "ok";
  }
}

// The difference of the run's body frames from the reference's at output time k.
void takeError(const Run& run, const ReferenceFrames& reference, std::size_t k, StudyRow& row) {
  if (k >= reference.frames.size()) return;
  State frames;
  frames.E_0i = reference.frames[k];
  const session::RunDifference d = session::bodyFrameDifference(run.state(), frames);
  row.errorPosition[k] = d.position;
  row.errorRotation[k] = d.rotation;
}

// An output time the step does not divide: the error is taken at the nearest step's time.
void noteTimeMissed(double wanted, double met, StudyRow& row) {
  char text[160];
  std::snprintf(text, sizeof text, "output time %g s met at t = %.9g s (the step does not divide it)", wanted, met);
  row.message += (row.message.empty() ? "" : "; ") + std::string(text);
}

void noteReference(const ReferenceFrames& reference, StudyRow& row) {
  row.reference = reference.label;
  if (!reference.failure.empty())
    row.message += (row.message.empty() ? "" : "; ") + std::string("reference: ") + reference.failure;
}

// The scene's closed form at the output times: exact, so computed wherever it is needed (never stored).
std::shared_ptr<const ReferenceFrames> closedFormFrames(const Study& study, const StudyCase& c) {
  auto reference = std::make_shared<ReferenceFrames>();
  try {
    const auto model = loadCaseModel(study, c);
    const ClosedForm closedForm(*model, model->closedForm);
    reference->label = "closed form (" + closedForm.solution() + ")";
    for (double t : study.outputTimes) reference->frames.push_back(closedForm.poses(t));
  } catch (const ClosedFormError& e) {
    reference->failure = std::string("closed form: ") + e.what();
  } catch (const SceneError& e) {
    reference->failure = e.what();
  }
  return reference;
}

}  // namespace

RunRequest referenceRequest(const Study& study, const Model& model) {
  RunRequest request;
  request.duration = study.outputTimes.back();
  if (study.reference.run) return session::specRequest(*study.reference.run, request);
  request.dt = finestStep(study) / study.reference.refine;
  request.requireIntegrator("rk4");
  std::vector<std::string> tried;
  for (const session::RunSpec& spec : study.runs) {
    if (std::find(tried.begin(), tried.end(), spec.backend) != tried.end()) continue;
    tried.push_back(spec.backend);
    request.backend = spec.backend;
    if (resolves(model, request)) return request;
  }
  throw RunRefusal("reference", "no back-end of the study's runs runs this scene with rk4; name the reference run "
                                "(\"reference\": {\"run\": \"BACKEND:INTEGRATOR@dt=SECONDS\"})");
}

std::string referenceId(const Study& study, const StudyCase& c) { return hashId("reference|" + sceneKey(study, c)); }

std::shared_ptr<const ReferenceFrames> ReferenceCache::compute(const StudyCase& c, const std::atomic<bool>& stop) const {
  if (study_.reference.closedForm) return closedFormFrames(study_, c);
  const std::string id = referenceId(study_, c);
  if (store_)
    if (std::optional<ReferenceFrames> stored = store_->reference(id))
      return std::make_shared<const ReferenceFrames>(std::move(*stored));
  auto reference = std::make_shared<ReferenceFrames>();
  reference->writer = referenceWriter();
  try {
    const auto model = loadCaseModel(study_, c);
    Run run(model, referenceRequest(study_, *model));
    reference->label = session::runLabel(run.plan());
    for (double t : study_.outputTimes) {
      if (!session::catchUp(run, t, [&stop](const Run&) {
            if (stop) throw Abandoned{};
          }))
        break;
      reference->frames.push_back(run.state().E_0i);
    }
    if (run.failed()) reference->failure = run.failure();
  } catch (const Abandoned&) {
    return nullptr;
  } catch (const RunRefusal& refused) {
    reference->failure = refusalText(refused);
  } catch (const SceneError& e) {
    reference->failure = e.what();
  }
  if (store_) store_->writeReference(id, *reference);
  return reference;
}

std::shared_ptr<const ReferenceFrames> ReferenceCache::get(const StudyCase& c, const std::atomic<bool>& stop) {
  const std::string key = sceneKey(study_, c);
  std::promise<std::shared_ptr<const ReferenceFrames>> promise;
  std::shared_future<std::shared_ptr<const ReferenceFrames>> future;
  bool mine = false;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    auto found = references_.find(key);
    if (found == references_.end()) {
      future = promise.get_future().share();
      references_.emplace(key, future);
      mine = true;
    } else {
      future = found->second;
    }
  }
  if (!mine) return future.get();
  try {
    std::shared_ptr<const ReferenceFrames> reference = compute(c, stop);
    promise.set_value(reference);
    if (!reference) {
      const std::lock_guard<std::mutex> lock(mutex_);
      references_.erase(key);  // abandoned: a later call computes it
    }
    return reference;
  } catch (...) {
    promise.set_exception(std::current_exception());
    const std::lock_guard<std::mutex> lock(mutex_);
    references_.erase(key);
    throw;
  }
}

std::optional<StudyRow> runCase(const Study& study, const StudyCase& c, ReferenceCache& references,
                                const std::atomic<bool>& stop) {
  StudyRow row = caseRow(study, c);
  try {
    const auto model = loadCaseModel(study, c);
    RunRequest base;
    base.duration = study.duration;
    Run run(model, session::specRequest(c.run, base));
    row.backend = run.backend().name;
    row.integrator = run.plan().integrator.name();
    row.dt = run.plan().dt;
    row.duration = run.plan().duration;
    std::shared_ptr<const ReferenceFrames> reference;
    if (study.wants("error")) {
      reference = references.get(c, stop);
      if (!reference) return std::nullopt;
    }
    run.record(RecorderColumns{}, 1);
    session::IterationTally tally;
    const auto afterEach = [&](const Run& r) {
      if (stop) throw Abandoned{};
      tally.add(r.state().outputs.iterations);
    };
    const double cpuStart = threadCpuSeconds();
    for (std::size_t k = 0; k < study.outputTimes.size(); ++k) {
      const double t = study.outputTimes[k];
      if (!session::catchUp(run, t, afterEach)) break;
      if (std::abs(run.state().t - t) > 1e-9 * std::max(1.0, t)) noteTimeMissed(t, run.state().t, row);
      if (reference) takeError(run, *reference, k, row);
    }
    run.advance(std::max(0L, run.plan().steps - run.stepsTaken()), afterEach);
    const double cpu = threadCpuSeconds() - cpuStart;
    if (!run.failed()) run.finishRecording();
    takeFigures(study, run, tally, cpu, row);
    if (reference) noteReference(*reference, row);
  } catch (const Abandoned&) {
    return std::nullopt;
  } catch (const RunRefusal& refused) {
    row.message = refusalText(refused);
  } catch (const SceneError& e) {
    row.message = e.what();
  } catch (const std::bad_alloc&) {
    row.message = "out of memory: the model needs more memory than there is";
  }
  return row;
}

}  // namespace articulab::study
