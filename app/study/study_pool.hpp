// Runs the cases of a study on a pool of worker threads (one per core by default): each worker
// takes the next case, runs it (study_case_run.hpp) and writes its row to the store. Cases whose
// stored row finished are skipped (a study run again completes what is missing and reruns what
// failed). `stop` (set by the CLI's SIGINT handler) ends the study cleanly: no new case starts,
// the running ones are abandoned at their next step, every finished row stays in the store.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <vector>

#include "app/study/study_grid.hpp"
#include "app/study/study_store.hpp"

namespace articulab::study {

struct StudyProgress {
  std::size_t total = 0;    // cases to run this call (skipped ones not counted)
  std::size_t done = 0;     // rows written
  std::size_t failed = 0;   // of which failed
  double elapsed = 0.0;     // s of wall time
  double remaining() const;  // s, estimated from the mean so far (0 before the first row)
};

struct StudyOutcome {
  std::size_t skipped = 0;  // finished before this call
  StudyProgress progress;
  bool interrupted = false;
};

// jobs: worker threads (0: one per core). onProgress is called after every row, from the worker
// that wrote it, one call at a time.
StudyOutcome runStudyCases(const Study& study, const std::vector<StudyCase>& cases, const StudyStore& store,
                           unsigned jobs, const std::atomic<bool>& stop,
                           const std::function<void(const StudyProgress&)>& onProgress = {});

// The threads a study uses for `jobs` (0: the cores).
unsigned workerCount(unsigned jobs, std::size_t cases);

// Whether the study's errors are taken against reference runs kept in the store (not a closed
// form, and the error is among the metrics).
bool usesStoredReferences(const Study& study);

// One case of every scene point of `cases` whose reference run is not in the store yet.
std::vector<const StudyCase*> missingReferences(const Study& study, const std::vector<StudyCase>& cases,
                                                const StudyStore& store);

struct ReferenceOutcome {
  std::size_t computed = 0;  // written by this call
  std::size_t stored = 0;    // in the store before
  bool interrupted = false;
};

// Computes the missing reference runs of the cases' scene points into the store on `jobs`
// workers: what the reference job of a Slurm array does once before its tasks, which only read
// them. Nothing when the study uses no stored reference.
ReferenceOutcome computeReferences(const Study& study, const std::vector<StudyCase>& cases, const StudyStore& store,
                                   unsigned jobs, const std::atomic<bool>& stop);

}  // namespace articulab::study
