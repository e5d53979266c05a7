#include "app/study/slurm_script.hpp"

#include <sys/wait.h>

#include <cstdio>
#include <map>
#include <sstream>
#include <stdexcept>

namespace articulab::study {

namespace {

// The text is taken as one word of a POSIX shell command.
std::string shellQuoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Runs the command (through /bin/sh) and returns its standard output and standard error; status
// is its exit status (-1 when it could not start).
std::string commandOutput(const std::string& command, int& status) {
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe) {
    status = -1;
    return "";
  }
  std::string out;
  char buffer[512];
  while (std::fgets(buffer, sizeof buffer, pipe)) out += buffer;
  const int raw = pclose(pipe);
  status = raw == -1 ? -1 : (WIFEXITED(raw) ? WEXITSTATUS(raw) : -1);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

}  // namespace

std::string slurmScript(const std::string& binary, const std::string& studyFile, const std::string& folder,
                        const SlurmOptions& options) {
  std::ostringstream s;
  const std::size_t last = options.tasks > 0 ? options.tasks - 1 : 0;
  s << "#!/bin/sh\n"
    << "# A study of articulab as a job array: each task runs its slice of the study's runs into the\n"
    << "# same results store (docs/studies.md). Written by: articulab study --slurm\n"
    << "#SBATCH --job-name=articulab-study\n"
    << "#SBATCH --array=0-" << last;
  if (options.maxParallel > 0) s << '%' << options.maxParallel;
  s << "\n#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n"
    << "#SBATCH --output=" << folder << "/slurm/task-%a.out\n";
  if (!options.partition.empty()) s << "#SBATCH --partition=" << options.partition << '\n';
  if (!options.time.empty()) s << "#SBATCH --time=" << options.time << '\n';
  s << "exec " << shellQuoted(binary) << " study " << shellQuoted(studyFile) << " --out " << shellQuoted(folder)
    << " --jobs 1 --task \"${SLURM_ARRAY_TASK_ID}/" << options.tasks << "\"\n";
  return s.str();
}

std::string slurmReferenceScript(const std::string& binary, const std::string& studyFile, const std::string& folder,
                                 const SlurmOptions& options) {
  std::ostringstream s;
  s << "#!/bin/sh\n"
    << "# The reference runs of an articulab study, computed once into its results store before the\n"
    << "# job array's tasks read them (docs/studies.md). Written by: articulab study --slurm\n"
    << "#SBATCH --job-name=articulab-study-references\n#SBATCH --ntasks=1\n"
    << "#SBATCH --output=" << folder << "/slurm/references.out\n";
  if (!options.partition.empty()) s << "#SBATCH --partition=" << options.partition << '\n';
  if (!options.time.empty()) s << "#SBATCH --time=" << options.time << '\n';
  s << "exec " << shellQuoted(binary) << " study " << shellQuoted(studyFile) << " --out " << shellQuoted(folder)
    << " --jobs \"${SLURM_CPUS_PER_TASK:-1}\" --references\n";
  return s.str();
}

std::string submitSlurmScript(const std::string& script, const std::string& afterJob) {
  int status = 0;
  const std::string dependency =
      afterJob.empty() ? "" : "--dependency=afterok:" + shellQuoted(afterJob) + " --kill-on-invalid-dep=yes ";
  const std::string out = commandOutput("sbatch --parsable " + dependency + shellQuoted(script), status);
  if (status != 0) throw std::runtime_error("sbatch failed" + (out.empty() ? std::string() : ": " + out));
  const std::string id = out.substr(0, out.find(';'));  // "ID;cluster" on a federation
  if (id.empty() || id.find_first_not_of("0123456789") != std::string::npos)
    throw std::runtime_error("sbatch gave no job id: '" + out + "'");
  return id;
}

std::string slurmQueueStates(const std::string& jobId) {
  int status = 0;
  const std::string out = commandOutput("squeue --noheader --array --format=%T --jobs " + shellQuoted(jobId), status);
  if (status != 0) return "";
  std::map<std::string, int> counts;
  std::istringstream lines(out);
  std::string state;
  while (lines >> state) ++counts[state];
  std::string text;
  for (const auto& [name, count] : counts) text += (text.empty() ? "" : ", ") + name + " " + std::to_string(count);
  return text;
}

}  // namespace articulab::study
