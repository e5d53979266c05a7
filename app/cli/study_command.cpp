// articulab study FILE [--jobs N] [--out DIR]: every combination of a study file through the Run
// on a pool of workers (app/study), rows in a results store, results.csv merged from them
// (docs/studies.md). Ctrl-C stops cleanly and keeps what finished; a second call completes it.
// With --slurm: the same study as a Slurm job array (each task a slice, --task I/N, into the same
// store) after a job that computes the reference runs once (--references; the tasks only read
// them); --status and --collect follow it and merge its rows.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/last_resort.hpp"
#include "app/study/slurm_script.hpp"
#include "app/study/study_case_run.hpp"
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

enum class StudyMode { Local, Slurm, Status, Collect, References };

struct StudyOptions {
  std::string file, out;
  unsigned jobs = 0;
  std::size_t task = 0, tasks = 1;  // --task I/N: the slice of a Slurm array task
  StudyMode mode = StudyMode::Local;
  study::SlurmOptions slurm;
  bool emitOnly = false;
};

void setMode(StudyOptions& o, StudyMode mode, const std::string& flag) {
  if (o.mode != StudyMode::Local && o.mode != mode)
    throw UsageError(flag + ": 'study' takes one of --slurm, --status, --collect and --references");
  o.mode = mode;
}

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
    else if (a == "--slurm") setMode(o, StudyMode::Slurm, a);
    else if (a == "--status") setMode(o, StudyMode::Status, a);
    else if (a == "--collect") setMode(o, StudyMode::Collect, a);
    else if (a == "--references") setMode(o, StudyMode::References, a);
    else if (a == "--partition") o.slurm.partition = flagValue(args, i);
    else if (a == "--time") o.slurm.time = flagValue(args, i);
    else if (a == "--max-parallel") o.slurm.maxParallel = static_cast<std::size_t>(parseCount(a, flagValue(args, i)));
    else if (a == "--emit-only") o.emitOnly = true;
    else if (a.rfind("--", 0) == 0) throw UsageError("unknown flag '" + a + "' for 'study' (see articulab --help)");
    else if (o.file.empty()) o.file = a;
    else throw UsageError("unexpected argument '" + a + "': 'study' takes one study file");
  }
  if (o.file.empty()) throw UsageError("'study' needs a study file, e.g. articulab study scenes/studies/convergence.json");
  if (o.out.empty()) o.out = std::filesystem::path(o.file).stem().string() + "-results";
  const bool slurmFlags = !o.slurm.partition.empty() || !o.slurm.time.empty() || o.slurm.maxParallel > 0 || o.emitOnly;
  if (slurmFlags && o.mode != StudyMode::Slurm)
    throw UsageError("--partition, --time, --max-parallel and --emit-only go with --slurm");
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

