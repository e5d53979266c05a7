#include "app/study/study_pool.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <mutex>
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
  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  std::exception_ptr error;
  const auto start = std::chrono::steady_clock::now();
  const auto work = [&] {
    while (!stop) {
      const std::size_t i = next++;
      if (i >= pending.size()) return;
      try {
        const std::optional<StudyRow> row = runCase(study, *pending[i], references, stop);
        if (!row) return;
        store.write(*row);
        const std::lock_guard<std::mutex> lock(mutex);
        StudyProgress& p = outcome.progress;
        ++p.done;
        if (!finished(row->status)) ++p.failed;
        p.elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (onProgress) onProgress(p);
      } catch (...) {  // the store cannot be written: the study cannot go on
        const std::lock_guard<std::mutex> lock(mutex);
        if (!error) error = std::current_exception();
        return;
      }
    }
  };
  std::vector<std::thread> workers;
  const unsigned count = workerCount(jobs, pending.size());
  for (unsigned w = 1; w < count; ++w) workers.emplace_back(work);
  work();
  for (std::thread& worker : workers) worker.join();
  if (error) std::rethrow_exception(error);
  outcome.interrupted = stop && outcome.progress.done < outcome.progress.total;
  return outcome;
}

}  // namespace articulab::study
