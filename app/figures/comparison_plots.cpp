#include "app/figures/comparison_plots.hpp"

namespace articulab::figures {

namespace {

using session::comparisonChannel;

const Colour kRunPalette[] = {{0.17f, 0.63f, 0.17f}, {0.58f, 0.40f, 0.74f}, {1.0f, 0.5f, 0.05f},  {0.12f, 0.47f, 0.71f},
                              {0.84f, 0.15f, 0.16f}, {0.55f, 0.34f, 0.29f}, {0.89f, 0.47f, 0.76f}, {0.50f, 0.50f, 0.50f},
                              {0.74f, 0.74f, 0.13f}, {0.09f, 0.75f, 0.81f}};

PlotSpec runsPlot(std::string title, std::string yLabel, const std::vector<ComparedRunStyle>& runs,
                  session::ComparisonQuantity quantity, AxisScale scale, double floor, std::size_t skipped) {
  PlotSpec plot{std::move(title), std::move(yLabel), {}};
  plot.scale = scale;
  plot.floor = floor;
  plot.source = PlotSource::Comparison;
  for (std::size_t i = 0; i < runs.size(); ++i)
    if (runs[i].shown && i != skipped) plot.series.push_back({comparisonChannel(i, quantity), runs[i].colour, runs[i].label});
  return plot;
}

}  // namespace

Colour runColour(std::size_t index) { return kRunPalette[index % (sizeof kRunPalette / sizeof kRunPalette[0])]; }

bool runColourRepeats(std::size_t index) { return index >= sizeof kRunPalette / sizeof kRunPalette[0]; }

const char* energyViewName(EnergyView view) {
  switch (view) {
    case EnergyView::Absolute: return "absolute";
    case EnergyView::Change: return "change";
    case EnergyView::Relative: return "relative";
  }
  return "?";
}

bool parseEnergyView(const std::string& name, EnergyView& view) {
  for (EnergyView v : {EnergyView::Absolute, EnergyView::Change, EnergyView::Relative})
    if (name == energyViewName(v)) {
      view = v;
      return true;
    }
  return false;
}

PlotSpec comparisonEnergyPlot(const std::vector<ComparedRunStyle>& runs, EnergyView view,
                              const session::ComparisonFloors& floors) {
  if (view == EnergyView::Change)
    return runsPlot("Energy change E - E0", "E - E0 [J]", runs, session::kEnergyChange, AxisScale::SymLog, 0.0, runs.size());
  return runsPlot("Energy error |E - E0| / K_max", "relative [1]", runs, session::kEnergyChangeRelative, AxisScale::Log,
                  floors.relativeEnergy, runs.size());
}

PlotSpec comparisonDriftPlot(const std::vector<ComparedRunStyle>& runs, const session::ComparisonFloors& floors) {
  return runsPlot("Constraint drift", "position drift [m]", runs, session::kComparedDrift, AxisScale::Log, floors.position,
                  runs.size());
}

PlotSpec comparisonDifferencePlot(const std::vector<ComparedRunStyle>& runs, std::size_t reference,
                                  const session::ComparisonFloors& floors) {
  const std::string against = reference < runs.size() ? runs[reference].label : "?";
  return runsPlot("Difference to " + against, "body frames apart [m]", runs, session::kDifferencePosition, AxisScale::Log,
                  floors.position, reference);
}

}  // namespace articulab::figures
