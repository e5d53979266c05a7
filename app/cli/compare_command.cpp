// articulab compare SCENE --runs "baraff:semi-implicit,redmax:rk4,...": the runs of one scene
// side by side (issue 32), stepped in lockstep over the same simulated time through the Run
// (app/session/run_comparison.hpp), summarised in one table, with each run's CSV, the comparison
// series and the comparison figure.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <memory>
#include <optional>
#include <sstream>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/output_file.hpp"
#include "app/figures/comparison_plots.hpp"
#include "app/figures/plot_export.hpp"
#include "app/session/comparison_series.hpp"
#include "app/session/csv_export.hpp"
#include "app/session/run_spec.hpp"
#include "app/session/run_comparison.hpp"

namespace articulab::cli {

namespace {

using session::RunSpec;

struct CompareOptions {
  std::string scene;
  std::vector<RunSpec> runs;
  std::string reference;  // a run's number (1: the first) or name; empty: the first
  RunRequest base;        // duration, blow-up policy
  long every = 1;
  RecorderColumns columns;
  ParameterOverrides overrides;
  ImportOptions import;  // --package-path, --floating-root of a URDF or MJCF
  std::optional<std::string> csvDir, figure;
  bool json = false;
};

void addRuns(const std::string& flag, const std::string& text, std::vector<RunSpec>& runs) {
  try {
    for (RunSpec& spec : session::parseRunSpecList(text)) runs.push_back(std::move(spec));
  } catch (const session::RunSpecError& e) {
    throw UsageError(flag + ": " + e.what());
  }
}

CompareOptions parseCompareOptions(const std::vector<std::string>& args) {
  CompareOptions o;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (parseImportFlag(args, i, o.import)) continue;
    if (a == "--runs" || a == "--run") addRuns(a, flagValue(args, i), o.runs);
    else if (a == "--reference") o.reference = flagValue(args, i);
    else if (a == "--duration") o.base.duration = parseNumber(a, flagValue(args, i), true);
    else if (a == "--every") o.every = parseCount(a, flagValue(args, i));
    else if (a == "--record") o.columns = parseColumns(flagValue(args, i));
    else if (a == "--set") parseOverride(flagValue(args, i), o.overrides);
    else if (a == "--csv-dir") o.csvDir = flagValue(args, i);
    else if (a == "--figure") o.figure = flagValue(args, i);
    else if (a == "--json") o.json = true;
    else if (a == "--on-blow-up") o.base.stopOnBlowUp = parseBlowUpPolicy(flagValue(args, i));
    else if (a.rfind("--", 0) == 0) throw UsageError("unknown flag '" + a + "' for 'compare' (see articulab --help)");
    else if (o.scene.empty()) o.scene = a;
    else throw UsageError("unexpected argument '" + a + "': 'compare' takes one scene file");
  }
  if (o.scene.empty())
    throw UsageError("'compare' needs a scene file, e.g. articulab compare scenes/four_bar.json --runs baraff,redmax:rk4");
  if (o.runs.empty())
    throw UsageError("'compare' needs runs: --runs \"BACKEND[:INTEGRATOR][@dt=SECONDS][@SETTING=VALUE],...\" or --run SPEC");
  return o;
}

// A run of the comparison with what the table reports besides the Run's monitor.
struct ComparedRun {
  std::string name;
  std::unique_ptr<Run> run;
  session::IterationTally iterations;
};

std::vector<ComparedRun> startRuns(const CompareOptions& o, std::ostream& err) {
  const auto model = std::make_shared<const Model>(loadModel(o.scene, o.overrides, o.import));
  std::vector<ComparedRun> runs;
  std::vector<session::RunNameParts> parts;
  for (std::size_t i = 0; i < o.runs.size(); ++i) {
    const RunSpec& spec = o.runs[i];
    try {
      runs.push_back({"", std::make_unique<Run>(model, session::specRequest(spec, o.base)), {}});
    } catch (const RunRefusal& refused) {
      throw UsageError("--runs: run " + std::to_string(i + 1) + " '" + spec.text + "': " +
                       (refused.field().empty() ? "" : refused.field() + ": ") + refused.what());
    }
    const RunPlan& plan = runs.back().run->plan();
    for (const std::string& warning : plan.support.warnings) err << "warning: run " << i + 1 << ": " << warning << '\n';
    parts.push_back(session::nameParts(plan));
  }
  const std::vector<std::string> names = session::runNames(parts);
  for (std::size_t i = 0; i < runs.size(); ++i) runs[i].name = names[i];
  return runs;
}

std::size_t referenceIndex(const CompareOptions& o, const std::vector<ComparedRun>& runs) {
  if (o.reference.empty()) return 0;
  for (std::size_t i = 0; i < runs.size(); ++i)
    if (runs[i].name == o.reference || std::to_string(i + 1) == o.reference) return i;
  std::string names;
  for (std::size_t i = 0; i < runs.size(); ++i) names += (i ? ", " : "") + std::to_string(i + 1) + " " + runs[i].name;
  throw UsageError("--reference: no run '" + o.reference + "' (expected a number or a name: " + names + ")");
}

// The common output period: the largest step, so that every run whose step divides it meets the
// others there.
double outputPeriod(const std::vector<ComparedRun>& runs) {
  double period = 0.0;
  for (const ComparedRun& r : runs) period = std::max(period, r.run->plan().dt);
  return period;
}

std::vector<const Run*> runningRuns(const std::vector<ComparedRun>& runs) {
  std::vector<const Run*> out;
  for (const ComparedRun& r : runs) out.push_back(r.run->failed() ? nullptr : r.run.get());
  return out;
}

// Steps every run over the same simulated time, the comparison series a row at each common
// output time; each run ends at its own step count (duration / dt), as `articulab run` does.
void runAll(std::vector<ComparedRun>& runs, std::size_t reference, session::TimeSeries& series,
            std::vector<session::RunDifference>& largest) {
  const double period = outputPeriod(runs);
  const double duration = runs.front().run->plan().duration;
  const long outputs = std::lround(duration / period);
  std::vector<double> row;
  const auto addRow = [&] {
    session::comparisonRow(runningRuns(runs), reference, runs[reference].run->state().t, row);
    for (std::size_t i = 0; i < runs.size(); ++i) {
      const double position = row[session::comparisonChannel(i, session::kDifferencePosition)];
      const double rotation = row[session::comparisonChannel(i, session::kDifferenceRotation)];
      if (std::isfinite(position)) largest[i].position = std::max(largest[i].position, position);
      if (std::isfinite(rotation)) largest[i].rotation = std::max(largest[i].rotation, rotation);
    }
    series.push(row.data());
  };
  addRow();
  for (long k = 1; k <= outputs; ++k) {
    for (ComparedRun& r : runs)
      session::catchUp(*r.run, static_cast<double>(k) * period, [&r](const Run& run) { r.iterations.add(run.state().outputs.iterations); });
    addRow();
  }
  for (ComparedRun& r : runs)
    r.run->advance(r.run->plan().steps - r.run->stepsTaken(),
                   [&r](const Run& run) { r.iterations.add(run.state().outputs.iterations); });
}

std::string number(const char* pattern, double value) {
  char text[48];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

struct RunFigures {
  double largest, largestRelative, end, endRelative;  // |E - E0|, J and x the largest kinetic energy
  double drift;                                       // m
  session::RunDifference difference;                           // to the reference run
  double usPerStep;
};

RunFigures figuresOf(const ComparedRun& r, const session::RunDifference& difference) {
  const Run& run = *r.run;
  const EnergyWatch& energy = run.monitor().energy;
  const double scale = session::energyChangeScale(energy);
  const double end = std::abs(energy.last - energy.start());
  const long steps = run.stepsTaken();
  return {energy.largestChange, energy.largestChange / scale, end, end / scale, run.monitor().drift.position, difference,
          steps > 0 ? 1e6 * run.stepWallSeconds() / static_cast<double>(steps) : 0.0};
}

void printTable(std::ostream& out, const CompareOptions& o, const std::vector<ComparedRun>& runs, std::size_t reference,
                const std::vector<session::RunDifference>& differences) {
  const Model& model = runs.front().run->model();
  out << "scene       " << o.scene << " (" << model.name << ", " << model.bodyCount() << " bodies, " << model.nq << " DOF), "
      << number("%g", runs.front().run->plan().duration) << " s simulated, difference to run " << reference + 1 << " ("
      << runs[reference].name << ")\n";
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const Run& run = *runs[i].run;
    out << "run " << i + 1 << "       " << runs[i].name << ": " << session::runLabel(run.plan());
    if (run.controlsDrift()) out << ", drift control " << driftControlName(run.plan().options.driftControl);
    out << '\n';
  }
  out << "\n  # " << std::left << std::setw(24) << "name" << std::right << std::setw(13) << "max|E-E0| J" << std::setw(10)
      << "rel" << std::setw(13) << "end|E-E0| J" << std::setw(10) << "rel" << std::setw(13) << "max drift m" << std::setw(13)
      << "max diff m" << std::setw(11) << "diff rad" << std::setw(9) << "iter" << std::setw(6) << "max" << std::setw(11)
      << "us/step" << "  status\n";
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const RunFigures f = figuresOf(runs[i], differences[i]);
    const session::IterationTally& it = runs[i].iterations;
    const Run& run = *runs[i].run;
    out << std::setw(3) << i + 1 << ' ' << std::left << std::setw(24) << runs[i].name << std::right << std::setw(13)
        << number("%.6g", f.largest) << std::setw(10) << number("%.3g", f.largestRelative) << std::setw(13)
        << number("%.6g", f.end) << std::setw(10) << number("%.3g", f.endRelative) << std::setw(13)
        << number("%.6g", f.drift) << std::setw(13) << number("%.6g", f.difference.position) << std::setw(11)
        << number("%.3g", f.difference.rotation) << std::setw(9) << (it.largest < 0 ? "-" : number("%.3g", it.mean()))
        << std::setw(6) << (it.largest < 0 ? "-" : std::to_string(it.largest)) << std::setw(11)
        << number("%.4g", f.usPerStep) << "  "
        << (run.failed() ? "diverged" : run.monitor().blowUp.empty() ? "ok" : "not trusted") << '\n';
  }
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const Run& run = *runs[i].run;
    if (run.failed()) out << "run " << i + 1 << " (" << runs[i].name << ") stopped: " << run.failure() << '\n';
    else if (!run.monitor().blowUp.empty()) out << "run " << i + 1 << " (" << runs[i].name << ") not trusted: " << run.monitor().blowUp << '\n';
  }
}

