// A comparison of runs of one scene (issue 32): the run specs started as Runs, stepped in
// lockstep over the same simulated time (app/session/run_comparison.hpp), and the table that
// tells them apart, one row per run. `articulab compare` prints and writes it; the Python
// module's articulab.compare returns it (docs/python.md). No ImGui, no OpenGL.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "app/session/comparison_series.hpp"
#include "app/session/run_comparison.hpp"
#include "app/session/run_spec.hpp"
#include "engine/run/run.hpp"

namespace articulab::compare {

// A comparison that cannot start as asked: field is what is wrong ("runs" or "reference", the
// CLI's --runs and --reference), the message names the run or the name.
class ComparisonError : public std::invalid_argument {
 public:
  ComparisonError(std::string field, const std::string& message)
      : std::invalid_argument(message), field_(std::move(field)) {}
  const std::string& field() const { return field_; }

 private:
  std::string field_;
};

// A run of the comparison with what the table reports besides the Run's monitor.
struct ComparedRun {
  std::string name;  // short and unique among the runs (session::runNames)
  std::string spec;  // as written
  std::unique_ptr<Run> run;
  session::IterationTally iterations;
  session::RunDifference largestDifference;  // to the reference run, over the output times
};

// Starts a Run of the model for each spec over base (duration, blow-up policy); warn receives
// each run's warnings as "run N: WARNING". Throws ComparisonError (runs) naming the run refused.
std::vector<ComparedRun> startRuns(const std::shared_ptr<const Model>& model, const std::vector<session::RunSpec>& specs,
                                   const RunRequest& base, const std::function<void(const std::string&)>& warn);

// The run named by reference: its number (1: the first) or its name; empty: the first. Throws
// ComparisonError (reference) listing the runs.
std::size_t referenceIndex(const std::string& reference, const std::vector<ComparedRun>& runs);

// The comparison series (comparison_series.hpp) sized for the runs' output times.
session::TimeSeries comparisonSeries(const std::vector<ComparedRun>& runs);

// Steps every run over the same simulated time, the comparison series a row at each common
// output time (the largest step); each run ends at its own step count (duration / dt), as
// `articulab run` does. Each run records its columns every `every` steps and at its last state
// (the CLI's --record and --every; the table's drift is the largest over the recorded states,
// as in `articulab run`'s summary). Sets each run's iterations and largestDifference.
void runAll(std::vector<ComparedRun>& runs, std::size_t reference, session::TimeSeries& series,
            const RecorderColumns& columns = {}, long every = 1);

// A run's row of the table (the fields of `articulab compare --json`).
struct TableRow {
  std::string name, spec, label, backend, integrator;
  double dt = 0.0;  // s
  long steps = 0;
  double energyLargest = 0.0, energyLargestRelative = 0.0;  // |E - E0|, J and x the largest kinetic energy
  double energyEnd = 0.0, energyEndRelative = 0.0;
  double drift = 0.0;                      // m, the largest position drift
  session::RunDifference difference;       // the largest to the reference run
  std::optional<double> iterationsMean;    // none: no step iterated
  std::optional<long> iterationsLargest;
  double secondsPerStep = 0.0;             // wall time inside the steps
  std::optional<std::string> failure, notTrusted;
};
TableRow tableRow(const ComparedRun& run);

// Calls field(NAME, VALUE) for each field of the row in the order of `compare --json`, with
// lineBreak() before the fields that start a new line there. VALUE is a const std::string&,
// double, long or an optional of these (none: null).
template <class Field, class LineBreak>
void visitFields(const TableRow& r, Field&& field, LineBreak&& lineBreak) {
  field("name", r.name);
  field("spec", r.spec);
  field("label", r.label);
  field("backend", r.backend);
  field("integrator", r.integrator);
  field("dt", r.dt);
  field("steps", r.steps);
  lineBreak();
  field("energy_change_largest", r.energyLargest);
  field("energy_change_largest_relative", r.energyLargestRelative);
  field("energy_change_end", r.energyEnd);
  field("energy_change_end_relative", r.energyEndRelative);
  lineBreak();
  field("drift_position_largest", r.drift);
  field("difference_position_largest", r.difference.position);
  field("difference_rotation_largest", r.difference.rotation);
  lineBreak();
  field("iterations_mean", r.iterationsMean);
  field("iterations_largest", r.iterationsLargest);
  field("seconds_per_step", r.secondsPerStep);
  lineBreak();
  field("failure", r.failure);
  field("not_trusted", r.notTrusted);
}

}  // namespace articulab::compare
