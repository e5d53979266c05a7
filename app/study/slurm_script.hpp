// A study as a Slurm job array: the sbatch script whose tasks each run a slice of the study's
// cases (round robin, study_grid.hpp inSlice) with the same binary (`articulab study FILE --out
// DIR --jobs 1 --task I/N`), into the same results store; the script of the job that computes the
// reference runs once before them; the submission with sbatch.
#pragma once

#include <cstddef>
#include <string>

namespace articulab::study {

struct SlurmOptions {
  std::string partition, time;  // empty: the cluster's defaults
  std::size_t maxParallel = 0;  // tasks running at once (the array's %K); 0: no limit
  std::size_t tasks = 1;        // array tasks
};

// The script of the array: `binary study studyFile --out folder --jobs 1 --task $SLURM_ARRAY_TASK_ID/N`,
// each task's output in folder/slurm/task-%a.out. Paths are made absolute by the caller.
std::string slurmScript(const std::string& binary, const std::string& studyFile, const std::string& folder,
                        const SlurmOptions& options);

// The script of the job that computes the study's reference runs once, before the array's tasks
// (which only read them): `binary study studyFile --out folder --references`, on the CPUs Slurm
// gives it (--cpus-per-task, default 1), its output in folder/slurm/references.out.
std::string slurmReferenceScript(const std::string& binary, const std::string& studyFile, const std::string& folder,
                                 const SlurmOptions& options);

// Runs `sbatch --parsable script`, held until job `afterJob` (when not empty) ends well
// (--dependency=afterok, --kill-on-invalid-dep=yes: cancelled if it fails); returns the job id, or
// throws std::runtime_error with sbatch's message.
std::string submitSlurmScript(const std::string& script, const std::string& afterJob = "");

// The states of the job's tasks still known to squeue ("PENDING 3, RUNNING 2"); empty when none
// is (finished, or squeue is not there).
std::string slurmQueueStates(const std::string& jobId);

}  // namespace articulab::study
