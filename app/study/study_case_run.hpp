// One case of a study through the engine's one Run (engine/run/run.hpp), as `articulab run` runs
// it: the model loaded with the case's parameters (loadModel), the request made from the run
// spec (session::specRequest) over the study's duration, resolveRun, the steps recorded every
// step (so the drift is sampled as `run` samples it), stepped to each output time
// (session::catchUp) where the body frames are compared with the reference's
// (session::bodyFrameDifference), then to the end. A refusal, a scene that does not load or a
// divergence is a failed row with its message.
#pragma once

#include <atomic>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "app/study/study_grid.hpp"
#include "app/study/study_row.hpp"
#include "app/study/study_store.hpp"

namespace articulab::study {

// The reference of each scene point of a study. A reference run is computed once (by the first
// worker that needs it; the others wait for it) and kept in the store so that a later call or a
// Slurm array's task reads it; the scenes' closed form ("reference": "closed-form") is evaluated
// where it is needed and not stored.
class ReferenceCache {
 public:
  ReferenceCache(const Study& study, const StudyStore* store) : study_(study), store_(store) {}
  // The reference frames of the case's scene point; null when the run was abandoned (stop).
  std::shared_ptr<const ReferenceFrames> get(const StudyCase& c, const std::atomic<bool>& stop);

 private:
  std::shared_ptr<const ReferenceFrames> compute(const StudyCase& c, const std::atomic<bool>& stop) const;

  const Study& study_;
  const StudyStore* store_;
  std::mutex mutex_;
  std::map<std::string, std::shared_future<std::shared_ptr<const ReferenceFrames>>> references_;
};

// The name of the case's reference in the store (references/ID.json): one per scene point.
std::string referenceId(const Study& study, const StudyCase& c);

// The reference's request on the model: the study's named run, or rk4 at the finest step of the
// study divided by refine on the first back-end of the study's runs that runs the model with it.
// Throws RunRefusal when none does.
RunRequest referenceRequest(const Study& study, const Model& model);

// The row of the case; none when `stop` was set while it ran (the run is abandoned, no row).
std::optional<StudyRow> runCase(const Study& study, const StudyCase& c, ReferenceCache& references,
                                const std::atomic<bool>& stop);

}  // namespace articulab::study
