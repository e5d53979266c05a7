// One row of a study's results: what the case was (every parameter), how it ended (status and
// message) and its figures. A row is a run's file in the store (JSON, every number to 17
// digits, so a row read back equals the row written) and a line of the merged results.csv.
#pragma once

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace articulab::study {

inline constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();

// ok: ran to the end; not-trusted: ran to the end after a blow-up (run_monitor.hpp); failed:
// refused, a scene that does not load, or diverged (message says which). A failed row is run
// again by the next call of the study; the others are kept.
inline bool finished(const std::string& status) { return status == "ok" || status == "not-trusted"; }

struct StudyRow {
  std::string id, key;
  std::string scene, parameters, run;  // the study's scene file, "n=5", the run spec as written
  std::string backend, integrator;     // as resolved (empty when refused)
  double dt = kNoValue, duration = kNoValue;  // s
  std::string status = "failed", message;
  long steps = 0;
  double wallPerStep = kNoValue, cpuPerStep = kNoValue;  // s: inside Solver::step; the worker's CPU over the stepping
  double iterationsMean = kNoValue, iterationsLargest = kNoValue;  // of the iterative solve; none: direct
  double energyLargest = kNoValue, energyLargestRelative = kNoValue;  // |E - E0|, J and x the largest kinetic energy
  double energyFinal = kNoValue, energyFinalRelative = kNoValue;
  double driftPosition = kNoValue, driftRotation = kNoValue;  // largest, m and rad
  std::string reference;               // the reference run's label
  std::vector<double> outputTimes;     // s
  std::vector<double> errorPosition, errorRotation;  // at the output times, m and rad (bodyFrameDifference)

  double errorLargest() const;  // m, the largest of errorPosition (NaN when none)
};

nlohmann::json rowJson(const StudyRow& row);
// Throws std::runtime_error when a field is missing or of the wrong type.
StudyRow rowFromJson(const nlohmann::json& json);
// results.csv: a header and one line per row; the errors as error_position@T columns over the
// union of the rows' output times.
void writeRowsCsv(const std::vector<StudyRow>& rows, std::ostream& out);

}  // namespace articulab::study
