#include "app/compare/comparison.hpp"

#include <algorithm>
#include <cmath>

namespace articulab::compare {

std::vector<ComparedRun> startRuns(const std::shared_ptr<const Model>& model, const std::vector<session::RunSpec>& specs,
                                   const RunRequest& base, const std::function<void(const std::string&)>& warn) {
  std::vector<ComparedRun> runs;
  std::vector<session::RunNameParts> parts;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const session::RunSpec& spec = specs[i];
    try {
      runs.push_back({"", spec.text, std::make_unique<Run>(model, session::specRequest(spec, base)), {}, {}});
    } catch (const RunRefusal& refused) {
      throw ComparisonError("runs", "run " + std::to_string(i + 1) + " '" + spec.text + "': " +
                                        (refused.field().empty() ? "" : refused.field() + ": ") + refused.what());
    }
    const RunPlan& plan = runs.back().run->plan();
    if (warn)
      for (const std::string& warning : plan.support.warnings) warn("run " + std::to_string(i + 1) + ": " + warning);
    parts.push_back(session::nameParts(plan));
  }
  const std::vector<std::string> names = session::runNames(parts);
  for (std::size_t i = 0; i < runs.size(); ++i) runs[i].name = names[i];
  return runs;
}

std::size_t referenceIndex(const std::string& reference, const std::vector<ComparedRun>& runs) {
  if (reference.empty()) return 0;
  for (std::size_t i = 0; i < runs.size(); ++i)
    if (runs[i].name == reference || std::to_string(i + 1) == reference) return i;
  std::string names;
  for (std::size_t i = 0; i < runs.size(); ++i) names += (i ? ", " : "") + std::to_string(i + 1) + " " + runs[i].name;
  throw ComparisonError("reference", "no run '" + reference + "' (expected a number or a name: " + names + ")");
}

namespace {

// The common output period: the largest step, so that every run whose step divides it meets the
// others there.
double outputPeriod(const std::vector<ComparedRun>& runs) {
  double period = 0.0;
  for (const ComparedRun& r : runs) period = std::max(period, r.run->plan().dt);
  return period;
}

long outputCount(const std::vector<ComparedRun>& runs) {
  return std::lround(runs.front().run->plan().duration / outputPeriod(runs));
}

std::vector<const Run*> runningRuns(const std::vector<ComparedRun>& runs) {
  std::vector<const Run*> out;
  for (const ComparedRun& r : runs) out.push_back(r.run->failed() ? nullptr : r.run.get());
  return out;
}

}  // namespace

session::TimeSeries comparisonSeries(const std::vector<ComparedRun>& runs) {
  std::vector<std::string> names;
  for (const ComparedRun& r : runs) names.push_back(r.name);
  return session::TimeSeries(session::comparisonChannels(names), static_cast<std::size_t>(outputCount(runs)) + 2);
}

void runAll(std::vector<ComparedRun>& runs, std::size_t reference, session::TimeSeries& series,
            const RecorderColumns& columns, long every) {
  for (ComparedRun& r : runs) r.run->record(columns, every);
  const double period = outputPeriod(runs);
  const long outputs = outputCount(runs);
  std::vector<double> row;
  const auto addRow = [&] {
    session::comparisonRow(runningRuns(runs), reference, runs[reference].run->state().t, row);
    for (std::size_t i = 0; i < runs.size(); ++i) {
      const double position = row[session::comparisonChannel(i, session::kDifferencePosition)];
      const double rotation = row[session::comparisonChannel(i, session::kDifferenceRotation)];
      session::RunDifference& largest = runs[i].largestDifference;
      if (std::isfinite(position)) largest.position = std::max(largest.position, position);
      if (std::isfinite(rotation)) largest.rotation = std::max(largest.rotation, rotation);
    }
    series.push(row.data());
  };
  addRow();
  for (long k = 1; k <= outputs; ++k) {
    for (ComparedRun& r : runs)
      session::catchUp(*r.run, static_cast<double>(k) * period, [&r](const Run& run) { r.iterations.add(run.state().outputs.iterations); });
    addRow();
  }
  for (ComparedRun& r : runs) {
    r.run->advance(r.run->plan().steps - r.run->stepsTaken(),
                   [&r](const Run& run) { r.iterations.add(run.state().outputs.iterations); });
    if (!r.run->failed()) r.run->finishRecording();
  }
}

TableRow tableRow(const ComparedRun& r) {
  const Run& run = *r.run;
  const EnergyWatch& energy = run.monitor().energy;
  const double scale = session::energyChangeScale(energy);
  const double end = std::abs(energy.last - energy.start());
  const long steps = run.stepsTaken();
  TableRow row;
  row.name = r.name;
  row.spec = r.spec;
  row.label = session::runLabel(run.plan());
  row.backend = run.backend().name;
  row.integrator = run.plan().integrator.name();
  row.dt = run.plan().dt;
  row.steps = steps;
  row.energyLargest = energy.largestChange;
  row.energyLargestRelative = energy.largestChange / scale;
  row.energyEnd = end;
  row.energyEndRelative = end / scale;
  row.drift = run.monitor().drift.position;
  row.difference = r.largestDifference;
  if (r.iterations.largest >= 0) {
    row.iterationsMean = r.iterations.mean();
    row.iterationsLargest = r.iterations.largest;
  }
  row.secondsPerStep = steps > 0 ? run.stepWallSeconds() / static_cast<double>(steps) : 0.0;
  if (run.failed()) row.failure = run.failure();
  if (!run.monitor().blowUp.empty()) row.notTrusted = run.monitor().blowUp;
  return row;
}

}  // namespace articulab::compare
