// articulab study FILE [--jobs N] [--out DIR]: every combination of a study file through the Run
// on a pool of workers (app/study), rows in a results store, results.csv merged from them
// (docs/studies.md). Ctrl-C stops cleanly and keeps what finished; a second call completes it.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <mutex>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/last_resort.hpp"
#include "app/study/study_pool.hpp"

namespace articulab::cli {

namespace {

std::atomic<bool> stopRequested{false};

extern "C" void requestStop(int) { stopRequested = true; }

// SIGINT sets stopRequested while the study runs; the previous handler comes back after.
class InterruptFlag {
 public:
  InterruptFlag() {
    stopRequested = false;
    struct sigaction action {};
    action.sa_handler = requestStop;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &previous_);
  }
  ~InterruptFlag() { sigaction(SIGINT, &previous_, nullptr); }
  InterruptFlag(const InterruptFlag&) = delete;
  InterruptFlag& operator=(const InterruptFlag&) = delete;

 private:
  struct sigaction previous_ {};
};

struct StudyOptions {
  std::string file, out;
  unsigned jobs = 0;
  std::size_t task = 0, tasks = 1;  // --task I/N: the slice of a Slurm array task
};

// "I/N" with 0 <= I < N.
void parseTask(const std::string& text, StudyOptions& o) {
  unsigned long i = 0, n = 0;
  char rest = 0;
  if (std::sscanf(text.c_str(), "%lu/%lu%c", &i, &n, &rest) != 2 || n == 0 || i >= n)
    throw UsageError("--task: expected I/N with 0 <= I < N, got '" + text + "'");
  o.task = i;
  o.tasks = n;
}

StudyOptions parseStudyOptions(const std::vector<std::string>& args) {
  StudyOptions o;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--jobs") o.jobs = static_cast<unsigned>(std::min(parseCount(a, flagValue(args, i)), 4096L));
    else if (a == "--out") o.out = flagValue(args, i);
    else if (a == "--task") parseTask(flagValue(args, i), o);
    else if (a.rfind("--", 0) == 0) throw UsageError("unknown flag '" + a + "' for 'study' (see articulab --help)");
    else if (o.file.empty()) o.file = a;
    else throw UsageError("unexpected argument '" + a + "': 'study' takes one study file");
  }
  if (o.file.empty()) throw UsageError("'study' needs a study file, e.g. articulab study scenes/studies/convergence.json");
  if (o.out.empty()) o.out = std::filesystem::path(o.file).stem().string() + "-results";
  return o;
}

std::string duration(double seconds) {
  char text[32];
  if (seconds < 120.0) std::snprintf(text, sizeof text, "%.1f s", seconds);
  else std::snprintf(text, sizeof text, "%.1f min", seconds / 60.0);
  return text;
}

// "study: 12/48 runs, 1 failed, 3.2 s elapsed, about 9.6 s left": rewritten in place on a
// terminal, else a line at most every 10 s and at the end.
class StudyProgressLine {
 public:
  StudyProgressLine(std::ostream& err, bool terminal) : err_(err), terminal_(terminal) {}
  void update(const study::StudyProgress& p) {
    if (!terminal_ && p.done < p.total && p.elapsed - lastPrinted_ < 10.0) return;
    lastPrinted_ = p.elapsed;
    err_ << (terminal_ ? "\r" : "") << "study: " << p.done << '/' << p.total << " runs, " << p.failed << " failed, "
         << duration(p.elapsed) << " elapsed, about " << duration(p.remaining()) << " left" << (terminal_ ? "\x1b[K" : "\n")
         << std::flush;
    shown_ = true;
  }
  void finish() {
    if (terminal_ && shown_) err_ << "\r\x1b[K" << std::flush;
  }

 private:
  std::ostream& err_;
  bool terminal_, shown_ = false;
  double lastPrinted_ = -1e9;
};

void printRows(std::ostream& out, const std::vector<study::StudyRow>& rows) {
  std::size_t ok = 0, untrusted = 0, failed = 0;
  for (const study::StudyRow& r : rows) {
    ok += r.status == "ok";
    untrusted += r.status == "not-trusted";
    failed += !study::finished(r.status);
  }
  out << rows.size() << " rows: " << ok << " ok, " << untrusted << " not trusted, " << failed << " failed\n";
  std::size_t listed = 0;
  for (const study::StudyRow& r : rows) {
    if (study::finished(r.status) || listed++ >= 10) continue;
    out << "  failed: " << r.scene << (r.parameters.empty() ? "" : " " + r.parameters) << ' ' << r.run << " dt "
        << r.dt << ": " << r.message << '\n';
  }
}

}  // namespace

int studyCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const StudyOptions o = parseStudyOptions(args);
  const study::Study plan = study::readStudy(o.file);
  std::vector<study::StudyCase> cases = study::expandStudy(plan);
  std::vector<std::string> ids;
  for (const study::StudyCase& c : cases) ids.push_back(c.id);
  std::vector<study::StudyCase> slice;
  for (const study::StudyCase& c : cases)
    if (study::inSlice(c.index, o.task, o.tasks)) slice.push_back(c);
  try {
    const study::StudyStore store(o.out);
    const InterruptFlag interrupt;
    StudyProgressLine progress(err, &err == &std::cerr && isatty(STDERR_FILENO));
    const study::StudyOutcome outcome =
        study::runStudyCases(plan, slice, store, o.jobs, stopRequested, [&](const study::StudyProgress& p) { progress.update(p); });
    progress.finish();
    const std::vector<study::StudyRow> rows = store.rows(ids);
    if (o.tasks == 1) store.writeTable(rows);
    out << "study " << o.file << ": " << cases.size() << " runs";
    if (o.tasks > 1) out << " (task " << o.task << " of " << o.tasks << ": " << slice.size() << ")";
    out << "; this call ran " << outcome.progress.done << " (" << outcome.progress.failed << " failed) in "
        << duration(outcome.progress.elapsed) << ", skipped " << outcome.skipped << " finished before\n";
    printRows(out, rows);
    out << "results     " << (o.tasks == 1 ? store.tablePath() : store.folder()) << '\n';
    if (outcome.interrupted) {
      err << "study interrupted: " << outcome.progress.total - outcome.progress.done
          << " runs not done; run the same command again to complete it\n";
      return kExitInterrupted;
    }
    for (const study::StudyRow& r : rows)
      if (!study::finished(r.status)) return kExitDiverged;
    return kExitOk;
  } catch (const study::StoreError& e) {
    throw UsageError(std::string("--out: ") + e.what());
  }
}

}  // namespace articulab::cli