std::string jsonString(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) out += ' ';
    else out += c;
  }
  return out + "\"";
}

std::string jsonNumber(double v) { return std::isfinite(v) ? number("%.17g", v) : "null"; }

void printJson(std::ostream& out, const CompareOptions& o, const std::vector<ComparedRun>& runs, std::size_t reference,
               const std::vector<session::RunDifference>& differences) {
  out << "{\n  \"scene\": " << jsonString(o.scene) << ",\n  \"duration\": " << jsonNumber(runs.front().run->plan().duration)
      << ",\n  \"reference\": " << reference + 1 << ",\n  \"runs\": [\n";
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const Run& run = *runs[i].run;
    const RunFigures f = figuresOf(runs[i], differences[i]);
    const session::IterationTally& it = runs[i].iterations;
    out << "    {\"name\": " << jsonString(runs[i].name) << ", \"spec\": " << jsonString(o.runs[i].text)
        << ", \"label\": " << jsonString(session::runLabel(run.plan())) << ", \"backend\": " << jsonString(run.backend().name)
        << ", \"integrator\": " << jsonString(run.plan().integrator.name()) << ", \"dt\": " << jsonNumber(run.plan().dt)
        << ", \"steps\": " << run.stepsTaken() << ",\n     \"energy_change_largest\": " << jsonNumber(f.largest)
        << ", \"energy_change_largest_relative\": " << jsonNumber(f.largestRelative)
        << ", \"energy_change_end\": " << jsonNumber(f.end) << ", \"energy_change_end_relative\": " << jsonNumber(f.endRelative)
        << ",\n     \"drift_position_largest\": " << jsonNumber(f.drift)
        << ", \"difference_position_largest\": " << jsonNumber(f.difference.position)
        << ", \"difference_rotation_largest\": " << jsonNumber(f.difference.rotation)
        << ",\n     \"iterations_mean\": " << (it.largest < 0 ? "null" : jsonNumber(it.mean()))
        << ", \"iterations_largest\": " << (it.largest < 0 ? "null" : std::to_string(it.largest))
        << ", \"seconds_per_step\": " << jsonNumber(f.usPerStep * 1e-6)
        << ",\n     \"failure\": " << (run.failed() ? jsonString(run.failure()) : "null")
        << ", \"not_trusted\": " << (run.monitor().blowUp.empty() ? "null" : jsonString(run.monitor().blowUp)) << "}"
        << (i + 1 < runs.size() ? ",\n" : "\n");
  }
  out << "  ]\n}\n";
}

