// articulab compare SCENE --runs "baraff:semi-implicit,redmax:rk4,...": the runs of one scene
// side by side (issue 32), stepped in lockstep through the comparison (app/compare), its table
// printed, with each run's CSV, the comparison series and the comparison figure.
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
#include "app/compare/comparison.hpp"
#include "app/figures/comparison_plots.hpp"
#include "app/figures/plot_export.hpp"
#include "app/session/comparison_series.hpp"
#include "app/session/csv_export.hpp"
#include "app/session/run_spec.hpp"

namespace articulab::cli {

namespace {

using compare::ComparedRun;
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

std::vector<compare::ComparedRun> startRuns(const CompareOptions& o, std::ostream& err) {
  const auto model = std::make_shared<const Model>(loadModel(o.scene, o.overrides, o.import));
  try {
    return compare::startRuns(model, o.runs, o.base, [&err](const std::string& warning) { err << "warning: " << warning << '\n'; });
  } catch (const compare::ComparisonError& e) {
    throw UsageError("--" + e.field() + ": " + e.what());
  }
}

std::size_t referenceIndex(const CompareOptions& o, const std::vector<compare::ComparedRun>& runs) {
  try {
    return compare::referenceIndex(o.reference, runs);
  } catch (const compare::ComparisonError& e) {
    throw UsageError("--" + e.field() + ": " + e.what());
  }
}

std::string number(const char* pattern, double value) {
  char text[48];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

void printTable(std::ostream& out, const CompareOptions& o, const std::vector<ComparedRun>& runs, std::size_t reference) {
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
    const compare::TableRow r = compare::tableRow(runs[i]);
    out << std::setw(3) << i + 1 << ' ' << std::left << std::setw(24) << r.name << std::right << std::setw(13)
        << number("%.6g", r.energyLargest) << std::setw(10) << number("%.3g", r.energyLargestRelative) << std::setw(13)
        << number("%.6g", r.energyEnd) << std::setw(10) << number("%.3g", r.energyEndRelative) << std::setw(13)
        << number("%.6g", r.drift) << std::setw(13) << number("%.6g", r.difference.position) << std::setw(11)
        << number("%.3g", r.difference.rotation) << std::setw(9)
        << (r.iterationsMean ? number("%.3g", *r.iterationsMean) : "-") << std::setw(6)
        << (r.iterationsLargest ? std::to_string(*r.iterationsLargest) : "-") << std::setw(11)
        << number("%.4g", 1e6 * r.secondsPerStep) << "  " << (r.failure ? "diverged" : r.notTrusted ? "not trusted" : "ok")
        << '\n';
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

std::string jsonValue(const std::string& text) { return jsonString(text); }
std::string jsonValue(double v) { return std::isfinite(v) ? number("%.17g", v) : "null"; }
std::string jsonValue(long v) { return std::to_string(v); }
template <class T>
std::string jsonValue(const std::optional<T>& v) {
  return v ? jsonValue(*v) : "null";
}

// One run's object on lines of its own, the fields of compare::visitFields.
void printJsonRun(std::ostream& out, const compare::TableRow& row) {
  const char* separator = "";
  out << "    {";
  compare::visitFields(
      row,
      [&](const char* name, const auto& value) {
        out << separator << '"' << name << "\": " << jsonValue(value);
        separator = ", ";
      },
      [&] { separator = ",\n     "; });
  out << "}";
}

void printJson(std::ostream& out, const CompareOptions& o, const std::vector<ComparedRun>& runs, std::size_t reference) {
  out << "{\n  \"scene\": " << jsonString(o.scene) << ",\n  \"duration\": " << jsonValue(runs.front().run->plan().duration)
      << ",\n  \"reference\": " << reference + 1 << ",\n  \"runs\": [\n";
  for (std::size_t i = 0; i < runs.size(); ++i) {
    printJsonRun(out, compare::tableRow(runs[i]));
    out << (i + 1 < runs.size() ? ",\n" : "\n");
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
  session::TimeSeries series = compare::comparisonSeries(runs);
  compare::runAll(runs, reference, series, o.columns, o.every);
  bool diverged = false;
  for (const ComparedRun& r : runs) diverged = diverged || r.run->failed();
  if (o.csvDir) writeCsvFiles(*o.csvDir, o, runs, series);
  if (o.figure) writeFigure(*o.figure, o, runs, reference, series);
  if (o.json) printJson(out, o, runs, reference);
  else printTable(out, o, runs, reference);
  return diverged ? 3 : 0;
}

}  // namespace articulab::cli