namespace {

std::vector<std::string> caseIds(const std::vector<study::StudyCase>& cases) {
  std::vector<std::string> ids;
  for (const study::StudyCase& c : cases) ids.push_back(c.id);
  return ids;
}

// Exit code of a study's rows: 3 when one failed or is missing.
int rowsExitCode(const std::vector<study::StudyRow>& rows, std::size_t cases) {
  if (rows.size() < cases) return kExitDiverged;
  for (const study::StudyRow& r : rows)
    if (!study::finished(r.status)) return kExitDiverged;
  return kExitOk;
}

// A task of an array reads the reference runs its reference job wrote; one missing ends it
// before it runs anything.
void checkTaskReferences(const StudyOptions& o, const study::Study& plan, const std::vector<study::StudyCase>& slice,
                         const study::StudyStore& store) {
  const std::vector<const study::StudyCase*> missing = study::missingReferences(plan, slice, store);
  if (missing.empty()) return;
  throw CannotRunError("--task " + std::to_string(o.task) + "/" + std::to_string(o.tasks) + ": the reference run of " +
                       study::caseSceneText(plan, *missing.front()) + " is not in " + store.folder() + "/references/" +
                       study::referenceId(plan, *missing.front()) + ".json (" + std::to_string(missing.size()) +
                       " missing); the array's reference job computes them first: articulab study " + o.file +
                       " --out " + o.out + " --references");
}

int runLocally(const StudyOptions& o, const study::Study& plan, const std::vector<study::StudyCase>& cases,
               const study::StudyStore& store, std::ostream& out, std::ostream& err) {
  std::vector<study::StudyCase> slice;
  for (const study::StudyCase& c : cases)
    if (study::inSlice(c.index, o.task, o.tasks)) slice.push_back(c);
  if (o.tasks > 1) checkTaskReferences(o, plan, slice, store);
  const InterruptFlag interrupt;
  StudyProgressLine progress(err, &err == &std::cerr && isatty(STDERR_FILENO));
  const study::StudyOutcome outcome =
      study::runStudyCases(plan, slice, store, o.jobs, stopRequested, [&](const study::StudyProgress& p) { progress.update(p); });
  progress.finish();
  const std::vector<study::StudyRow> rows = store.rows(caseIds(cases));
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
  return o.tasks == 1 ? rowsExitCode(rows, cases.size()) : kExitOk;
}

std::string absolute(const std::string& path) { return std::filesystem::absolute(path).lexically_normal().string(); }

std::string jobIdPath(const study::StudyStore& store) { return store.folder() + "/slurm/job-id"; }
std::string referenceJobIdPath(const study::StudyStore& store) { return store.folder() + "/slurm/reference-job-id"; }

// --references: the reference runs of the whole study into the store, each once (a Slurm array's
// first job).
int computeReferences(const StudyOptions& o, const study::Study& plan, const std::vector<study::StudyCase>& cases,
                      const study::StudyStore& store, std::ostream& out, std::ostream& err) {
  const InterruptFlag interrupt;
  const study::ReferenceOutcome outcome = study::computeReferences(plan, cases, store, o.jobs, stopRequested);
  out << "study " << o.file << ": references " << outcome.computed << " computed, " << outcome.stored
      << " stored before" << (study::usesStoredReferences(plan) ? "" : " (the study takes no reference run)") << '\n';
  if (outcome.interrupted) {
    err << "references interrupted; run the same command again to complete them\n";
    return kExitInterrupted;
  }
  return kExitOk;
}

std::string submit(const std::string& script, const std::string& afterJob = "") {
  try {
    return study::submitSlurmScript(script, afterJob);
  } catch (const std::runtime_error& e) {
    throw CannotRunError(std::string("--slurm: ") + e.what());
  }
}

// Writes the job array's script into the store, and the reference job's when the study needs
// reference runs the store lacks, and submits them unless --emit-only: the reference job first,
// the array held until it ends well.
int submitToSlurm(const StudyOptions& o, const study::Study& plan, const std::vector<study::StudyCase>& cases,
                  const study::StudyStore& store, std::ostream& out) {
  std::filesystem::create_directories(store.folder() + "/slurm");
  study::SlurmOptions slurm = o.slurm;
  slurm.tasks = std::min<std::size_t>(cases.size(), 1000);
  std::error_code ec;
  const std::filesystem::path binary = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) throw UsageError("--slurm: cannot find this program's path: " + ec.message());
  const std::string script = absolute(store.folder() + "/slurm/study.sbatch");
  study::writeAtomically(script, study::slurmScript(binary.string(), absolute(o.file), absolute(store.folder()), slurm));
  out << "script      " << script << " (" << slurm.tasks << " array tasks for " << cases.size() << " runs)\n";
  const std::size_t missing = study::missingReferences(plan, cases, store).size();
  std::string referenceScript;
  if (missing > 0) {
    referenceScript = absolute(store.folder() + "/slurm/references.sbatch");
    study::writeAtomically(referenceScript, study::slurmReferenceScript(binary.string(), absolute(o.file),
                                                                        absolute(store.folder()), slurm));
    out << "script      " << referenceScript << " (the " << missing << " reference runs, before the array)\n";
  }
  if (o.emitOnly) return kExitOk;
  std::string referenceId;
  if (!referenceScript.empty()) {
    referenceId = submit(referenceScript);
    study::writeAtomically(referenceJobIdPath(store), referenceId + "\n");
    out << "submitted   reference job " << referenceId << '\n';
  }
  const std::string id = submit(script, referenceId);
  study::writeAtomically(jobIdPath(store), id + "\n");
  out << "submitted   job " << id << "; follow it with: articulab study " << o.file << " --out " << o.out
      << " --status (then --collect)\n";
  return kExitOk;
}

// The runs of the study in the store, and the queue's states of the last submitted job.
int reportStatus(const StudyOptions& o, const std::vector<study::StudyCase>& cases, const study::StudyStore& store,
                 std::ostream& out) {
  const std::vector<study::StudyRow> rows = store.rows(caseIds(cases));
  std::size_t failed = 0;
  for (const study::StudyRow& r : rows) failed += !study::finished(r.status);
  out << "study " << o.file << ": " << rows.size() << " of " << cases.size() << " runs have rows (" << failed
      << " failed), " << cases.size() - rows.size() << " to go\n";
  for (const auto& [path, what] : {std::pair{referenceJobIdPath(store), "reference job "}, std::pair{jobIdPath(store), "slurm job   "}}) {
    std::ifstream idFile(path);
    std::string id;
    if (!(idFile >> id)) continue;
    const std::string states = study::slurmQueueStates(id);
    out << what << id << ": " << (states.empty() ? "no task in the queue" : states) << '\n';
  }
  return kExitOk;
}

int collect(const StudyOptions& o, const std::vector<study::StudyCase>& cases, const study::StudyStore& store,
            std::ostream& out) {
  const std::vector<study::StudyRow> rows = store.rows(caseIds(cases));
  store.writeTable(rows);
  out << "study " << o.file << ": collected " << rows.size() << " of " << cases.size() << " runs\n";
  printRows(out, rows);
  out << "results     " << store.tablePath() << '\n';
  return rowsExitCode(rows, cases.size());
}

}  // namespace

int studyCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const StudyOptions o = parseStudyOptions(args);
  const study::Study plan = study::readStudy(o.file);
  const std::vector<study::StudyCase> cases = study::expandStudy(plan);
  try {
    const study::StudyStore store(o.out);
    switch (o.mode) {
      case StudyMode::Slurm: return submitToSlurm(o, plan, cases, store, out);
      case StudyMode::References: return computeReferences(o, plan, cases, store, out, err);
      case StudyMode::Status: return reportStatus(o, cases, store, out);
      case StudyMode::Collect: return collect(o, cases, store, out);
      case StudyMode::Local: break;
    }
    return runLocally(o, plan, cases, store, out, err);
  } catch (const study::StoreError& e) {
    throw UsageError(std::string("--out: ") + e.what());
  }
}

}  // namespace articulab::cli