std::vector<figures::ComparedRunStyle> styles(const std::vector<ComparedRun>& runs) {
  std::vector<figures::ComparedRunStyle> out;
  for (std::size_t i = 0; i < runs.size(); ++i)
    out.push_back({std::to_string(i + 1) + " " + session::runLabel(runs[i].run->plan()), figures::runColour(i), true});
  return out;
}

// The comparison figure: energy |E - E0| / K_max, drift and the difference to the reference.
void writeFigure(const std::string& path, const CompareOptions& o, const std::vector<ComparedRun>& runs,
                 std::size_t reference, const session::TimeSeries& series) {
  const std::vector<figures::ComparedRunStyle> runStyles = styles(runs);
  const session::ComparisonFloors floors = session::comparisonFloors(*runs[reference].run);
  figures::Figure figure;
  figure.title = runs.front().run->model().name + ": " + std::to_string(runs.size()) + " runs compared";
  figure.subtitle = number("%g", runs.front().run->plan().duration) + " s simulated; differences to run " +
                    std::to_string(reference + 1) + " (" + runs[reference].name + ")";
  for (const figures::ComparedRunStyle& run : runStyles) figure.runs.push_back({run.label, run.colour});
  figure.plots = {figures::comparisonEnergyPlot(runStyles, figures::EnergyView::Relative, floors),
                  figures::comparisonDriftPlot(runStyles, floors),
                  figures::comparisonDifferencePlot(runStyles, reference, floors)};
  figure.time = {series.size() ? series.time(0) : 0.0, series.size() ? series.time(series.size() - 1) : 1.0};
  const OutputFile file("--figure", path, {o.scene});
  std::string error;
  if (!figures::exportFigure(path, series, figure, error, &series)) throw UsageError("--figure: " + error);
}

