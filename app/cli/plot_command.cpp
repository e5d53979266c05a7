// articulab plot RESULTS --work-precision | --convergence | --scaling [-o FILE]: the figures of a
// study's results store (app/study) through the figure export (app/figures/xy_plot.hpp): one
// line per back-end and integrator (and scene point), log-log, the fitted power in the legend.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/last_resort.hpp"
#include "app/cli/output_file.hpp"
#include "app/figures/comparison_plots.hpp"
#include "app/figures/plot_export.hpp"
#include "app/figures/xy_plot.hpp"
#include "app/study/power_fit.hpp"
#include "app/study/study_store.hpp"

namespace articulab::cli {

namespace {

enum class PlotKind { None, WorkPrecision, Convergence, Scaling };

struct PlotOptions {
  std::string results, output, parameter = "n";
  PlotKind kind = PlotKind::None;
};

const char* kindName(PlotKind kind) {
  switch (kind) {
    case PlotKind::WorkPrecision: return "work-precision";
    case PlotKind::Convergence: return "convergence";
    case PlotKind::Scaling: return "scaling";
    case PlotKind::None: break;
  }
  return "";
}

void setKind(PlotOptions& o, PlotKind kind) {
  if (o.kind != PlotKind::None && o.kind != kind)
    throw UsageError("'plot' draws one figure: --" + std::string(kindName(o.kind)) + " or --" + kindName(kind));
  o.kind = kind;
}

PlotOptions parsePlotOptions(const std::vector<std::string>& args) {
  PlotOptions o;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--work-precision") setKind(o, PlotKind::WorkPrecision);
    else if (a == "--convergence") setKind(o, PlotKind::Convergence);
    else if (a == "--scaling") setKind(o, PlotKind::Scaling);
    else if (a == "-o" || a == "--output") o.output = flagValue(args, i, true);
    else if (a == "--parameter") o.parameter = flagValue(args, i);
    else if (a.rfind("-", 0) == 0) throw UsageError("unknown flag '" + a + "' for 'plot' (see articulab --help)");
    else if (o.results.empty()) o.results = a;
    else throw UsageError("unexpected argument '" + a + "': 'plot' takes one results folder (or its results.csv)");
  }
  if (o.results.empty()) throw UsageError("'plot' needs a study's results, e.g. articulab plot convergence-results --convergence");
  if (o.kind == PlotKind::None) throw UsageError("'plot' needs a figure: --work-precision, --convergence or --scaling");
  if (std::filesystem::path(o.results).filename() == "results.csv")
    o.results = std::filesystem::path(o.results).parent_path().string();
  if (o.output.empty()) o.output = (std::filesystem::path(o.results) / (std::string(kindName(o.kind)) + ".png")).string();
  return o;
}

std::string plotNumber(const char* pattern, double value) {
  char text[48];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

// The run spec without its step ("redmax:rk4@dt=0.01@x=1" -> "@x=1"): the settings of a line.
std::string specSettings(const std::string& spec) {
  std::string out;
  std::stringstream parts(spec);
  std::string part;
  std::getline(parts, part, '@');  // BACKEND[:INTEGRATOR]
  while (std::getline(parts, part, '@'))
    if (part.rfind("dt=", 0) != 0) out += " " + part;
  return out;
}

// A parameter's value from "n=5 m=2"; NaN when absent.
double parameterValue(const std::string& parameters, const std::string& name) {
  std::stringstream words(parameters);
  std::string word;
  while (words >> word)
    if (word.rfind(name + "=", 0) == 0) return std::strtod(word.c_str() + name.size() + 1, nullptr);
  return std::nan("");
}


// The rows of each line: a back-end, integrator and settings, with the scene point where the
// study has more than one (scaling: the scene's other parameters and the step).
std::map<std::string, std::vector<const study::StudyRow*>> lines(const std::vector<study::StudyRow>& rows,
                                                                 const PlotOptions& o) {
  bool manyPoints = false;
  for (const study::StudyRow& r : rows)
    manyPoints = manyPoints || r.scene != rows.front().scene || r.parameters != rows.front().parameters;
  std::map<std::string, std::vector<const study::StudyRow*>> out;
  for (const study::StudyRow& r : rows) {
    if (!study::finished(r.status)) continue;
    std::string name = r.backend + " " + r.integrator + specSettings(r.run);
    if (o.kind == PlotKind::Scaling) name += ", dt " + plotNumber("%g", r.dt);
    else if (manyPoints) name = std::filesystem::path(r.scene).stem().string() + (r.parameters.empty() ? "" : " " + r.parameters) + ": " + name;
    out[name].push_back(&r);
  }
  return out;
}

// The line's points in increasing x, so that it is drawn left to right.
void sortByX(figures::XYLine& line) {
  std::vector<std::size_t> order(line.x.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return line.x[a] < line.x[b]; });
  figures::XYLine sorted{line.label, line.colour, {}, {}, {}, line.dashed};
  for (std::size_t i : order) {
    sorted.x.push_back(line.x[i]);
    sorted.y.push_back(line.y[i]);
    if (i < line.pointLabels.size()) sorted.pointLabels.push_back(line.pointLabels[i]);
  }
  line = std::move(sorted);
}

figures::XYFigure figureOf(const std::vector<study::StudyRow>& rows, const PlotOptions& o) {
  figures::XYFigure figure;
  const std::string scene = rows.empty() ? "" : std::filesystem::path(rows.front().scene).stem().string();
  std::size_t index = 0;
  for (const auto& [name, members] : lines(rows, o)) {
    figures::XYLine line{name, figures::runColour(index), {}, {}, {}, figures::runColourRepeats(index)};
    ++index;
    for (const study::StudyRow* r : members) {
      if (o.kind == PlotKind::WorkPrecision) {
        line.x.push_back(r->cpuPerStep / r->dt);
        line.y.push_back(r->errorLargest());
        line.pointLabels.push_back("dt " + plotNumber("%g", r->dt));
      } else if (o.kind == PlotKind::Convergence) {
        line.x.push_back(r->dt);
        line.y.push_back(r->errorLargest());
      } else {
        line.x.push_back(parameterValue(r->parameters, o.parameter));
        line.y.push_back(r->cpuPerStep);
      }
    }
    sortByX(line);
    const study::PowerFit fit = study::fitPower(line.x, line.y);
    if (fit.valid())
      line.label += " (" + std::string(o.kind == PlotKind::Convergence ? "order " : o.kind == PlotKind::Scaling ? "exponent " : "slope ") +
                    plotNumber("%.2f", fit.exponent) + ")";
    figure.lines.push_back(std::move(line));
  }
  const std::string at = rows.empty() || rows.front().outputTimes.empty() ? "" : plotNumber("%g", rows.front().outputTimes.back());
  const std::size_t times = rows.empty() ? 0 : rows.front().outputTimes.size();
  const std::string error = times > 1 ? "largest error at " + std::to_string(times) + " output times to " + at + " s [m]"
                                      : "error at t = " + at + " s [m]";
  if (o.kind == PlotKind::WorkPrecision) {
    figure.title = scene + ": work against precision";
    figure.xLabel = "CPU time per simulated second [s]";
    figure.yLabel = error;
  } else if (o.kind == PlotKind::Convergence) {
    figure.title = scene + ": convergence";
    figure.xLabel = "dt [s]";
    figure.yLabel = error;
  } else {
    figure.title = scene + ": cost of a step";
    figure.xLabel = o.parameter;
    figure.yLabel = "CPU time per step [s]";
  }
  figure.subtitle = std::to_string(rows.size()) + " runs; error: largest body frame distance to the reference (" +
                    (rows.empty() ? std::string() : rows.front().reference) + ")";
  if (o.kind == PlotKind::Scaling) figure.subtitle = std::to_string(rows.size()) + " runs; fitted power of " + o.parameter;
  return figure;
}

}  // namespace

int plotCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream&) {
  const PlotOptions o = parsePlotOptions(args);
  std::string error;
  if (!figures::figureFormatKnown(o.output, error)) throw UsageError("-o: " + error);
  std::error_code ec;
  if (!std::filesystem::is_directory(std::filesystem::path(o.results) / "runs", ec))
    throw UsageError("'" + o.results + "' is not a study's results folder (no runs/ in it)");
  std::vector<study::StudyRow> rows;
  try {
    rows = study::StudyStore(o.results).allRows();
  } catch (const study::StoreError& e) {
    throw UsageError(e.what());
  }
  const figures::XYFigure figure = figureOf(rows, o);
  const OutputFile file("-o", o.output, {});
  if (!figures::exportXYFigure(o.output, figure, error)) throw UsageError("-o: " + error);
  out << kindName(o.kind) << " figure of " << rows.size() << " runs: " << o.output << '\n';
  for (const figures::XYLine& line : figure.lines) out << "  " << line.label << '\n';
  return kExitOk;
}

}  // namespace articulab::cli
