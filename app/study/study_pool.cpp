#include "app/study/study_pool.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <mutex>
#include <set>
#include <thread>

#include "app/study/study_case_run.hpp"

namespace articulab::study {

double StudyProgress::remaining() const {
  if (done == 0 || done >= total) return 0.0;
  return elapsed / static_cast<double>(done) * static_cast<double>(total - done);
}

unsigned workerCount(unsigned jobs, std::size_t cases) {
  const unsigned wanted = jobs > 0 ? jobs : std::max(1u, std::thread::hardware_concurrency());
  return static_cast<unsigned>(std::max<std::size_t>(1, std::min<std::size_t>(wanted, cases)));
}

namespace {

// Calls work(i) for i = 0 .. count - 1 on `jobs` workers (this thread one of them) until `stop`;
// a worker whose work returns false takes no more. The first exception thrown ends the workers and
// is rethrown.
void forEachInParallel(std::size_t count, unsigned jobs, const std::atomic<bool>& stop,
                       const std::function<bool(std::size_t)>& work) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;
  std::exception_ptr error;
  const auto worker = [&] {
    while (!stop && !failed) {
      const std::size_t i = next++;
      if (i >= count) return;
      try {
        if (!work(i)) return;
      } catch (...) {
        const std::lock_guard<std::mutex> lock(mutex);
        if (!error) error = std::current_exception();
        failed = true;
        return;
      }
    }
  };
  std::vector<std::thread> workers;
  const unsigned threads = workerCount(jobs, count);
  for (unsigned w = 1; w < threads; ++w) workers.emplace_back(worker);
  worker();
  for (std::thread& thread : workers) thread.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace

bool usesStoredReferences(const Study& study) { return study.wants("error") && !study.reference.closedForm; }

std::vector<const StudyCase*> missingReferences(const Study& study, const std::vector<StudyCase>& cases,
                                                const StudyStore& store) {
  std::vector<const StudyCase*> missing;
  if (!usesStoredReferences(study)) return missing;
  std::set<std::string> seen;
  for (const StudyCase& c : cases)
    if (seen.insert(referenceId(study, c)).second && !store.reference(referenceId(study, c))) missing.push_back(&c);
  return missing;
}

ReferenceOutcome computeReferences(const Study& study, const std::vector<StudyCase>& cases, const StudyStore& store,
                                   unsigned jobs, const std::atomic<bool>& stop) {
  ReferenceOutcome outcome;
  if (!usesStoredReferences(study)) return outcome;
  const std::vector<const StudyCase*> missing = missingReferences(study, cases, store);
  std::set<std::string> points;
  for (const StudyCase& c : cases) points.insert(referenceId(study, c));
  outcome.stored = points.size() - missing.size();
  ReferenceCache references(study, &store);
  std::atomic<std::size_t> computed{0};
  forEachInParallel(missing.size(), jobs, stop, [&](std::size_t i) {
    if (!references.get(*missing[i], stop)) return false;
    ++computed;
    return true;
  });
  outcome.computed = computed;
  outcome.interrupted = stop && outcome.computed < missing.size();
  return outcome;
}

StudyOutcome runStudyCases(const Study& study, const std::vector<StudyCase>& cases, const StudyStore& store,
                           unsigned jobs, const std::atomic<bool>& stop,
                           const std::function<void(const StudyProgress&)>& onProgress) {
  StudyOutcome outcome;
  std::vector<const StudyCase*> pending;
  for (const StudyCase& c : cases) {
    const std::optional<StudyRow> stored = store.row(c.id);
    if (stored && stored->key == c.key && finished(stored->status)) ++outcome.skipped;
    else pending.push_back(&c);
  }
  outcome.progress.total = pending.size();
  ReferenceCache references(study, &store);
  std::mutex mutex;
  const auto start = std::chrono::steady_clock::now();
  // An exception (the store cannot be written) ends the study: it cannot go on.
  forEachInParallel(pending.size(), jobs, stop, [&](std::size_t i) {
    const std::optional<StudyRow> row = runCase(study, *pending[i], references, stop);
    if (!row) return false;
    store.write(*row);
    const std::lock_guard<std::mutex> lock(mutex);
    StudyProgress& p = outcome.progress;
    ++p.done;
    if (!finished(row->status)) ++p.failed;
    p.elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (onProgress) onProgress(p);
    return true;
  });
  outcome.interrupted = stop && outcome.progress.done < outcome.progress.total;
  return outcome;
}

}  // namespace articulab::study