void writeCsvFiles(const std::string& dir, const CompareOptions& o, const std::vector<ComparedRun>& runs,
                   const session::TimeSeries& series) {
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const OutputFile file("--csv-dir", (std::filesystem::path(dir) / (runs[i].name + ".csv")).string(), {o.scene});
    file.write([&](std::ostream& out) { runs[i].run->recorder()->writeCsv(out); });
  }
  const OutputFile file("--csv-dir", (std::filesystem::path(dir) / "comparison.csv").string(), {o.scene});
  file.write([&](std::ostream& out) { session::writeCsv(series, out); });
  // What produced each file: the run's back-end, integrator, step and settings.
  const OutputFile index("--csv-dir", (std::filesystem::path(dir) / "runs.csv").string(), {o.scene});
  index.write([&](std::ostream& out) {
    out << "run,name,file,back-end,integrator,dt [s],label\n";
    for (std::size_t i = 0; i < runs.size(); ++i) {
      const RunPlan& plan = runs[i].run->plan();
      out << i + 1 << ',' << runs[i].name << ',' << runs[i].name << ".csv," << plan.backend->name << ','
          << plan.integrator.name() << ',' << number("%.17g", plan.dt) << ",\"" << session::runLabel(plan) << "\"\n";
    }
  });
}

}  // namespace

int compareCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const CompareOptions o = parseCompareOptions(args);
  if (o.figure) {
    std::string error;
    if (!figures::figureFormatKnown(*o.figure, error)) throw UsageError("--figure: " + error);
    OutputFile("--figure", *o.figure, {o.scene});
  }
  if (o.csvDir) {
    std::error_code ec;
    std::filesystem::create_directories(*o.csvDir, ec);
    if (ec) throw UsageError("--csv-dir: cannot create " + *o.csvDir + ": " + ec.message());
  }
  std::vector<ComparedRun> runs = startRuns(o, err);
  const std::size_t reference = referenceIndex(o, runs);
  std::vector<std::string> names;
  for (const ComparedRun& r : runs) names.push_back(r.name);
  for (ComparedRun& r : runs) r.run->record(o.columns, o.every);
  const double period = outputPeriod(runs);
  session::TimeSeries series(session::comparisonChannels(names),
                             static_cast<std::size_t>(std::lround(runs.front().run->plan().duration / period)) + 2);
  std::vector<session::RunDifference> differences(runs.size());
  runAll(runs, reference, series, differences);
  bool diverged = false;
  for (ComparedRun& r : runs) {
    if (!r.run->failed()) r.run->finishRecording();
    diverged = diverged || r.run->failed();
  }
  if (o.csvDir) writeCsvFiles(*o.csvDir, o, runs, series);
  if (o.figure) writeFigure(*o.figure, o, runs, reference, series);
  if (o.json) printJson(out, o, runs, reference, differences);
  else printTable(out, o, runs, reference, differences);
  return diverged ? 3 : 0;
}

}  // namespace articulab::cli
